/**
 * The demo shopper, Pat Rivera (pat@example.com): a signed-in user with a Price Plus Club card and a
 * few past orders at two stores, one in each state a past order can be in, so the Past Orders page
 * shows retract, cancel and reorder working and refused.
 *
 * Idempotent on the email: if a row for it exists it is used as it is (given a card number if it
 * has none), and orders are added only when the user has none. The sandbox provider's Pat has
 * this row's subject, so signing in as her is signing in as this user.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { clubDiscount } from "@core/rules/club";
import { subtotalOf, unitPrice } from "@core/rules/item-configuration";
import { ORDER_STATUS } from "@core/rules/order-status";
import type { Trx } from "./batch";
import { addDays, localDateOf, localToIso } from "./time";

export const DEMO_SHOPPER = {
  email: "pat@example.com",
  sso_subject: "demo-pat-lee",
  first_name: "Pat",
  last_name: "Rivera",
  phone: "(555) 010-2030",
  card_number: "4400012345678",
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The store-local hours a demo order is picked up in and placed at: inside every demo store's
 * opening hours (the earliest opens at 09:00 on Sunday, the earliest close is 18:00).
 */
const PICKUP_HOURS = { first: 10, last: 17 } as const;
const PLACED_AT_HOUR = 9;

/**
 * When a demo order `pickupIn` from `now` is picked up and when it was placed, as the store's
 * clock reads them: on the store-local day `pickupIn` lands on, at its hour kept inside opening
 * hours, on the hour; placed two days before that day (or before today, if it is still ahead),
 * at opening. A seed run at night never shows a 4 AM pickup.
 */
export function demoOrderTimes(now: Date, pickupIn: number, timezone: string) {
  const target = new Date(now.getTime() + pickupIn);
  const day = localDateOf(target, timezone);
  const localHour = Number(
    new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      hourCycle: "h23",
      timeZone: timezone,
    }).format(target),
  );
  const hour = Math.min(PICKUP_HOURS.last, Math.max(PICKUP_HOURS.first, localHour));
  const pickupAt = localToIso(day, hour, 0, timezone);
  const placedFrom = localDateOf(new Date(Math.min(now.getTime(), Date.parse(pickupAt))), timezone);
  return { pickupAt, placedAt: localToIso(addDays(placedFrom, -2), PLACED_AT_HOUR, 0, timezone) };
}

/** The past orders: where (store index, department kind), in what state, picked up when. */
const PAST_ORDERS = [
  { store: 0, kind: "grocery", status: ORDER_STATUS.submitted, pickupIn: 3 * DAY, items: 3 },
  { store: 0, kind: "bakery", status: ORDER_STATUS.inProgress, pickupIn: 5 * HOUR, items: 2 },
  { store: 0, kind: "meat", status: ORDER_STATUS.ready, pickupIn: HOUR, items: 2 },
  { store: 0, kind: "deli", status: ORDER_STATUS.pickedUp, pickupIn: -7 * DAY, items: 2 },
  { store: 1, kind: "grocery", status: ORDER_STATUS.cancelled, pickupIn: -14 * DAY, items: 2 },
] as const;

/** The user's id, creating the row when no user of the brand has the email. */
async function demoUser(trx: Trx, brandId: number, now: Date): Promise<number> {
  const existing = await trx
    .selectFrom("users")
    .select(["id", "card_number"])
    .where("brand_id", "=", brandId)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", DEMO_SHOPPER.email))
    .executeTakeFirst();
  if (existing) {
    if (!existing.card_number)
      await trx
        .updateTable("users")
        .set({ card_number: DEMO_SHOPPER.card_number })
        .where("id", "=", existing.id)
        .execute();
    return existing.id;
  }
  const { id } = await trx
    .insertInto("users")
    .values({
      ...DEMO_SHOPPER,
      brand_id: brandId,
      uuid: randomUUID(),
      mi9_uuid: null,
      mwg_uuid: null,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function seedDemoShopper(
  trx: Trx,
  brandId: number,
  departmentOf: (storeIndex: number, kind: (typeof PAST_ORDERS)[number]["kind"]) => number,
  now: Date,
): Promise<void> {
  const userId = await demoUser(trx, brandId, now);
  const hasOrders = await trx
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  if (hasOrders) return;

  // The device the orders were placed on: a key no one holds (only its hash is ever stored).
  const { id: apiKeyId } = await trx
    .insertInto("api_keys")
    .values({
      key_hash: createHash("sha256").update(randomBytes(32)).digest("hex"),
      uuid: randomUUID(),
      brand_id: brandId,
      device_brand: null,
      device_platform: null,
      device_model: null,
      device_version: null,
      app_type: "website",
      app_version: null,
      user_id: userId,
      home_store_id: null,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  for (const past of PAST_ORDERS) {
    const departmentId = departmentOf(past.store, past.kind);
    const department = await trx
      .selectFrom("departments")
      .innerJoin("stores", "stores.id", "departments.store_id")
      .select(["departments.store_id", "stores.timezone"])
      .where("departments.id", "=", departmentId)
      .executeTakeFirstOrThrow();
    const location = await trx
      .selectFrom("pickup_locations")
      .select("id")
      .where("department_id", "=", departmentId)
      .orderBy("weight")
      .orderBy("id")
      .executeTakeFirst();
    // Club-priced products first, so the demo shows club savings; plain ones only (no choices).
    const products = await trx
      .selectFrom("department_products as dp")
      .select([
        "dp.product_id",
        "dp.srp_amount",
        "dp.sale_srp_amount",
        "dp.on_sale",
        "dp.discount_amount",
      ])
      .where("dp.department_id", "=", departmentId)
      .where("dp.active", "=", 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("facets")
              .select("facets.id")
              .whereRef("facets.product_id", "=", "dp.product_id"),
          ),
        ),
      )
      .orderBy((eb) => eb.case().when("dp.discount_amount", "is not", null).then(0).else(1).end())
      .orderBy("dp.product_id")
      .limit(past.items)
      .execute();
    const lines = products.map((p, i) => {
      const quantity = i + 1;
      const price = unitPrice({ ...p, on_sale: p.on_sale === 1 });
      const subtotal = subtotalOf(quantity, price, []);
      return {
        ...p,
        quantity,
        price,
        subtotal,
        club: clubDiscount(p.discount_amount, quantity, subtotal),
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
    const clubSavings = lines.reduce((sum, l) => sum + l.club, 0);
    const { pickupAt, placedAt } = demoOrderTimes(now, past.pickupIn, department.timezone);
    const { id: orderId } = await trx
      .insertInto("orders")
      .values({
        number: null,
        brand_id: brandId,
        api_key_id: apiKeyId,
        user_id: userId,
        department_id: departmentId,
        status: past.status,
        source: "website",
        pickup_at: pickupAt,
        pickup_location_id: location?.id ?? null,
        substitutions_allowed: 1,
        customer_first_name: DEMO_SHOPPER.first_name,
        customer_last_name: DEMO_SHOPPER.last_name,
        customer_email: DEMO_SHOPPER.email,
        customer_phone: DEMO_SHOPPER.phone,
        notification_type: '["email"]',
        notes: null,
        received_assistance: 0,
        promotion_id: null,
        subtotal,
        discount: 0,
        club_savings: clubSavings,
        delivery_amount: 0,
        tip_amount: 0,
        total: subtotal - clubSavings,
        placed_at: placedAt,
        placement_key: null,
        cancelled_at: past.status === ORDER_STATUS.cancelled ? placedAt : null,
        created_at: placedAt,
        updated_at: placedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Numbered as placement numbers them: store, order id, a random suffix.
    await trx
      .updateTable("orders")
      .set({
        number: `${department.store_id}-${String(orderId).padStart(6, "0")}-${randomBytes(2).toString("hex").toUpperCase()}`,
      })
      .where("id", "=", orderId)
      .execute();
    if (lines.length)
      await trx
        .insertInto("order_items")
        .values(
          lines.map((l) => ({
            order_id: orderId,
            product_id: l.product_id,
            quantity: l.quantity,
            price: l.price,
            subtotal: l.subtotal,
            club_discount_amount: l.club,
            notes: null,
            image_url: null,
            add_source: "default",
            created_at: placedAt,
            updated_at: placedAt,
          })),
        )
        .execute();
  }
}
