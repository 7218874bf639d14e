import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { route } from "../http/handler";
import { parseBody } from "../http/validation";
import { registerDevice } from "../services/api-keys";

const text = z.string().trim().max(100).optional().nullable();
const DeviceRegistration = z.object({
  uuid: z.string().trim().max(100).optional().nullable(),
  device: z
    .object({
      brand: text,
      platform: text,
      model: text,
      version: text,
      app_type: z.string().trim().max(30).optional().nullable(),
      app_version: text,
    })
    .default({}),
});

/** POST /keys: registers a device and hands it an API key (the only call without one). */
export function keysRouter({ db, brand }: ApiContext) {
  const router = Router();
  router.post(
    "/keys",
    route(async (req, res) => {
      const body = parseBody(DeviceRegistration, req);
      const { id: brandId } = await brand();
      const { apikey, uuid } = await registerDevice(db.kysely, brandId, body);
      res.status(201).json({ data: { apikey, uuid } });
    }),
  );
  return router;
}
