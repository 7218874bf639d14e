/**
 * From a cart to a placed order: pickup-time rules (blackouts, lead times), order updates,
 * promotions and the one-time placement. Every rule that protects an order is checked here, with
 * the same modules the storefront uses for fast feedback (app/lib).
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DeliveryPayload } from "@core/contract/deliveries";
import type { OrderChanges } from "@core/contract/order-changes";
import { CheckoutCustomer } from "@core/rules/checkout-customer";
import { MESSAGES } from "@core/rules/patterns";
import {
  PICKUP_TIME_GONE,
  onSlotGrid,
  slotProblem,
  type SlotRules,
} from "@core/rules/pickup-slots";
import { subtotalOf, unitPrice } from "@core/rules/item-configuration";
import { localDaysBetween, minutesAfterMidnight, wallTime } from "@core/rules/local-days";
import {
  isDeliveryPromotion,
  PROMO_CODE_REQUIRED,
  promotionMinimumMessage,
} from "@core/rules/promotions";
import { DUPLICATE_ORDER, ITEM_QUANTITY_GONE } from "@core/rules/placement-messages";
import type { Database, Row } from "../db/schema";
import { writeTransaction } from "../db/transaction";
import { keptWhileUnchanged } from "../db/unchanged";
import { nowIso, toIso } from "../db/values";
import type { Caller } from "../http/caller";
import { badRequest, forbidden, invalid } from "../http/errors";
import { fieldErrors } from "../http/validation";
import type { DeliveryServices } from "../integrations/delivery";
import { deliveryForPlacement } from "./deliveries";
import { assertPaymentForPlacement } from "./card-authorizations";
import { findDepartment, leadTimeLimits } from "./departments";
import { groupBy } from "./grouping";
import { bookSlot, holdSlot, releasePlace, slotKindOf } from "./slot-places";
import {
  CANCELLED,
  changeOrder,
  claimForUser,
  findOwnedOrder,
  INCOMPLETE,
  ORDER_SUBMITTED,
  recomputeTotals,
  SUBMITTED,
} from "./orders";
import { enqueueOrderEvent } from "./outbox";

type Db = Kysely<Database>;

/**
 * What an order's blackouts are made of, for its department: the department, its store, the
 * store's opening hours and its blackout rows not over at `since`. Kept while the database is
 * unchanged (db/unchanged.ts): the time picker asks on every view. No lifetime is needed: as the
 * clock moves on, fewer of the rows apply and never one more, so blackoutsFor applies the clock's
 * part (which rows are over, which days the window reaches) on every call.
 */
async function readBlackoutParts(db: Db, departmentId: number, since: Date) {
  const department = await db
    .selectFrom("departments")
    .selectAll()
    .where("id", "=", departmentId)
    .executeTakeFirstOrThrow();
  const store = await db
    .selectFrom("stores")
    .selectAll()
    .where("id", "=", department.store_id)
    .executeTakeFirstOrThrow();
  const [rows, hours] = await Promise.all([
    db
      .selectFrom("blackouts")
      .select(["from", "to", "type"])
      .where("store_id", "=", store.id)
      .where((eb) =>
        eb.or([eb("department_id", "is", null), eb("department_id", "=", department.id)]),
      )
      .where("to", ">=", since.toISOString())
      .orderBy("from")
      .execute(),
    db.selectFrom("store_hours").selectAll().where("store_id", "=", store.id).execute(),
  ]);
  return {
    department,
    store,
    hours,
    rows: rows.map((r) => ({ from: toIso(r.from), to: toIso(r.to), type: r.type })),
    since: since.getTime(),
  };
}

const keptBlackoutParts = keptWhileUnchanged(
  (departmentId: number) => String(departmentId),
  // Rows over a minute before the read are left out, so that a caller whose clock was read just
  // before it (a request's `now`) still finds every row it needs here.
  (db, departmentId) => readBlackoutParts(db, departmentId, new Date(Date.now() - 60_000)),
  200,
);

/**
 * Blackouts for an order's pickup window: the store's own (holidays, closures, capacity) and its
 * closed hours, computed from its opening hours for each day of the window. `stamp`: the
 * request's change stamp (http/caller.ts `requestStamp`), for a call that writes nothing;
 * without it the database's is read here.
 */
export async function blackoutsFor(
  db: Db,
  order: Row<"orders">,
  now = new Date(),
  stamp?: string | null,
) {
  let parts = await (stamp === undefined
    ? keptBlackoutParts(db, order.department_id)
    : keptBlackoutParts.at(db, stamp, order.department_id));
  // Kept rows are those not over at `since`: an earlier clock (one set back) needs its own read.
  if (now.getTime() < parts.since) parts = await readBlackoutParts(db, order.department_id, now);
  const { department, store, hours } = parts;
  const limits = leadTimeLimits(department);
  const windowEnd = new Date(now.getTime() + limits.max * 60_000);
  const nowText = now.toISOString();
  const windowEndText = windowEnd.toISOString();
  const rows = parts.rows.filter((r) => r.to >= nowText && r.from <= windowEndText);
  const byDay = new Map(hours.map((h) => [h.day_of_week, h]));
  const closed: { from: string; to: string; type: string }[] = [];
  for (const day of localDaysBetween(now.getTime(), windowEnd.getTime(), store.timezone)) {
    const open = byDay.get(day.weekday);
    // Inclusive ends: the first slot at opening time is bookable, the one at closing time is not.
    const periods: [number, number][] = open
      ? [
          [day.start, wallTime(day, minutesAfterMidnight(open.opens_at), store.timezone) - 1000],
          [wallTime(day, minutesAfterMidnight(open.closes_at), store.timezone), day.end - 1000],
        ]
      : [[day.start, day.end - 1000]];
    for (const [from, to] of periods) {
      if (to >= from && to >= now.getTime())
        closed.push({
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          type: "closed",
        });
    }
  }
  const blackouts = [...rows, ...closed].sort((a, b) => a.from.localeCompare(b.from));
  return { department, store, limits, blackouts };
}

/** Everything the slot rules need for an order, as the time picker would see it. */
async function slotRulesFor(db: Db, order: Row<"orders">, now = new Date()): Promise<SlotRules> {
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

/** The time as a valid slot of the order (422 otherwise), and the store's time zone. */
async function assertPickupTime(db: Db, order: Row<"orders">, pickupAt: string, now = new Date()) {
  const at = new Date(pickupAt);
  const rules = await slotRulesFor(db, order, now);
  if (Number.isNaN(at.getTime()) || !onSlotGrid(at, rules) || slotProblem(at, now, rules)) {
    throw invalid({ pickup_at: [PICKUP_TIME_GONE] }, PICKUP_TIME_GONE, "pickup_time_unavailable");
  }
  return { at, timeZone: rules.timeZone };
}

export type OrderUpdate = OrderChanges;

/** PUT orders/{id}. Checkout fields may be saved incomplete; a value given must be valid. */
export async function updateOrder(db: Db, caller: Caller, id: number, input: OrderUpdate) {
  await changeOrder(db, caller, id, (trx, order) => saveOrderChanges(trx, order, input), {
    anyStatus: true,
  });
}

async function saveOrderChanges(db: Db, order: Row<"orders">, input: OrderUpdate) {
  const status = order.status.toLowerCase();
  // After placement only the notification choice may change (the confirmation page's opt-in).
  const onlyNotifications =
    Object.keys(input).length === 1 &&
    input.customer &&
    Object.keys(input.customer).every((k) => k === "notification_type");
  if (status !== INCOMPLETE && !(status === SUBMITTED && onlyNotifications)) {
    throw forbidden(ORDER_SUBMITTED, "order_not_editable");
  }
  const errors: Record<string, string[]> = {};
  if (input.pickup_at) {
    // The time is checked, then a place held in it when its slot is capped (decision 028).
    const { at, timeZone } = await assertPickupTime(db, order, input.pickup_at);
    await holdSlot(db, order, await slotKindOf(db, order.id, input.fulfillment), at, timeZone);
  } else if (input.pickup_at === null) {
    await releasePlace(db, order.id);
  }
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

const refuse = (reason: string) => badRequest(reason, { generic: [reason] }, "promotion_refused");

const PROMOTION_INVALID = "That promotion code is not valid.";
const PROMOTION_FULLY_REDEEMED = "That promotion code has been fully redeemed.";

/**
 * Why a promotion cannot discount this order now, or null when it can. Checked when it is applied
 * and again, under the order's lock, when the order is placed: dates pass, uses run out and carts
 * shrink in between.
 */
async function promotionProblem(
  db: Db,
  caller: Caller,
  order: Row<"orders">,
  promotion: Row<"promotions"> | undefined,
  now: Date,
): Promise<string | null> {
  if (!promotion || !promotion.active) return PROMOTION_INVALID;
  const at = now.toISOString();
  if (promotion.starts_at && toIso(promotion.starts_at) > at)
    return "That promotion code is not active yet.";
  if (promotion.ends_at && toIso(promotion.ends_at) < at) return "That promotion code has expired.";
  if (promotion.max_uses !== null && promotion.uses >= promotion.max_uses)
    return PROMOTION_FULLY_REDEEMED;
  if (isDeliveryPromotion(promotion) && order.delivery_amount <= 0)
    return "That promotion code applies to delivery orders only.";
  const items = await db
    .selectFrom("order_items")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("subtotal"), eb.lit(0)).as("subtotal"))
    .where("order_id", "=", order.id)
    .executeTakeFirstOrThrow();
  if (Number(items.subtotal) < promotion.minimum_subtotal)
    return promotionMinimumMessage(promotion.minimum_subtotal);
  if (promotion.first_order_only && (await hasPlacedBefore(db, caller, order)))
    return "That promotion code is for a first order only.";
  return null;
}

/**
 * A shopper has placed an order before when another of this brand's orders, placed and not
 * cancelled, was made by the same user, the same device, or for the same email address.
 */
async function hasPlacedBefore(db: Db, caller: Caller, order: Row<"orders">) {
  const email = order.customer_email?.trim().toLowerCase() || null;
  const earlier = await db
    .selectFrom("orders")
    .select("id")
    .where("brand_id", "=", caller.brandId)
    .where("id", "!=", order.id)
    .where("placed_at", "is not", null)
    .where("status", "!=", CANCELLED)
    .where((eb) =>
      eb.or([
        eb("api_key_id", "=", order.api_key_id),
        ...(order.user_id !== null ? [eb("user_id", "=", order.user_id)] : []),
        ...(email ? [eb(eb.fn("lower", ["customer_email"]), "=", email)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return earlier !== undefined;
}

const findPromotion = (db: Db, id: number) =>
  db.selectFrom("promotions").selectAll().where("id", "=", id).executeTakeFirst();

/** POST orders/{id}/promotion: 422 for an empty code, 400 with the reason for an unusable one. */
export async function applyPromotion(
  db: Db,
  caller: Caller,
  id: number,
  rawCode: string,
  now = new Date(),
) {
  const code = rawCode.trim().toUpperCase();
  if (!code)
    throw invalid({ code: [PROMO_CODE_REQUIRED] }, PROMO_CODE_REQUIRED, "promotion_code_required");
  await changeOrder(db, caller, id, async (trx, order) => {
    const promotion = await trx
      .selectFrom("promotions")
      .selectAll()
      .where("brand_id", "=", caller.brandId)
      .where("code", "=", code)
      .executeTakeFirst();
    const problem = await promotionProblem(trx, caller, order, promotion, now);
    if (problem) throw refuse(problem);
    await trx
      .updateTable("orders")
      .set({ promotion_id: promotion!.id })
      .where("id", "=", order.id)
      .execute();
  });
}

/** DELETE orders/{id}/promotion. */
export async function removePromotion(db: Db, caller: Caller, id: number) {
  await changeOrder(db, caller, id, async (trx, order) => {
    await trx
      .updateTable("orders")
      .set({ promotion_id: null })
      .where("id", "=", order.id)
      .execute();
  });
}

/**
 * PUT orders/{id}/refresh: prices items again at today's prices and recomputes the totals. The cart
 * calls it on every view, so only what changed is written.
 */
export async function refreshOrder(db: Db, caller: Caller, id: number) {
  await changeOrder(
    db,
    caller,
    id,
    async (trx, order) => {
      const items = await trx
        .selectFrom("order_items")
        .selectAll()
        .where("order_id", "=", order.id)
        .execute();
      if (items.length === 0) return;
      // Today's prices and the saved selections' prices, one query each for the whole order.
      const shelf = await trx
        .selectFrom("department_products")
        .select(["product_id", "srp_amount", "sale_srp_amount", "on_sale"])
        .where("department_id", "=", order.department_id)
        .where("product_id", "in", [...new Set(items.map((item) => item.product_id))])
        .execute();
      const selections = await trx
        .selectFrom("item_preferences")
        .select(["item_id", "price"])
        .where(
          "item_id",
          "in",
          items.map((item) => item.id),
        )
        .execute();
      const shelfByProduct = new Map(shelf.map((dp) => [dp.product_id, dp]));
      const selectionsByItem = groupBy(selections, (selection) => selection.item_id);
      for (const item of items) {
        const dp = shelfByProduct.get(item.product_id);
        if (!dp) continue;
        const price = unitPrice({ ...dp, on_sale: Boolean(dp.on_sale) });
        // Each selection keeps the price it was saved at; the unit price is today's.
        const subtotal = subtotalOf(
          item.quantity,
          price,
          (selectionsByItem.get(item.id) ?? []).map((selection) => selection.price),
        );
        if (price === item.price && subtotal === item.subtotal) continue;
        await trx
          .updateTable("order_items")
          .set({ price, subtotal })
          .where("id", "=", item.id)
          .execute();
      }
    },
    { writesOnlyChanges: true },
  );
}

/** Placement refused because the order's promotion no longer applies; it was taken off. */
const promotionRemovedMessage = (reason: string) =>
  `${reason} It has been removed from your order: please review your total and place your order again.`;

type Placement = { placed: true } | { promotionRemoved: string };

/**
 * PUT orders/{id}/place. One transaction holds the order row from the first check to the status
 * change: items, customer, pickup time, promotion and stock are all checked on the order as it is
 * then, and no edit can slip in between. A retry carrying the same idempotency key answers the
 * placed order; any other placement of a placed order is a 403 duplicate. A promotion that no
 * longer applies is removed (that change is kept) and the placement refused with the reason, so
 * the shopper sees the new total before placing again.
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  id: number,
  placementKey: string | null,
  now = new Date(),
  delivery: { payload?: DeliveryPayload; services?: DeliveryServices } = {},
) {
  const outcome = await writeTransaction<Placement>(db, async (trx) => {
    const found = await findOwnedOrder(trx, caller, id, { lock: true });
    const status = found.status.toLowerCase();
    if (status !== INCOMPLETE) {
      if (placementKey && found.placement_key === placementKey && status !== CANCELLED)
        return { placed: true };
      throw forbidden(DUPLICATE_ORDER, "duplicate_order");
    }
    // Placed by a signed-in key, the order is the user's, at their club prices (decision 017).
    const order = await claimForUser(trx, caller, found);
    const department = await findDepartment(trx, caller.brandId, order.department_id);
    const items = await trx
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("product_id")
      .orderBy("id")
      .execute();
    // A delivery order's delivery is checked and priced again (422 with its field errors).
    const booking = await deliveryForPlacement(
      trx,
      delivery.services,
      caller,
      order,
      delivery.payload,
    );
    await assertReadyToPlace(trx, caller, order, department, items.length, booking !== null);
    const slot = await assertPickupTime(trx, order, toIso(order.pickup_at!), now);
    // The order's hold becomes its booking; without a live one the slot is counted again.
    const kind = booking !== null ? "delivery" : "pickup";
    await bookSlot(trx, order, kind, slot.at, slot.timeZone, now);

    if (order.promotion_id) {
      const promotion = await findPromotion(trx, order.promotion_id);
      const problem =
        (await promotionProblem(trx, caller, order, promotion, now)) ??
        ((await countPromotionUse(trx, order.promotion_id)) ? null : PROMOTION_FULLY_REDEEMED);
      if (problem) {
        await trx
          .updateTable("orders")
          .set({ promotion_id: null })
          .where("id", "=", order.id)
          .execute();
        await recomputeTotals(trx, order.id);
        return { promotionRemoved: problem };
      }
    }
    await recomputeTotals(trx, order.id);
    await assertPaymentForPlacement(trx, order.id, department, booking !== null);
    await takeStock(trx, order, items);
    await booking?.book();
    await trx
      .updateTable("orders")
      .set({
        status: SUBMITTED,
        // An order edited after placement (retracted) is placed again under its number.
        number: order.number ?? newOrderNumber(department.store_id, order.id),
        placed_at: now.toISOString(),
        placement_key: placementKey,
        updated_at: now.toISOString(),
      })
      .where("id", "=", order.id)
      .execute();
    // 'Order placed' for the channels the shopper chose, in this transaction (decision 044).
    await enqueueOrderEvent(trx, order.id, "placed");
    return { placed: true };
  });
  if ("promotionRemoved" in outcome) {
    const message = promotionRemovedMessage(outcome.promotionRemoved);
    throw invalid({ promotion: [message] }, message, "promotion_removed");
  }
  return id;
}

/** A placed order's number: store, order id, and four hex digits so numbers are not guessed. */
const newOrderNumber = (storeId: number, orderId: number) =>
  `${storeId}-${String(orderId).padStart(6, "0")}-${randomBytes(2).toString("hex").toUpperCase()}`;

/** The checks that need nothing but the order as it stands: 422 with every problem at once. */
async function assertReadyToPlace(
  db: Db,
  caller: Caller,
  order: Row<"orders">,
  department: Row<"departments">,
  itemCount: number,
  delivered = false,
) {
  const errors: Record<string, string[]> = {};
  if (itemCount === 0) errors.items = ["Your cart is empty."];
  if (!order.pickup_at) errors.pickup_at = ["Choose a pickup time."];
  if (!order.pickup_location_id && !delivered)
    errors.pickup_location_id = [MESSAGES.pickupLocation];
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
  if (Object.keys(errors).length) throw invalid(errors, undefined, "order_not_ready");
}

/**
 * Counts one use of a promotion unless that would pass its limit. The condition is part of the
 * update, so parallel placements of different orders cannot together pass the limit.
 */
async function countPromotionUse(db: Db, promotionId: number): Promise<boolean> {
  const counted = await db
    .updateTable("promotions")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", promotionId)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/**
 * Takes the stock of limited products; a shortfall fails the whole placement. Items come sorted by
 * product, so two placements lock the same stock rows in the same order and cannot deadlock.
 */
async function takeStock(db: Db, order: Row<"orders">, items: Row<"order_items">[]) {
  const shortfalls: Record<string, string[]> = {};
  for (const item of items) {
    const taken = await db
      .updateTable("department_products")
      .set((eb) => ({ remaining_quantity: eb("remaining_quantity", "-", item.quantity) }))
      .where("department_id", "=", order.department_id)
      .where("product_id", "=", item.product_id)
      .where("remaining_quantity", "is not", null)
      .where("remaining_quantity", ">=", item.quantity - 1e-6)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      const limited = await db
        .selectFrom("department_products")
        .select("remaining_quantity")
        .where("department_id", "=", order.department_id)
        .where("product_id", "=", item.product_id)
        .executeTakeFirst();
      if (!limited || limited.remaining_quantity !== null)
        shortfalls[`items.${item.id}.quantity`] = [ITEM_QUANTITY_GONE];
    }
  }
  if (Object.keys(shortfalls).length) throw invalid(shortfalls, ITEM_QUANTITY_GONE, "out_of_stock");
}
