/**
 * The store's side of an order's life: what its order system sets once it has the order
 * (`npm run order:status`, for demos and tests). Any status but 'submitted' ends the shopper's
 * retract and cancel (core/rules/order-status `isChangeable`).
 */
import type { Kysely } from "kysely";
import { ORDER_STATUS, type StoreStatus } from "@core/rules/order-status";
import type { Database } from "../db/schema";
import { forUpdate, writeTransaction } from "../db/transaction";
import { nowIso } from "../db/values";
import { releaseOrderHolds } from "./hold-releases";
import { placedOrderRow } from "./orders";
import { releasePlace } from "./slot-places";
import { recordStatusChange } from "./status-history";

export { isStoreStatus, type StoreStatus } from "@core/rules/order-status";

/**
 * Sets a placed order's status, holding its row as every order change does, so a shopper's
 * retract or cancel either lands before it or is refused after it. Answers false when no placed
 * order has that number (a cart has none, or is back in the shopper's cart after an edit).
 */
export async function setStoreStatus(
  db: Kysely<Database>,
  number: string,
  status: StoreStatus,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const order = await forUpdate(
      trx,
      trx
        .selectFrom("orders")
        .select(["id", "status"])
        .where("number", "=", number)
        // A retracted order keeps its number, but it is the shopper's cart, not the store's.
        .where(placedOrderRow),
    ).executeTakeFirst();
    if (!order) return false;
    const now = nowIso();
    await trx
      .updateTable("orders")
      .set({
        status,
        cancelled_at: status === ORDER_STATUS.cancelled ? now : null,
        updated_at: now,
      })
      .where("id", "=", order.id)
      .execute();
    await recordStatusChange(trx, order.id, { from: order.status, to: status, byUserId: null });
    if (status === ORDER_STATUS.cancelled) {
      // Cancelled by the store: its slot place is given up and its card hold released (the
      // server's sweep voids it at the gateway, as this command has no gateway of its own).
      await releasePlace(trx, order.id);
      await releaseOrderHolds(trx, order.id);
    }
    return true;
  });
}
