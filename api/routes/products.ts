import { Router } from "express";
import { CALLS, type QueryOf } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { keptWhileUnchanged } from "../db/unchanged";
import { callerOf, requestStamp } from "../http/caller";
import { invalid } from "../http/errors";
import { item, list } from "../http/handler";
import { mount } from "../http/mount";
import { findCategoryOfDepartment } from "../services/categories";
import { findDepartment } from "../services/departments";
import { nutritionOf } from "../services/nutrition";
import { listProducts } from "../services/product-listing";
import { findPricedProduct, getBuilder, getProduct } from "../services/products";

export function productsRouter({ db }: ApiContext) {
  const router = Router();

  /**
   * A page of a listing or a search, kept while the database is unchanged and the parts it is
   * made of are kept (db/unchanged.ts, decision 046): asked again, it is given again, and sent as
   * the text it was sent as before (http/handler.ts).
   */
  const listing = keptWhileUnchanged(
    (brandId: number, userId: number | null, q: QueryOf<typeof CALLS.products>) =>
      JSON.stringify([brandId, userId, q]),
    async (k, brandId, userId, q, lifetime) => {
      const department = await findDepartment(k, brandId, q.department_id);
      if (q.category_id !== undefined) {
        const category = await findCategoryOfDepartment(k, q.category_id, department.id);
        if (!category)
          throw invalid(
            { category_id: ["Is not a category of this department."] },
            undefined,
            "category_not_in_department",
          );
      }
      const result = await listProducts(
        k,
        brandId,
        {
          dialect: db.dialect,
          departmentId: department.id,
          userId,
          fragment: q.fragment,
          categoryId: q.category_id,
          brands: q.brands,
          specials: q.specials,
          favorites: q.favorites,
          sort: q.sort,
          limit: q.limit,
          offset: (q.page - 1) * q.limit,
        },
        lifetime,
      );
      return list(result.products, {
        total: result.total,
        page: q.page,
        per_page: q.limit,
        brands: result.brands,
      });
    },
    // A page of 50 is some 36 KB, and its text as much again.
    200,
  );

  mount(router, CALLS.products, async ({ query: q, res }) => {
    const caller = callerOf(res);
    const stamp = await requestStamp(res, db);
    return listing.at(db.kysely, stamp, caller.brandId, caller.userId, q);
  });

  /**
   * A product as its page asks for it, and a builder: kept like a listing's page while the database
   * is unchanged (nothing in them depends on the clock), so a product viewed again reads no rows.
   */
  const product = keptWhileUnchanged(
    (brandId: number, userId: number | null, id: number, q: QueryOf<typeof CALLS.product>) =>
      JSON.stringify([brandId, userId, id, q.department_id, [...q.include].sort()]),
    async (k, brandId, userId, id, q) => {
      const department = await findDepartment(k, brandId, q.department_id);
      return item(
        await getProduct(k, {
          showSodiumWarnings: Boolean(department.show_sodium_warnings),
          brandId,
          productId: id,
          departmentId: q.department_id,
          userId,
          include: q.include,
        }),
      );
    },
    // A product with every include is some 10 KB; the demo sells a few hundred.
    1000,
  );

  /** A builder's or nutrition's key: the caller's brand and user, the product and department. */
  const productInDepartment = (
    brandId: number,
    userId: number | null,
    id: number,
    departmentId: number,
  ) => JSON.stringify([brandId, userId, id, departmentId]);

  const builder = keptWhileUnchanged(
    productInDepartment,
    async (k, brandId, userId, id, departmentId) => {
      await findDepartment(k, brandId, departmentId);
      return item(await getBuilder(k, { brandId, departmentId, userId }, id));
    },
    200,
  );

  const nutrition = keptWhileUnchanged(
    productInDepartment,
    async (k, brandId, userId, id, departmentId) => {
      const department = await findDepartment(k, brandId, departmentId);
      const row = await findPricedProduct(k, brandId, id, department.id, userId);
      return item(nutritionOf(row, Boolean(department.show_sodium_warnings)));
    },
    1000,
  );

  mount(router, CALLS.product, async ({ ids, query: q, res }) => {
    const caller = callerOf(res);
    const stamp = await requestStamp(res, db);
    return product.at(db.kysely, stamp, caller.brandId, caller.userId, ids.id, q);
  });

  mount(router, CALLS.builder, async ({ ids, query: q, res }) => {
    const caller = callerOf(res);
    const stamp = await requestStamp(res, db);
    return builder.at(db.kysely, stamp, caller.brandId, caller.userId, ids.id, q.department_id);
  });

  mount(router, CALLS.nutrition, async ({ ids, query: q, res }) => {
    const caller = callerOf(res);
    const stamp = await requestStamp(res, db);
    return nutrition.at(db.kysely, stamp, caller.brandId, caller.userId, ids.id, q.department_id);
  });

  return router;
}
