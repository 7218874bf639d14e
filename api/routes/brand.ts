import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { parseBody, queryId } from "../http/validation";
import { getBrand, serializeBrand } from "../services/brands";
import { findStore } from "../services/stores";

/** GET brand, GET/PUT home-store, GET geolocate: what the storefront needs to place a shopper. */
export function brandRouter({ db, geocoder }: ApiContext) {
  const router = Router();

  router.get(
    "/brand",
    route(async (_req, res) =>
      item(serializeBrand(await getBrand(db.kysely, callerOf(res).brandId))),
    ),
  );

  router.get(
    "/home-store",
    route(async (_req, res) => {
      const caller = callerOf(res);
      const key = await db.kysely
        .selectFrom("api_keys")
        .select("home_store_id")
        .where("id", "=", caller.apiKeyId)
        .executeTakeFirstOrThrow();
      const brand = await getBrand(db.kysely, caller.brandId);
      return item({ id: key.home_store_id ?? brand.default_store_id });
    }),
  );

  router.put(
    "/home-store",
    route(async (req, res) => {
      const caller = callerOf(res);
      const { id } = parseBody(z.object({ id: queryId }), req);
      const store = await findStore(db.kysely, caller.brandId, id);
      await db.kysely
        .updateTable("api_keys")
        .set({ home_store_id: store.id })
        .where("id", "=", caller.apiKeyId)
        .execute();
      return item({ id: store.id });
    }),
  );

  router.get(
    "/geolocate",
    route(async (req, res) => {
      const brand = await getBrand(db.kysely, callerOf(res).brandId);
      const point = await geocoder.locateIp(req.ip, {
        latitude: brand.default_latitude,
        longitude: brand.default_longitude,
      });
      return item(point);
    }),
  );

  return router;
}
