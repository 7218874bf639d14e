import { DeliveryInfoBodySchema } from "@core/contract/deliveries";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { parseDelivery } from "../http/delivery-bodies";
import { item, route } from "../http/handler";
import { pathId } from "../http/validation";
import { removeDelivery, setDelivery, validateDelivery } from "../services/deliveries";
import { getOrder } from "../services/orders";
import { FULL_ORDER } from "./orders";

/**
 * Delivery (spec §7): an address checked and priced by the department's delivery service, and
 * delivery turned on (store-delivery) and off for the caller's working order. Signed in only.
 */
export function deliveriesRouter({ db, delivery }: ApiContext) {
  const router = Router();
  const k = db.kysely;

  router.post(
    "/orders/:id/delivery/validate",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const body = parseDelivery(DeliveryInfoBodySchema, req);
      return item(await validateDelivery(k, delivery, callerOf(res), id, body));
    }),
  );

  router.post(
    "/orders/:id/store-delivery",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const body = parseDelivery(DeliveryInfoBodySchema, req);
      const caller = callerOf(res);
      await setDelivery(k, delivery, caller, id, body);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  router.delete(
    "/orders/:id/store-delivery",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const caller = callerOf(res);
      await removeDelivery(k, caller, id);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  return router;
}
