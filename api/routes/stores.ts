import { Router } from "express";
import { StoreQuerySchema, StoresQuerySchema } from "@core/contract/stores";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, list, route } from "../http/handler";
import { parseQuery, pathId } from "../http/validation";
import { getStore, listStores } from "../services/stores";

export function storesRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/stores",
    route(async (req, res) => {
      const q = parseQuery(StoresQuerySchema, req);
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
    }),
  );

  router.get(
    "/stores/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "store");
      const { include } = parseQuery(StoreQuerySchema, req);
      return item(await getStore(db.kysely, callerOf(res).brandId, id, include));
    }),
  );

  return router;
}
