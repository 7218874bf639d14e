import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import type { CatalogInclude } from "@core/contract/catalogs";
import { keptWhileUnchanged } from "../db/unchanged";
import { callerOf, requestStamp } from "../http/caller";
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

  /**
   * A catalog with its pages, hitboxes and their products, kept while the database is unchanged
   * (db/unchanged.ts, decision 046): every view of a spread reads the whole catalog, and nothing in
   * it reads the clock or the caller's user (its products are priced for every shopper alike).
   */
  const catalog = keptWhileUnchanged(
    (brandId: number, id: number, include: ReadonlySet<CatalogInclude>) =>
      JSON.stringify([brandId, id, [...include].sort()]),
    async (k, brandId, id, include) => item(await getCatalog(k, brandId, id, new Set(include))),
    // A catalog with every hitbox's product is some 50–100 KB; a department runs one or two.
    50,
  );

  mount(router, CALLS.catalog, async ({ ids, query, res }) =>
    catalog.at(
      db.kysely,
      await requestStamp(res, db),
      callerOf(res).brandId,
      ids.id,
      query.include,
    ),
  );

  mount(router, CALLS.catalogPage, async ({ ids, query, res }) =>
    item(await getPage(db.kysely, callerOf(res).brandId, ids.id, query.include)),
  );

  return router;
}
