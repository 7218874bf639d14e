/**
 * The store's side of an order (issue 30): a store's queue and the status its associates set.
 * Every call is refused to anyone but an associate of the store in the path (decision 042).
 */
import { StoreQueueQuerySchema, StoreStatusBodySchema } from "@core/contract/store-orders";
import { ORDER_STATUS } from "@core/rules/order-status";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { parseBody, parseQuery, pathId } from "../http/validation";
import { releaseHoldsOf } from "../services/hold-releases";
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
      // A cancelled order's hold is voided now; the sweep retries a void that fails.
      if (order.status === ORDER_STATUS.cancelled) await releaseHoldsOf(k, payment, id);
      return item(order);
    }),
  );

  return router;
}
