/**
 * The store's side of an order (issue 30): a store's queue and the status its associates set.
 * Every call is refused to anyone but an associate of the store in the path (decision 042).
 */
import { CALLS } from "@core/contract/calls";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item } from "../http/handler";
import { mount } from "../http/mount";
import { releaseHoldsOf } from "../services/hold-releases";
import { captureHolds } from "../services/captures";
import { pickItem, storeOrderDetail } from "../services/picking";
import { changeStoreStatus, storeQueue } from "../services/store-orders";

export function storeOrdersRouter({ db, payment }: ApiContext) {
  const router = Router();
  const k = db.kysely;

  mount(router, CALLS.storeQueue, async ({ ids, query, res }) =>
    storeQueue(k, callerOf(res), ids.store, query),
  );

  mount(router, CALLS.setStoreStatus, async ({ ids, body, res }) => {
    const { order } = await changeStoreStatus(k, callerOf(res), ids.store, ids.id, body);
    // After the commit: a hold this change ended is voided, a capture it decided is made; the
    // sweeps retry either when the gateway fails (the answer never waits on a retry).
    await releaseHoldsOf(k, payment, ids.id);
    await captureHolds(k, payment, ids.id);
    return item(order);
  });

  mount(router, CALLS.storeOrder, async ({ ids, res }) =>
    item(await storeOrderDetail(k, callerOf(res), ids.store, ids.id)),
  );

  mount(router, CALLS.pickItem, async ({ ids, body, res }) =>
    item(await pickItem(k, callerOf(res), ids.store, ids.id, ids.item, body)),
  );

  return router;
}
