import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { includeParam, parseQuery, pathId } from "../http/validation";
import { getCategory } from "../services/categories";
import { getDepartment } from "../services/departments";

const DepartmentQuery = z.object({
  include: includeParam([
    "categories",
    "categories.children",
    "pickup_locations",
    "featured_product",
    "store",
  ] as const),
});
const CategoryQuery = z.object({
  include: includeParam(["children", "products", "products.images", "department"] as const),
});

export function departmentsRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/departments/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "department");
      const { include } = parseQuery(DepartmentQuery, req);
      return item(await getDepartment(db.kysely, callerOf(res).brandId, id, include));
    }),
  );

  router.get(
    "/categories/:id",
    route(async (req, res) => {
      const categoryId = pathId(req, "id", "category");
      const { include } = parseQuery(CategoryQuery, req);
      const caller = callerOf(res);
      return item(
        await getCategory(db.kysely, {
          brandId: caller.brandId,
          categoryId,
          userId: caller.userId,
          include,
        }),
      );
    }),
  );

  return router;
}
