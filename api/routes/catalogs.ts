import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, list } from "../http/handler";
import { mount } from "../http/mount";
import { getCatalog, getPage, listCatalogs } from "../services/catalogs";
import { findDepartment } from "../services/departments";

export function catalogsRouter({ db }: ApiContext) {
  const router = Router();

  mount(router, CALLS.catalogs, async ({ query: { department }, res }) => {
    const caller = callerOf(res);
    await findDepartment(db.kysely, caller.brandId, department);
    return list(await listCatalogs(db.kysely, caller.brandId, department));
  });

  mount(router, CALLS.catalog, async ({ ids, query, res }) =>
    item(await getCatalog(db.kysely, callerOf(res).brandId, ids.id, query.include)),
  );

  mount(router, CALLS.catalogPage, async ({ ids, query, res }) =>
    item(await getPage(db.kysely, callerOf(res).brandId, ids.id, query.include)),
  );

  return router;
}
