/**
 * The store's side of an order (issue 30): a store's queue and the status an associate sets.
 * Only an associate of the store gets here (`requireAssociate`, decision 042). A status change is
 * one write transaction that holds the order row and checks the move against the one rule
 * (core/rules/order-status `canStoreMove`) after taking the lock, so two associates pressing at
 * once change the order once; the second is refused with what the order is now.
 */
import { localDayOn } from "@core/rules/local-days";
import type { z } from "zod";
import type { Kysely, Transaction } from "kysely";
import type {
  StoreQueueOrderSchema,
  StoreQueueQuerySchema,
  StoreStatusBodySchema,
} from "@core/contract/store-orders";
import {
  canStoreMove,
  isHandedOver,
  nextStoreStatuses,
  ORDER_STATUS,
  type StoreStatus,
} from "@core/rules/order-status";
import type { Caller } from "../http/caller";
import type { Database, Row } from "../db/schema";
import { forUpdate, writeTransaction } from "../db/transaction";
import { nowIso, toIso } from "../db/values";
import { conflict, forbidden, notFound } from "../http/errors";
import { decideCapture } from "./captures";
import { releaseOrderHolds } from "./hold-releases";
import { enqueueOrderEvent, hasChanges } from "./outbox";
import { localDate } from "./local-date";
import { placedOrderRow } from "./orders";
import { releasePlace } from "./slot-places";
import { recordStatusChange, statusHistoryOf, type StatusHistoryEntry } from "./status-history";

type Db = Kysely<Database>;
type Tx = Db | Transaction<Database>;
type QueueOrder = z.input<typeof StoreQueueOrderSchema>;

const NOT_AN_ASSOCIATE = "Only an associate of this store can see its orders.";

/** The store the caller works at, or null (a guest, a shopper). */
async function associateStoreOf(db: Tx, caller: Caller): Promise<number | null> {
  if (caller.userId === null) return null;
  const user = await db
    .selectFrom("users")
    .select("associate_store_id")
    .where("id", "=", caller.userId)
    .where("brand_id", "=", caller.brandId)
    .executeTakeFirst();
  return user?.associate_store_id ?? null;
}

/**
 * The store named in the path, when the caller is its associate: 403 for a guest, a shopper or
 * another store's associate (the same answer for each, so a store's staff cannot be probed).
 */
export async function requireAssociate(db: Tx, caller: Caller, storeId: number) {
  const own = await associateStoreOf(db, caller);
  if (own === null || own !== storeId)
    throw forbidden(NOT_AN_ASSOCIATE, "store_associate_required");
  const store = await db
    .selectFrom("stores")
    .select(["id", "name", "timezone"])
    .where("id", "=", storeId)
    .where("brand_id", "=", caller.brandId)
    .executeTakeFirst();
  if (!store) throw forbidden(NOT_AN_ASSOCIATE, "store_associate_required");
  return store;
}

/** [start, end) of a store-local day, as instants. */
function dayBounds(day: string, timeZone: string): [string, string] {
  const { start, end } = localDayOn(day, timeZone);
  return [new Date(start).toISOString(), new Date(end).toISOString()];
}

const queueColumns = [
  "orders.id",
  "orders.number",
  "orders.status",
  "orders.department_id",
  "orders.pickup_at",
  "orders.placed_at",
  "orders.customer_first_name",
  "orders.customer_last_name",
  "orders.notes",
  "orders.total",
  "departments.name as department_name",
] as const;

export function queueRow(
  row: Pick<
    Row<"orders">,
    "id" | "number" | "status" | "department_id" | "pickup_at" | "notes" | "total"
  > & {
    customer_first_name: string | null;
    customer_last_name: string | null;
    department_name: string;
    item_count: number | string | null;
    delivery_id: number | null;
  },
): QueueOrder {
  const delivery = row.delivery_id !== null;
  return {
    id: row.id,
    number: row.number,
    status: row.status.toLowerCase(),
    next_statuses: nextStoreStatuses(row, { delivery }),
    department_id: row.department_id,
    department_name: row.department_name,
    fulfillment: delivery ? "delivery" : "pickup",
    pickup_at: toIso(row.pickup_at),
    customer_name: [row.customer_first_name, row.customer_last_name].filter(Boolean).join(" "),
    item_count: Number(row.item_count ?? 0),
    notes: row.notes,
    total: row.total,
  };
}

function queueQuery(db: Tx, storeId: number) {
  return db
    .selectFrom("orders")
    .innerJoin("departments", "departments.id", "orders.department_id")
    .leftJoin("order_deliveries", "order_deliveries.order_id", "orders.id")
    .select(queueColumns)
    .select("order_deliveries.id as delivery_id")
    .select((eb) =>
      eb
        .selectFrom("order_items")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("order_items.order_id", "=", "orders.id")
        .as("item_count"),
    )
    .where("departments.store_id", "=", storeId)
    .where(placedOrderRow);
}

/**
 * GET /stores/{store}/orders: the store's placed orders whose pickup or delivery falls on one
 * store-local day (today by default), by department and then by slot.
 */
export async function storeQueue(
  db: Db,
  caller: Caller,
  storeId: number,
  query: z.output<typeof StoreQueueQuerySchema>,
) {
  const store = await requireAssociate(db, caller, storeId);
  const day = query.day ?? localDate(store.timezone);
  const [start, end] = dayBounds(day, store.timezone);
  const rows = await queueQuery(db, storeId)
    .where("orders.pickup_at", ">=", start)
    .where("orders.pickup_at", "<", end)
    .orderBy("departments.name")
    .orderBy("orders.pickup_at")
    .orderBy("orders.id")
    .execute();
  return {
    data: rows.map(queueRow),
    meta: { count: rows.length, day, store_name: store.name, timezone: store.timezone },
  };
}

/** One order of the store, for its associate; 404 for another store's order or a cart. */
export async function storeOrderRow(db: Tx, storeId: number, orderId: number) {
  const row = await queueQuery(db, storeId).where("orders.id", "=", orderId).executeTakeFirst();
  if (!row) throw notFound("order");
  return row;
}

/**
 * The shopper's notifications of a store move, in its transaction (decision 044): ready for
 * pickup (after the changes picking made, when there were any), out for delivery, cancelled.
 */
async function notifyShopper(trx: Tx, orderId: number, to: StoreStatus, delivery: boolean) {
  if (to === ORDER_STATUS.ready) {
    if (await hasChanges(trx, orderId)) await enqueueOrderEvent(trx, orderId, "substitutions");
    if (!delivery) await enqueueOrderEvent(trx, orderId, "ready");
  } else if (to === ORDER_STATUS.outForDelivery) {
    await enqueueOrderEvent(trx, orderId, "out_for_delivery");
  } else if (to === ORDER_STATUS.cancelled) {
    await enqueueOrderEvent(trx, orderId, "cancelled");
  }
}

const ITEMS_NOT_PICKED = "Pick, substitute or mark unavailable every item first.";

/** An order is ready only once every item has been picked, substituted or found unavailable. */
async function assertPicked(trx: Tx, orderId: number) {
  const left = await trx
    .selectFrom("order_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("order_id", "=", orderId)
    .where("pick_status", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(left.n) > 0) throw conflict(ITEMS_NOT_PICKED, "order_status_refused");
}

const STATUS_REFUSED = "This order cannot move to that status from where it is now.";

export interface StatusChangeOutcome {
  order: QueueOrder & { history: StatusHistoryEntry[] };
  /** The status the order had before this change. */
  from: string;
}

/**
 * PUT /stores/{store}/orders/{id}/status: one move of the store's rule, inside one transaction
 * that holds the order row. `after` runs in the same transaction with the row still held (the
 * capture's amount, the outbox message).
 */
export async function changeStoreStatus(
  db: Db,
  caller: Caller,
  storeId: number,
  orderId: number,
  body: z.output<typeof StoreStatusBodySchema>,
  after?: (trx: Tx, change: { from: string; to: string; orderId: number }) => Promise<void>,
): Promise<StatusChangeOutcome> {
  return writeTransaction(db, async (trx) => {
    await requireAssociate(trx, caller, storeId);
    const locked = await forUpdate(
      trx,
      trx
        .selectFrom("orders")
        .innerJoin("departments", "departments.id", "orders.department_id")
        .select(["orders.id", "orders.status"])
        .where("orders.id", "=", orderId)
        .where("departments.store_id", "=", storeId)
        .where(placedOrderRow),
    ).executeTakeFirst();
    if (!locked) throw notFound("order");
    // Read after the lock: what another associate set a moment ago is what is checked.
    const current = await storeOrderRow(trx, storeId, orderId);
    const from = current.status.toLowerCase();
    if (body.from !== undefined && body.from !== from)
      throw conflict(STATUS_REFUSED, "order_status_refused");
    if (!canStoreMove(current, body.status, { delivery: current.delivery_id !== null }))
      throw conflict(STATUS_REFUSED, "order_status_refused");
    if (body.status === ORDER_STATUS.ready) await assertPicked(trx, orderId);
    const now = nowIso();
    await trx
      .updateTable("orders")
      .set({
        status: body.status,
        cancelled_at: body.status === ORDER_STATUS.cancelled ? now : null,
        updated_at: now,
      })
      .where("id", "=", orderId)
      .execute();
    await recordStatusChange(trx, orderId, { from, to: body.status, byUserId: caller.userId });
    // Handed over: the final amount is charged against the hold (decision 043).
    if (isHandedOver({ status: body.status }) && !isHandedOver(current))
      await decideCapture(trx, orderId);
    if (body.status === ORDER_STATUS.cancelled) {
      // As a shopper's cancel: the slot place given up, the card hold marked for release (voided
      // after the commit by the caller, retried by the sweep).
      await releasePlace(trx, orderId);
      await releaseOrderHolds(trx, orderId);
    }
    await notifyShopper(trx, orderId, body.status, current.delivery_id !== null);
    await after?.(trx, { from, to: body.status, orderId });
    const row = await storeOrderRow(trx, storeId, orderId);
    const history = await statusHistoryOf(trx, [row]);
    return { order: { ...queueRow(row), history: history.get(orderId) ?? [] }, from };
  });
}
