import { Router } from "express";
import { GeocodeQuerySchema, HomeStoreBodySchema } from "@core/contract/brand";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { notFound } from "../http/errors";
import { bool } from "../db/values";
import { parseBody, parseQuery } from "../http/validation";
import { homeStoreOf, setHomeStore } from "../services/api-keys";
import { getBrand, serializeBrand } from "../services/brands";
import { findStore } from "../services/stores";

/**
 * GET brand, GET/PUT home-store, GET geolocate, GET geocode: what the storefront needs to place a
 * shopper and the places they search for.
 */
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
      const homeStoreId = await homeStoreOf(db.kysely, caller.apiKeyId);
      if (homeStoreId !== null) return item({ id: homeStoreId });
      // A device with no home store yet: where shoppers choose their store, none, so the
      // storefront places them (geolocation, then the nearest store, spec §4); a brand with one
      // store for everyone answers that store.
      const brand = await getBrand(db.kysely, caller.brandId);
      return item({ id: bool(brand.can_change_stores) ? null : brand.default_store_id });
    }),
  );

  router.put(
    "/home-store",
    route(async (req, res) => {
      const caller = callerOf(res);
      const { id } = parseBody(HomeStoreBodySchema, req);
      const store = await findStore(db.kysely, caller.brandId, id);
      await setHomeStore(db.kysely, caller.apiKeyId, store.id);
      return item({ id: store.id });
    }),
  );

  router.get(
    "/geolocate",
    route(async (req, res) => {
      const brand = await getBrand(db.kysely, callerOf(res).brandId);
      const visitor = { ip: req.ip, header: (name: string) => req.get(name) };
      const point = await geocoder.locate(visitor, {
        latitude: brand.default_latitude,
        longitude: brand.default_longitude,
      });
      return item(point);
    }),
  );

  router.get(
    "/geocode",
    route(async (req) => {
      const { address } = parseQuery(GeocodeQuerySchema, req);
      const place = await geocoder.geocode(address);
      if (!place) throw notFound("place");
      return item(place);
    }),
  );

  return router;
}
