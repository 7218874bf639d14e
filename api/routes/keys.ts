import { randomBytes, randomUUID } from "node:crypto";
import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { nowIso } from "../db/values";
import { hashKey } from "../http/caller";
import { route } from "../http/handler";
import { parseBody } from "../http/validation";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /keys: registers a device and hands it an API key (the only call without one). */
export function keysRouter({ db, brand }: ApiContext) {
  const router = Router();
  router.post(
    "/keys",
    route(async (req, res) => {
      const body = parseBody(DeviceRegistration, req);
      const { id: brandId } = await brand();
      // A device keeps its uuid across sessions; a missing or malformed one gets a new uuid.
      const uuid = body.uuid && UUID.test(body.uuid) ? body.uuid.toLowerCase() : randomUUID();
      const apikey = randomBytes(32).toString("base64url");
      await db.kysely
        .insertInto("api_keys")
        .values({
          key_hash: hashKey(apikey),
          uuid,
          brand_id: brandId,
          device_brand: body.device.brand ?? null,
          device_platform: body.device.platform ?? null,
          device_model: body.device.model ?? null,
          device_version: body.device.version ?? null,
          app_type: body.device.app_type || "website",
          app_version: body.device.app_version ?? null,
          created_at: nowIso(),
        })
        .execute();
      res.status(201).json({ data: { apikey, uuid } });
    }),
  );
  return router;
}
