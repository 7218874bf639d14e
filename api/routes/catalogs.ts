import { Router } from "express";
import { CatalogQuerySchema, CatalogsQuerySchema, PageQuerySchema } from "@core/contract/catalogs";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, list, route } from "../http/handler";
import { parseQuery, pathId } from "../http/validation";
import { getCatalog, getPage, listCatalogs } from "../services/catalogs";
import { findDepartment } from "../services/departments";

export function catalogsRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/catalogs",
    route(async (req, res) => {
      const { department } = parseQuery(CatalogsQuerySchema, req);
      const caller = callerOf(res);
      await findDepartment(db.kysely, caller.brandId, department);
      return list(await listCatalogs(db.kysely, caller.brandId, department));
    }),
  );

  router.get(
    "/catalogs/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "catalog");
      const { include } = parseQuery(CatalogQuerySchema, req);
      return item(await getCatalog(db.kysely, callerOf(res).brandId, id, include));
    }),
  );

  router.get(
    "/pages/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "page");
      const { include } = parseQuery(PageQuerySchema, req);
      return item(await getPage(db.kysely, callerOf(res).brandId, id, include));
    }),
  );

  return router;
}
