/**
 * Places in capped slots (decision 028): the hold a saved time takes, the booking placement turns
 * it into, and what the time picker is told about full and nearly full slots. Every change runs
 * inside the caller's write transaction with the order row held; a capped slot is counted with
 * the department's row held as well (`FOR UPDATE` on PostgreSQL, the immediate transaction on
 * SQLite), so two orders cannot both take a slot's last place. Locks are taken order row first,
 * department second, everywhere.
 */
import type { Kysely } from "kysely";
import { PICKUP_TIME_GONE } from "@core/rules/pickup-slot-messages";
import {
  holdExpiry,
  isNearlyFull,
  placesLeft,
  slotCapacity,
  FULL_SLOT_TYPE,
  type CapacityRule,
  type SlotKind,
} from "@core/rules/slot-capacity";
import type { Database, Row } from "../db/schema";
import { forUpdate } from "../db/transaction";
import { toIso } from "../db/values";
import { invalid } from "../http/errors";

type Db = Kysely<Database>;

export interface SlotAvailability {
  /** Full slots as blackout periods (both ends inclusive, as the blackouts' are). */
  full: { from: string; to: string; type: typeof FULL_SLOT_TYPE }[];
  /** Slots with some places taken and few left. */
  nearlyFull: { at: string; places_left: number }[];
}

/** A department's capacity rules (none: every slot unlimited). */
async function capacityRules(db: Db, departmentId: number): Promise<CapacityRule[]> {
  const rows = await db
    .selectFrom("slot_capacities")
    .selectAll()
    .where("department_id", "=", departmentId)
    .execute();
  return rows.map((r) => ({
    kind: r.kind === "delivery" ? "delivery" : "pickup",
    weekday: r.weekday,
    from: r.starts_at,
    to: r.ends_at,
    capacity: r.capacity,
  }));
}

/** Delivery when the order has a delivery, else pickup; a client may say which it is choosing. */
export async function slotKindOf(
  db: Db,
  orderId: number,
  asked?: SlotKind | null,
): Promise<SlotKind> {
  if (asked) return asked;
  const delivery = await db
    .selectFrom("order_deliveries")
    .select("id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return delivery ? "delivery" : "pickup";
}

const refuseFull = () =>
  invalid({ pickup_at: [PICKUP_TIME_GONE] }, PICKUP_TIME_GONE, "pickup_time_unavailable");

/** Live places in one slot, other orders' only. */
async function takenByOthers(
  db: Db,
  order: Row<"orders">,
  kind: SlotKind,
  slotAt: string,
  now: Date,
) {
  const row = await db
    .selectFrom("slot_places")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("department_id", "=", order.department_id)
    .where("kind", "=", kind)
    .where("slot_at", "=", slotAt)
    .where("order_id", "!=", order.id)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now.toISOString())]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The slot's capacity for this order, with the department's row held when it has one. */
async function lockedCapacity(
  trx: Db,
  order: Row<"orders">,
  kind: SlotKind,
  at: Date,
  timeZone: string,
): Promise<number | null> {
  const rules = await capacityRules(trx, order.department_id);
  const capacity = slotCapacity(rules, kind, at, timeZone);
  if (capacity === null) return null;
  await forUpdate(
    trx,
    trx.selectFrom("departments").select("id").where("id", "=", order.department_id),
  ).execute();
  return capacity;
}

/**
 * Saving a time: the order's earlier place is given up and, in a capped slot, a place held until
 * HOLD_MINUTES from now (422 'That pickup time is no longer available.' when none is left).
 * Answers when the hold runs out, or null for an unlimited slot.
 */
export async function holdSlot(
  trx: Db,
  order: Row<"orders">,
  kind: SlotKind,
  at: Date,
  timeZone: string,
  now = new Date(),
): Promise<Date | null> {
  await releasePlace(trx, order.id);
  const capacity = await lockedCapacity(trx, order, kind, at, timeZone);
  if (capacity === null) return null;
  // Expired holds count for nothing; they are cleared here, under the department's lock.
  await trx
    .deleteFrom("slot_places")
    .where("department_id", "=", order.department_id)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  const slotAt = at.toISOString();
  if (!placesLeft(capacity, await takenByOthers(trx, order, kind, slotAt, now))) throw refuseFull();
  const expires = holdExpiry(now);
  await insertPlace(trx, order, kind, slotAt, expires, now);
  return expires;
}

/**
 * Placement, inside the placing transaction: the order's live hold on this slot becomes its
 * booking; without one (expired, another slot or kind, or never taken) the slot is counted again
 * and refused when full. An unlimited slot books nothing.
 */
export async function bookSlot(
  trx: Db,
  order: Row<"orders">,
  kind: SlotKind,
  at: Date,
  timeZone: string,
  now = new Date(),
): Promise<void> {
  const capacity = await lockedCapacity(trx, order, kind, at, timeZone);
  const slotAt = at.toISOString();
  const own = await trx
    .selectFrom("slot_places")
    .selectAll()
    .where("order_id", "=", order.id)
    .executeTakeFirst();
  if (capacity === null) {
    if (own) await releasePlace(trx, order.id);
    return;
  }
  const held =
    own !== undefined &&
    own.kind === kind &&
    toIso(own.slot_at) === slotAt &&
    (own.expires_at === null || toIso(own.expires_at)! > now.toISOString());
  if (!held && !placesLeft(capacity, await takenByOthers(trx, order, kind, slotAt, now)))
    throw refuseFull();
  if (own) await releasePlace(trx, order.id);
  await insertPlace(trx, order, kind, slotAt, null, now);
}

/** The order's one place: a hold until `expires`, or a booking (null). */
async function insertPlace(
  trx: Db,
  order: Row<"orders">,
  kind: SlotKind,
  slotAt: string,
  expires: Date | null,
  now: Date,
) {
  await trx
    .insertInto("slot_places")
    .values({
      order_id: order.id,
      department_id: order.department_id,
      kind,
      slot_at: slotAt,
      expires_at: expires?.toISOString() ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Gives up the order's hold or booking (a time cleared, a cart left, an order cancelled). */
export async function releasePlace(trx: Db, orderId: number): Promise<void> {
  await trx.deleteFrom("slot_places").where("order_id", "=", orderId).execute();
}

/** When the order's hold on its time runs out; null without a live hold. */
export async function heldUntil(db: Db, orderId: number, now = new Date()): Promise<string | null> {
  const place = await db
    .selectFrom("slot_places")
    .select("expires_at")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  const expires = place ? toIso(place.expires_at) : null;
  return expires && Date.parse(expires) > now.getTime() ? expires : null;
}

/**
 * The window's full and nearly full slots for an order, as others' live places leave them (its
 * own place never makes its slot full for it).
 */
export async function slotAvailability(
  db: Db,
  order: Row<"orders">,
  kind: SlotKind,
  window: { now: Date; end: Date; timeZone: string; intervalMinutes: number },
): Promise<SlotAvailability> {
  const rules = await capacityRules(db, order.department_id);
  if (!rules.some((r) => r.kind === kind)) return { full: [], nearlyFull: [] };
  const rows = await db
    .selectFrom("slot_places")
    .select((eb) => ["slot_at", eb.fn.countAll<number>().as("n")])
    .where("department_id", "=", order.department_id)
    .where("kind", "=", kind)
    .where("order_id", "!=", order.id)
    .where("slot_at", ">=", window.now.toISOString())
    .where("slot_at", "<=", window.end.toISOString())
    .where((eb) =>
      eb.or([eb("expires_at", "is", null), eb("expires_at", ">", window.now.toISOString())]),
    )
    .groupBy("slot_at")
    .orderBy("slot_at")
    .execute();
  const out: SlotAvailability = { full: [], nearlyFull: [] };
  const length = Math.max(1, window.intervalMinutes) * 60_000 - 1000;
  for (const row of rows) {
    const at = toIso(row.slot_at)!;
    const taken = Number(row.n);
    const left = placesLeft(slotCapacity(rules, kind, new Date(at), window.timeZone), taken);
    if (left === 0) {
      out.full.push({
        from: at,
        to: new Date(Date.parse(at) + length).toISOString(),
        type: FULL_SLOT_TYPE,
      });
    } else if (isNearlyFull(left, taken)) {
      out.nearlyFull.push({ at, places_left: left! });
    }
  }
  return out;
}
