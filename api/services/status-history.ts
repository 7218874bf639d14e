/**
 * An order's status history (migration 014): each status it took after placement, written in the
 * transaction that set it, so the history never disagrees with the order. The shopper's past
 * orders and confirmation read it; placement itself is the order's `placed_at`.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { nowIso, toIso } from "../db/values";

type Tx = Kysely<Database> | Transaction<Database>;

export interface StatusChange {
  from: string;
  to: string;
  /** The associate who set it, or null for the shopper or the system. */
  byUserId: number | null;
}

/** Records one change (inside the transaction that made it, order row held). */
export async function recordStatusChange(trx: Tx, orderId: number, change: StatusChange) {
  await trx
    .insertInto("order_status_changes")
    .values({
      order_id: orderId,
      from_status: change.from.toLowerCase(),
      to_status: change.to.toLowerCase(),
      changed_by_user_id: change.byUserId,
      created_at: nowIso(),
    })
    .execute();
}

export interface StatusHistoryEntry {
  status: string;
  at: string | null;
  /** Set by the store (an associate), not by the shopper or the system. */
  by_store: boolean;
}

/**
 * The statuses an order took, oldest first: 'submitted' at its placement, then every recorded
 * change. A cart has no history.
 */
export async function statusHistoryOf(
  db: Tx,
  orders: { id: number; placed_at: string | Date | null }[],
): Promise<Map<number, StatusHistoryEntry[]>> {
  const out = new Map<number, StatusHistoryEntry[]>();
  for (const order of orders) {
    const placedAt = toIso(order.placed_at);
    out.set(order.id, placedAt ? [{ status: "submitted", at: placedAt, by_store: false }] : []);
  }
  if (orders.length === 0) return out;
  const rows = await db
    .selectFrom("order_status_changes")
    .selectAll()
    .where(
      "order_id",
      "in",
      orders.map((o) => o.id),
    )
    .orderBy("order_id")
    .orderBy("id")
    .execute();
  for (const row of rows)
    out.get(row.order_id)?.push({
      status: row.to_status,
      at: toIso(row.created_at),
      by_store: row.changed_by_user_id !== null,
    });
  return out;
}
