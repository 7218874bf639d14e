import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { mount } from "../http/mount";
import { registerDevice } from "../services/api-keys";

/** POST /keys: registers a device and hands it an API key (the only call without one). */
export function keysRouter({ db, brand }: ApiContext) {
  const router = Router();
  mount(router, CALLS.registerDevice, async ({ body }) => {
    const { id: brandId } = await brand();
    const { apikey, uuid } = await registerDevice(db.kysely, brandId, body);
    return { data: { apikey, uuid } };
  });
  return router;
}
