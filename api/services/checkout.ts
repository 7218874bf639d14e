/**
 * From a cart to a placed order: pickup-time rules (blackouts, lead times), order updates,
 * promotions and the one-time placement. Every rule that protects an order is checked here, with
 * the same modules the storefront uses for fast feedback (app/lib).
 */
import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import type { Kysely } from "kysely";
import type { OrderChanges } from "../../app/lib/order-changes";
import { CheckoutCustomer, MESSAGES } from "../../app/lib/patterns";
import {
  PICKUP_TIME_GONE,
  onSlotGrid,
  slotProblem,
  type SlotRules,
} from "../../app/lib/pickup-slots";
import { isDeliveryPromotion, PROMO_CODE_REQUIRED } from "../../app/lib/promotions";
import type { Database, Row } from "../db/schema";
import { nowIso, toIso } from "../db/values";
import type { Caller } from "../http/caller";
import { badRequest, forbidden, HttpError, invalid } from "../http/errors";
import { fieldErrors } from "../http/validation";
import { findDepartment } from "./departments";
import {
  CANCELLED,
  findEditableOrder,
  findOwnedOrder,
  INCOMPLETE,
  recomputeTotals,
  SUBMITTED,
} from "./orders";

type Db = Kysely<Database>;

export const DUPLICATE_ORDER = "This appears to be a duplicate order.";
export const ITEM_QUANTITY_GONE =
  "The requested quantity of an item in your cart is no longer available.";

/** The department's lead-time limits: its minimum is at least the department's own lead time. */
export function leadTimeLimits(d: Row<"departments">) {
  return { min: Math.max(d.lead_time_min, d.lead_time), max: d.lead_time_max };
}

/** "HH:MM" on a local date as an instant in the store's zone. */
function localInstant(date: TZDate, hhmm: string, timeZone: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return new TZDate(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    h ?? 0,
    m ?? 0,
    timeZone,
  ).getTime();
}

/**
 * Blackouts for an order's pickup window: the store's own (holidays, closures, capacity) and its
 * closed hours, computed from its opening hours for each day of the window.
 */
export async function blackoutsFor(db: Db, order: Row<"orders">, now = new Date()) {
  const department = await db
    .selectFrom("departments")
    .selectAll()
    .where("id", "=", order.department_id)
    .executeTakeFirstOrThrow();
  const store = await db
    .selectFrom("stores")
    .selectAll()
    .where("id", "=", department.store_id)
    .executeTakeFirstOrThrow();
  const limits = leadTimeLimits(department);
  const windowEnd = new Date(now.getTime() + limits.max * 60_000);
  const [rows, hours] = await Promise.all([
    db
      .selectFrom("blackouts")
      .select(["from", "to", "type"])
      .where("store_id", "=", store.id)
      .where((eb) =>
        eb.or([eb("department_id", "is", null), eb("department_id", "=", department.id)]),
      )
      .where("to", ">=", now.toISOString())
      .where("from", "<=", windowEnd.toISOString())
      .orderBy("from")
      .execute(),
    db.selectFrom("store_hours").selectAll().where("store_id", "=", store.id).execute(),
  ]);
  const byDay = new Map(hours.map((h) => [h.day_of_week, h]));
  const closed: { from: string; to: string; type: string }[] = [];
  let day = new TZDate(now.getTime(), store.timezone);
  day = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), store.timezone);
  while (day.getTime() <= windowEnd.getTime()) {
    const next = addDays(day, 1);
    const midnight = new TZDate(
      next.getFullYear(),
      next.getMonth(),
      next.getDate(),
      store.timezone,
    ).getTime();
    const open = byDay.get(day.getDay());
    // Inclusive ends: the first slot at opening time is bookable, the one at closing time is not.
    const periods: [number, number][] = open
      ? [
          [day.getTime(), localInstant(day, open.opens_at, store.timezone) - 1000],
          [localInstant(day, open.closes_at, store.timezone), midnight - 1000],
        ]
      : [[day.getTime(), midnight - 1000]];
    for (const [from, to] of periods) {
      if (to >= from && to >= now.getTime())
        closed.push({
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          type: "closed",
        });
    }
    day = new TZDate(next.getFullYear(), next.getMonth(), next.getDate(), store.timezone);
  }
  const blackouts = [
    ...rows.map((r) => ({ from: toIso(r.from), to: toIso(r.to), type: r.type })),
    ...closed,
  ].sort((a, b) => a.from.localeCompare(b.from));
  return { department, store, limits, blackouts };
}

/** Everything the slot rules need for an order, as the time picker would see it. */
export async function slotRulesFor(
  db: Db,
  order: Row<"orders">,
  now = new Date(),
): Promise<SlotRules> {
  const { department, store, limits, blackouts } = await blackoutsFor(db, order, now);
  const leads = await db
    .selectFrom("order_items")
    .innerJoin("products", "products.id", "order_items.product_id")
    .select("products.lead_time")
    .where("order_items.order_id", "=", order.id)
    .execute();
  return {
    timeZone: store.timezone,
    intervalMinutes: department.pickup_interval,
    limits,
    itemLeadTimes: leads.map((l) => l.lead_time),
    blackouts,
  };
}

async function assertPickupTime(db: Db, order: Row<"orders">, pickupAt: string, now = new Date()) {
  const at = new Date(pickupAt);
  const rules = await slotRulesFor(db, order, now);
  if (Number.isNaN(at.getTime()) || !onSlotGrid(at, rules) || slotProblem(at, now, rules)) {
    throw invalid({ pickup_at: [PICKUP_TIME_GONE] }, PICKUP_TIME_GONE);
  }
}

export type OrderUpdate = OrderChanges;

/** PUT orders/{id}. Checkout fields may be saved incomplete; a value given must be valid. */
export async function updateOrder(db: Db, caller: Caller, id: number, input: OrderUpdate) {
  const order = await findOwnedOrder(db, caller, id);
  const status = order.status.toLowerCase();
  // After placement only the notification choice may change (the confirmation page's opt-in).
  const onlyNotifications =
    Object.keys(input).length === 1 &&
    input.customer &&
    Object.keys(input.customer).every((k) => k === "notification_type");
  if (status !== INCOMPLETE && !(status === SUBMITTED && onlyNotifications)) {
    throw forbidden("This order has already been submitted and can no longer be changed.");
  }
  const errors: Record<string, string[]> = {};
  if (input.pickup_at) await assertPickupTime(db, order, input.pickup_at);
  if (input.pickup_location_id) {
    const location = await db
      .selectFrom("pickup_locations")
      .select("id")
      .where("id", "=", input.pickup_location_id)
      .where("department_id", "=", order.department_id)
      .executeTakeFirst();
    if (!location) errors.pickup_location_id = [MESSAGES.pickupLocation];
  }
  const c = input.customer ?? {};
  for (const field of ["first_name", "last_name", "email", "phone"] as const) {
    const value = c[field];
    if (value === undefined || value === null || value.trim() === "") continue;
    const check = CheckoutCustomer.shape[field].safeParse(value);
    if (!check.success) errors[`customer.${field}`] = check.error.issues.map((i) => i.message);
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const blank = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  await db
    .updateTable("orders")
    .set({
      ...(input.source !== undefined ? { source: input.source } : {}),
      ...(input.pickup_at !== undefined
        ? { pickup_at: input.pickup_at ? new Date(input.pickup_at).toISOString() : null }
        : {}),
      ...(input.pickup_location_id !== undefined
        ? { pickup_location_id: input.pickup_location_id }
        : {}),
      ...(input.substitutions_allowed !== undefined
        ? { substitutions_allowed: input.substitutions_allowed ? 1 : 0 }
        : {}),
      ...(c.first_name !== undefined ? { customer_first_name: blank(c.first_name) } : {}),
      ...(c.last_name !== undefined ? { customer_last_name: blank(c.last_name) } : {}),
      ...(c.email !== undefined ? { customer_email: blank(c.email) } : {}),
      ...(c.phone !== undefined ? { customer_phone: blank(c.phone) } : {}),
      ...(c.notification_type !== undefined
        ? { notification_type: JSON.stringify([...new Set(c.notification_type)]) }
        : {}),
      ...(input.notes !== undefined ? { notes: blank(input.notes) } : {}),
      ...(input.received_assistance !== undefined
        ? { received_assistance: input.received_assistance ? 1 : 0 }
        : {}),
      updated_at: nowIso(),
    })
    .where("id", "=", order.id)
    .execute();
}

/** POST orders/{id}/promotion: 422 for an empty code, 400 with the reason for an unusable one. */
export async function applyPromotion(
  db: Db,
  caller: Caller,
  id: number,
  rawCode: string,
  now = new Date(),
) {
  const code = rawCode.trim().toUpperCase();
  if (!code) throw invalid({ code: [PROMO_CODE_REQUIRED] }, PROMO_CODE_REQUIRED);
  const order = await findEditableOrder(db, caller, id);
  const refuse = (reason: string) => badRequest(reason, { generic: [reason] });
  const promotion = await db
    .selectFrom("promotions")
    .selectAll()
    .where("brand_id", "=", caller.brandId)
    .where("code", "=", code)
    .executeTakeFirst();
  if (!promotion || !promotion.active) throw refuse("That promotion code is not valid.");
  const at = now.toISOString();
  if (promotion.starts_at && toIso(promotion.starts_at) > at)
    throw refuse("That promotion code is not active yet.");
  if (promotion.ends_at && toIso(promotion.ends_at) < at)
    throw refuse("That promotion code has expired.");
  if (promotion.max_uses !== null && promotion.uses >= promotion.max_uses)
    throw refuse("That promotion code has been fully redeemed.");
  if (isDeliveryPromotion(promotion) && order.delivery_amount <= 0)
    throw refuse("That promotion code applies to delivery orders only.");
  if (order.subtotal < promotion.minimum_subtotal) {
    throw refuse(
      `That promotion code needs an order of at least $${(promotion.minimum_subtotal / 100).toFixed(2)}.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ promotion_id: promotion.id })
      .where("id", "=", order.id)
      .execute();
    await recomputeTotals(trx, order.id);
  });
}

/** PUT orders/{id}/refresh: prices items again at today's prices and recomputes the totals. */
export async function refreshOrder(db: Db, caller: Caller, id: number) {
  const order = await findEditableOrder(db, caller, id);
  await db.transaction().execute(async (trx) => {
    const items = await trx
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    for (const item of items) {
      const dp = await trx
        .selectFrom("department_products")
        .select(["srp_amount", "sale_srp_amount", "on_sale"])
        .where("department_id", "=", order.department_id)
        .where("product_id", "=", item.product_id)
        .executeTakeFirst();
      if (!dp) continue;
      const price =
        dp.on_sale && (dp.sale_srp_amount ?? 0) > 0 ? dp.sale_srp_amount! : dp.srp_amount;
      const prefs = await trx
        .selectFrom("item_preferences")
        .select("price")
        .where("item_id", "=", item.id)
        .execute();
      const perUnit = price + prefs.reduce((s, p) => s + p.price, 0);
      await trx
        .updateTable("order_items")
        .set({ price, subtotal: Math.round(item.quantity * perUnit) })
        .where("id", "=", item.id)
        .execute();
    }
    await recomputeTotals(trx, order.id);
  });
}

/**
 * PUT orders/{id}/place. One submitted order per cart, whatever the retries: the status moves from
 * incomplete to submitted in one conditional update, inside the transaction that takes the stock.
 * A retry carrying the same idempotency key answers the placed order; any other placement of a
 * placed order is a 403 duplicate.
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  id: number,
  placementKey: string | null,
  now = new Date(),
) {
  const order = await findOwnedOrder(db, caller, id);
  const status = order.status.toLowerCase();
  if (status !== INCOMPLETE) {
    if (placementKey && order.placement_key === placementKey && status !== CANCELLED)
      return order.id;
    throw forbidden(DUPLICATE_ORDER);
  }
  const department = await findDepartment(db, caller.brandId, order.department_id);
  const errors: Record<string, string[]> = {};
  const items = await db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", order.id)
    .execute();
  if (items.length === 0) errors.items = ["Your cart is empty."];
  if (!order.pickup_at) errors.pickup_at = ["Choose a pickup time."];
  if (!order.pickup_location_id) errors.pickup_location_id = [MESSAGES.pickupLocation];
  const customer = CheckoutCustomer.safeParse({
    first_name: order.customer_first_name ?? "",
    last_name: order.customer_last_name ?? "",
    email: order.customer_email ?? "",
    phone: order.customer_phone ?? "",
  });
  if (!customer.success) {
    for (const [field, messages] of Object.entries(fieldErrors(customer.error)))
      errors[`customer.${field}`] = messages;
  }
  if (department.remote_orders_require_authentication && caller.userId === null) {
    errors.generic = ["Please sign in to place an order in this department."];
  }
  if (department.remote_orders_require_online_payment) {
    const approved = await db
      .selectFrom("card_authorizations")
      .select("id")
      .where("order_id", "=", order.id)
      .where("status", "=", "approved")
      .executeTakeFirst();
    if (!approved)
      errors.generic = [...(errors.generic ?? []), "This department requires online payment."];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  await assertPickupTime(db, order, toIso(order.pickup_at!), now);

  try {
    await takeStockAndSubmit(db, order, items, department.store_id, placementKey, now);
  } catch (error) {
    // Another request placed it first: the same request retried gets the placed order.
    if (error instanceof HttpError && error.status === 403 && placementKey) {
      const current = await findOwnedOrder(db, caller, id);
      if (current.placement_key === placementKey) return current.id;
    }
    throw error;
  }
  return order.id;
}

async function takeStockAndSubmit(
  db: Db,
  order: Row<"orders">,
  items: Row<"order_items">[],
  storeId: number,
  placementKey: string | null,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    // Take the stock of limited products; a shortfall fails the whole placement.
    const shortfalls: Record<string, string[]> = {};
    for (const item of items) {
      const taken = await trx
        .updateTable("department_products")
        .set((eb) => ({ remaining_quantity: eb("remaining_quantity", "-", item.quantity) }))
        .where("department_id", "=", order.department_id)
        .where("product_id", "=", item.product_id)
        .where("remaining_quantity", "is not", null)
        .where("remaining_quantity", ">=", item.quantity - 1e-6)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) {
        const limited = await trx
          .selectFrom("department_products")
          .select("remaining_quantity")
          .where("department_id", "=", order.department_id)
          .where("product_id", "=", item.product_id)
          .executeTakeFirst();
        if (!limited || limited.remaining_quantity !== null)
          shortfalls[`items.${item.id}.quantity`] = [ITEM_QUANTITY_GONE];
      }
    }
    if (Object.keys(shortfalls).length) throw invalid(shortfalls, ITEM_QUANTITY_GONE);

    const placed = await trx
      .updateTable("orders")
      .set({
        status: SUBMITTED,
        number: `${storeId}-${String(order.id).padStart(6, "0")}-${randomBytes(2).toString("hex").toUpperCase()}`,
        placed_at: now.toISOString(),
        placement_key: placementKey,
        updated_at: now.toISOString(),
      })
      .where("id", "=", order.id)
      .where("status", "=", INCOMPLETE)
      .executeTakeFirst();
    // Another request placed it between our read and this write: this one is the duplicate.
    if (Number(placed.numUpdatedRows) !== 1) throw new HttpError(403, DUPLICATE_ORDER);
    if (order.promotion_id) {
      await trx
        .updateTable("promotions")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("id", "=", order.promotion_id)
        .execute();
    }
  });
}
