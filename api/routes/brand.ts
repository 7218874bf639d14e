import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item } from "../http/handler";
import { notFound } from "../http/errors";
import { mount } from "../http/mount";
import { bool } from "../db/values";
import { homeStoreOf, setHomeStore } from "../services/api-keys";
import { getBrand, serializeBrand } from "../services/brands";
import { findStore } from "../services/stores";

/**
 * GET brand, GET/PUT home-store, GET geolocate, GET geocode: what the storefront needs to place a
 * shopper and the places they search for.
 */
export function brandRouter({ db, geocoder }: ApiContext) {
  const router = Router();

  mount(router, CALLS.brand, async ({ res }) =>
    item(serializeBrand(await getBrand(db.kysely, callerOf(res).brandId))),
  );

  mount(router, CALLS.homeStore, async ({ res }) => {
    const caller = callerOf(res);
    const homeStoreId = await homeStoreOf(db.kysely, caller.apiKeyId);
    if (homeStoreId !== null) return item({ id: homeStoreId });
    // A device with no home store yet: where shoppers choose their store, none, so the
    // storefront places them (geolocation, then the nearest store, spec §4); a brand with one
    // store for everyone answers that store.
    const brand = await getBrand(db.kysely, caller.brandId);
    return item({ id: bool(brand.can_change_stores) ? null : brand.default_store_id });
  });

  mount(router, CALLS.saveHomeStore, async ({ body, res }) => {
    const caller = callerOf(res);
    const store = await findStore(db.kysely, caller.brandId, body.id);
    await setHomeStore(db.kysely, caller.apiKeyId, store.id);
    return item({ id: store.id });
  });

  mount(router, CALLS.geolocate, async ({ req, res }) => {
    const brand = await getBrand(db.kysely, callerOf(res).brandId);
    const visitor = { ip: req.ip, header: (name: string) => req.get(name) };
    const point = await geocoder.locate(visitor, {
      latitude: brand.default_latitude,
      longitude: brand.default_longitude,
    });
    return item(point);
  });

  mount(router, CALLS.geocode, async ({ query }) => {
    const place = await geocoder.geocode(query.address);
    if (!place) throw notFound("place");
    return item(place);
  });

  return router;
}
