import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { invalid } from "../http/errors";
import { item, list, route } from "../http/handler";
import { coercedNumber, includeParam, parseQuery, pathId, queryId } from "../http/validation";
import { findCategoryOfDepartment } from "../services/categories";
import { findDepartment } from "../services/departments";
import { nutritionOf } from "../services/nutrition";
import { listProducts, SORTS } from "../services/product-listing";
import { findPricedProduct, getBuilder, getProduct, PRODUCT_INCLUDES } from "../services/products";

/** Department search answers at most this many products (spec §9). */
export const SEARCH_LIMIT = 50;

const InDepartment = z.object({ department_id: queryId });

const yes = z
  .enum(["0", "1", "true", "false"], { errorMap: () => ({ message: "Must be 1 or 0." }) })
  .optional()
  .transform((v) => v === "1" || v === "true");

const ListingQuery = InDepartment.extend({
  fragment: z.string().trim().max(100, "Must be at most 100 characters.").optional(),
  category_id: queryId.optional(),
  // brands[]=A&brands[]=B (bracket style); a single value arrives as a string.
  brands: z
    .union([z.string().max(100), z.array(z.string().max(100)).max(50, "At most 50 brands.")])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  specials: yes,
  favorites: yes,
  sort: z
    .enum(SORTS, { errorMap: () => ({ message: `Must be one of ${SORTS.join(", ")}.` }) })
    .optional(),
  limit: coercedNumber(
    z.coerce
      .number({ invalid_type_error: "Must be a whole number." })
      .int("Must be a whole number.")
      .min(1, "Must be at least 1.")
      .max(SEARCH_LIMIT, `Must be at most ${SEARCH_LIMIT}.`)
      .default(SEARCH_LIMIT),
  ),
  page: coercedNumber(
    z.coerce
      .number({ invalid_type_error: "Must be a whole number." })
      .int("Must be a whole number.")
      .min(1, "Must be at least 1.")
      .max(10_000, "Is too large.")
      .default(1),
  ),
});

const ProductQuery = InDepartment.extend({
  include: includeParam(PRODUCT_INCLUDES),
});

export function productsRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/products",
    route(async (req, res) => {
      const q = parseQuery(ListingQuery, req);
      const caller = callerOf(res);
      const department = await findDepartment(db.kysely, caller.brandId, q.department_id);
      if (q.category_id !== undefined) {
        const category = await findCategoryOfDepartment(db.kysely, q.category_id, department.id);
        if (!category) throw invalid({ category_id: ["Is not a category of this department."] });
      }
      const result = await listProducts(db.kysely, caller.brandId, {
        dialect: db.dialect,
        departmentId: department.id,
        userId: caller.userId,
        fragment: q.fragment,
        categoryId: q.category_id,
        brands: q.brands,
        specials: q.specials,
        favorites: q.favorites,
        sort: q.sort,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return list(result.products, {
        total: result.total,
        page: q.page,
        per_page: q.limit,
        brands: result.brands,
      });
    }),
  );

  router.get(
    "/products/:id",
    route(async (req, res) => {
      const productId = pathId(req, "id", "product");
      const q = parseQuery(ProductQuery, req);
      const caller = callerOf(res);
      await findDepartment(db.kysely, caller.brandId, q.department_id);
      return item(
        await getProduct(db.kysely, {
          brandId: caller.brandId,
          productId,
          departmentId: q.department_id,
          userId: caller.userId,
          include: q.include,
        }),
      );
    }),
  );

  router.get(
    "/products/:id/builder",
    route(async (req, res) => {
      const productId = pathId(req, "id", "product");
      const q = parseQuery(InDepartment, req);
      const caller = callerOf(res);
      await findDepartment(db.kysely, caller.brandId, q.department_id);
      const scope = {
        brandId: caller.brandId,
        departmentId: q.department_id,
        userId: caller.userId,
      };
      return item(await getBuilder(db.kysely, scope, productId));
    }),
  );

  router.get(
    "/products/:id/nutrition",
    route(async (req, res) => {
      const productId = pathId(req, "id", "product");
      const q = parseQuery(InDepartment, req);
      const caller = callerOf(res);
      const department = await findDepartment(db.kysely, caller.brandId, q.department_id);
      const product = await findPricedProduct(
        db.kysely,
        caller.brandId,
        productId,
        department.id,
        caller.userId,
      );
      return item(nutritionOf(product, Boolean(department.show_sodium_warnings)));
    }),
  );

  return router;
}
