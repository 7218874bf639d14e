/**
 * The store's side of an order (issue 30): a store's queue and the status its associates set.
 * Every call is refused to anyone but an associate of the store in the path (decision 042).
 */
import {
  PickBodySchema,
  StoreQueueQuerySchema,
  StoreStatusBodySchema,
} from "@core/contract/store-orders";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { parseBody, parseQuery, pathId } from "../http/validation";
import { releaseHoldsOf } from "../services/hold-releases";
import { captureHolds } from "../services/captures";
import { pickItem, storeOrderDetail } from "../services/picking";
import { changeStoreStatus, storeQueue } from "../services/store-orders";

export function storeOrdersRouter({ db, payment }: ApiContext) {
  const router = Router();
  const k = db.kysely;

  router.get(
    "/stores/:store/orders",
    route(async (req, res) => {
      const storeId = pathId(req, "store", "store");
      const query = parseQuery(StoreQueueQuerySchema, req);
      return storeQueue(k, callerOf(res), storeId, query);
    }),
  );

  router.put(
    "/stores/:store/orders/:id/status",
    route(async (req, res) => {
      const storeId = pathId(req, "store", "store");
      const id = pathId(req, "id", "order");
      const body = parseBody(StoreStatusBodySchema, req);
      const { order } = await changeStoreStatus(k, callerOf(res), storeId, id, body);
      // After the commit: a hold this change ended is voided, a capture it decided is made; the
      // sweeps retry either when the gateway fails (the answer never waits on a retry).
      await releaseHoldsOf(k, payment, id);
      await captureHolds(k, payment, id);
      return item(order);
    }),
  );

  router.get(
    "/stores/:store/orders/:id",
    route(async (req, res) => {
      const storeId = pathId(req, "store", "store");
      const id = pathId(req, "id", "order");
      return item(await storeOrderDetail(k, callerOf(res), storeId, id));
    }),
  );

  router.put(
    "/stores/:store/orders/:id/items/:item",
    route(async (req, res) => {
      const storeId = pathId(req, "store", "store");
      const id = pathId(req, "id", "order");
      const itemId = pathId(req, "item", "item");
      const body = parseBody(PickBodySchema, req);
      return item(await pickItem(k, callerOf(res), storeId, id, itemId, body));
    }),
  );

  return router;
}
