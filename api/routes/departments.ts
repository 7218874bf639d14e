import { Router } from "express";
import { CategoryQuerySchema, DepartmentQuerySchema } from "@core/contract/stores";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { parseQuery, pathId } from "../http/validation";
import { getCategory } from "../services/categories";
import { getDepartment } from "../services/departments";

export function departmentsRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/departments/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "department");
      const { include } = parseQuery(DepartmentQuerySchema, req);
      return item(await getDepartment(db.kysely, callerOf(res).brandId, id, include));
    }),
  );

  router.get(
    "/categories/:id",
    route(async (req, res) => {
      const categoryId = pathId(req, "id", "category");
      const { include } = parseQuery(CategoryQuerySchema, req);
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
