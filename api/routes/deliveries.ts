import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item } from "../http/handler";
import { mount } from "../http/mount";
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

  mount(router, CALLS.validateDelivery, async ({ ids, body, res }) =>
    item(await validateDelivery(k, delivery, callerOf(res), ids.id, body)),
  );

  mount(router, CALLS.setStoreDelivery, async ({ ids, body, res }) => {
    const caller = callerOf(res);
    await setDelivery(k, delivery, caller, ids.id, body);
    return item(await getOrder(k, caller, ids.id, FULL_ORDER));
  });

  mount(router, CALLS.deleteStoreDelivery, async ({ ids, res }) => {
    const caller = callerOf(res);
    await removeDelivery(k, caller, ids.id);
    return item(await getOrder(k, caller, ids.id, FULL_ORDER));
  });

  return router;
}
