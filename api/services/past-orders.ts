/**
 * What a shopper does with an order already placed (spec §4 "Editing past orders"): retract it
 * into the cart, cancel it, or order it again. Each runs in one write transaction that holds the
 * order row and decides on the order as it is then (decision 010), so a store starting the order,
 * or a second tab, cannot slip in between the check and the change.
 */
import type { Kysely } from "kysely";
import {
  isCancelled,
  isIncomplete,
  isSubmitted,
  PAST_ORDER_REFUSALS,
} from "@core/rules/order-status";
import type { Database, Row } from "../db/schema";
import { writeTransaction } from "../db/transaction";
import { nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { conflict, HttpError, invalid } from "../http/errors";
import { releaseBooking, type DeliveryBooking } from "./deliveries";
import { insertItem } from "./items";
import { releasePlace } from "./slot-places";
import {
  claimForUser,
  createOrder,
  departmentFactsOf,
  findEditableOrder,
  findOwnedOrder,
  INCOMPLETE,
  markCancelled,
  orderIsChangeable,
  recomputeTotals,
} from "./orders";

type Db = Kysely<Database>;

const IN_THE_CART = "This order has not been placed: it is in the cart already.";
const CANCELLED_ALREADY = "This order has been cancelled.";
const NOTHING_TO_REORDER = "None of this order's items can be ordered again.";

/** The editability rule on the order as locked (its department may since have closed). */
const changeableNow = async (trx: Db, order: Row<"orders">) =>
  orderIsChangeable(order, await departmentFactsOf(trx, order.department_id));

/**
 * Undoes what placement did beyond the status: the stock it took goes back (in product order, as
 * placement takes it, so the two cannot deadlock) and the promotion's use is no longer counted.
 */
async function releasePlacement(trx: Db, order: Row<"orders">) {
  const items = await trx
    .selectFrom("order_items")
    .select(["product_id", "quantity"])
    .where("order_id", "=", order.id)
    .orderBy("product_id")
    .orderBy("id")
    .execute();
  for (const item of items) {
    await trx
      .updateTable("department_products")
      .set((eb) => ({ remaining_quantity: eb("remaining_quantity", "+", item.quantity) }))
      .where("department_id", "=", order.department_id)
      .where("product_id", "=", item.product_id)
      .where("remaining_quantity", "is not", null)
      .execute();
  }
  if (order.promotion_id !== null) {
    await trx
      .updateTable("promotions")
      .set((eb) => ({ uses: eb("uses", "-", 1) }))
      .where("id", "=", order.promotion_id)
      .where("uses", ">", 0)
      .execute();
  }
}

/**
 * PUT orders/{id}/retract: a submitted order the store has not started goes back to the cart
 * ('incomplete'), to be changed and placed again; its stock and promotion use are given back, and
 * placement will take and check them again. It keeps its number: the shopper knows the order by
 * it, and placed again it is the same order (placement keeps a number it finds). 409
 * `order_not_retractable` otherwise.
 */
export async function retractOrder(
  db: Db,
  caller: Caller,
  id: number,
): Promise<DeliveryBooking | null> {
  return writeTransaction(db, async (trx) => {
    const found = await findOwnedOrder(trx, caller, id, { lock: true });
    if (isIncomplete(found)) throw conflict(IN_THE_CART, "order_not_retractable");
    if (isCancelled(found)) throw conflict(CANCELLED_ALREADY, "order_not_retractable");
    if (!(await changeableNow(trx, found)))
      throw conflict(PAST_ORDER_REFUSALS.retract.message, "order_not_retractable");
    const order = await claimForUser(trx, caller, found);
    await releasePlacement(trx, order);
    // Placed again, it books a new delivery: this one is called off.
    const booking = await releaseBooking(trx, order.id);
    // Its place in a capped slot is freed; placing it again counts the slot again.
    await releasePlace(trx, order.id);
    await trx
      .updateTable("orders")
      .set({
        status: INCOMPLETE,
        placed_at: null,
        placement_key: null,
        updated_at: nowIso(),
      })
      .where("id", "=", order.id)
      .execute();
    // Back in the cart, it is priced for its owner again, as every cart is.
    await recomputeTotals(trx, order.id);
    return booking;
  });
}

/**
 * DELETE orders/{id}: the cart is dropped, as before; a submitted order is cancelled while the
 * store has not started it, and what placement took is given back. 409 `order_not_cancelable`
 * once the store has started it or it is already cancelled.
 */
export async function cancelOrder(
  db: Db,
  caller: Caller,
  id: number,
): Promise<DeliveryBooking | null> {
  return writeTransaction(db, async (trx) => {
    const order = await findOwnedOrder(trx, caller, id, { lock: true });
    if (isIncomplete(order)) {
      await markCancelled(trx, order.id);
      return null;
    }
    if (isCancelled(order)) throw conflict(CANCELLED_ALREADY, "order_not_cancelable");
    if (!isSubmitted(order) || !(await changeableNow(trx, order)))
      throw conflict(PAST_ORDER_REFUSALS.cancel.message, "order_not_cancelable");
    await releasePlacement(trx, order);
    const booking = await releaseBooking(trx, order.id);
    await markCancelled(trx, order.id);
    return booking;
  });
}

interface LeftOut {
  product_id: number;
  name: string;
  reason: string;
}

/**
 * POST orders/{id}/reorder: a new cart in the same department with the same items, choices,
 * instructions and substitution choices (a chosen substitute no longer offered falls back to the
 * default), priced today as if added now. An item that cannot be added now (gone from the
 * department, not enough left, its choices changed) is left out and named, with the code the add
 * would have answered. Customer photos are not copied: each belongs to its own item. 422
 * `reorder_unavailable` when nothing could be added, and then no cart is left behind.
 */
export async function reorder(db: Db, caller: Caller, id: number, source: string) {
  return writeTransaction(db, async (trx) => {
    const original = await findOwnedOrder(trx, caller, id, { lock: true });
    const items = await trx
      .selectFrom("order_items")
      .innerJoin("products", "products.id", "order_items.product_id")
      .selectAll("order_items")
      .select("products.name")
      .where("order_items.order_id", "=", original.id)
      .orderBy("order_items.created_at")
      .orderBy("order_items.id")
      .execute();
    const preferences = items.length
      ? await trx
          .selectFrom("item_preferences")
          .selectAll()
          .where(
            "item_id",
            "in",
            items.map((i) => i.id),
          )
          .orderBy("id")
          .execute()
      : [];
    const newId = await createOrder(trx, caller, {
      department_id: original.department_id,
      source,
    }).catch(unavailable);
    // The order-wide substitution choice goes with the items' own (decision 029).
    await trx
      .updateTable("orders")
      .set({ substitutions_allowed: original.substitutions_allowed })
      .where("id", "=", newId)
      .execute();
    const order = await findEditableOrder(trx, caller, newId, { lock: true });
    const leftOut: LeftOut[] = [];
    for (const item of items) {
      const input = {
        product_id: item.product_id,
        quantity: item.quantity,
        preferences: preferences
          .filter((p) => p.item_id === item.id)
          .map((p) => ({ facet_id: p.facet_id, choice_id: p.choice_id, value: p.value })),
        notes: item.notes,
        add_source:
          item.add_source === "recommendation" ? ("recommendation" as const) : ("default" as const),
      };
      try {
        await insertItem(trx, caller, order, input, item);
      } catch (error) {
        // A refused add writes nothing, so the transaction carries on with the next item.
        if (!(error instanceof HttpError) || error.status !== 422) throw error;
        leftOut.push({ product_id: item.product_id, name: item.name, reason: error.code });
      }
    }
    if (leftOut.length === items.length)
      throw invalid({ items: [NOTHING_TO_REORDER] }, NOTHING_TO_REORDER, "reorder_unavailable");
    await recomputeTotals(trx, newId);
    return { id: newId, leftOut };
  });
}

/** A department no longer offered is, for a reorder, an order none of whose items can be had. */
const unavailable = (error: unknown): never => {
  if (error instanceof HttpError && error.status === 404)
    throw invalid({ items: [NOTHING_TO_REORDER] }, NOTHING_TO_REORDER, "reorder_unavailable");
  throw error;
};
