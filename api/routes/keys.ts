import { Router } from "express";
import { KeysBodySchema } from "@core/contract/brand";
import type { ApiContext } from "../http/context";
import { route } from "../http/handler";
import { parseBody } from "../http/validation";
import { registerDevice } from "../services/api-keys";

/** POST /keys: registers a device and hands it an API key (the only call without one). */
export function keysRouter({ db, brand }: ApiContext) {
  const router = Router();
  router.post(
    "/keys",
    route(async (req, res) => {
      const body = parseBody(KeysBodySchema, req);
      const { id: brandId } = await brand();
      const { apikey, uuid } = await registerDevice(db.kysely, brandId, body);
      res.status(201).json({ data: { apikey, uuid } });
    }),
  );
  return router;
}
