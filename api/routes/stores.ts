import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, list } from "../http/handler";
import { mount } from "../http/mount";
import { getStore, listStores } from "../services/stores";

export function storesRouter({ db }: ApiContext) {
  const router = Router();

  mount(router, CALLS.stores, async ({ query: q, res }) => {
    const near =
      q.latitude !== undefined && q.longitude !== undefined
        ? { latitude: q.latitude, longitude: q.longitude }
        : undefined;
    const stores = await listStores(db.kysely, {
      brandId: callerOf(res).brandId,
      near,
      limit: q.limit,
      include: q.include,
    });
    return list(stores);
  });

  mount(router, CALLS.store, async ({ ids, query, res }) =>
    item(await getStore(db.kysely, callerOf(res).brandId, ids.id, query.include)),
  );

  return router;
}
