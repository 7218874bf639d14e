/**
 * Orders built through the API as a shopper's device would: a cart of plain products, a valid
 * pickup slot, customer details. Shared by the API tests of checkout, promotions and races.
 */
import { expect } from "vitest";
import { pickupSlots } from "@core/rules/pickup-slots";
import type { TestApi } from "./api";

export interface PlainProduct {
  id: number;
  department_id: number;
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: number;
}

/** Products a cart takes as they are: no required facets, unlimited stock, no lead time. */
export function simpleProducts(api: TestApi) {
  return api.db.kysely
    .selectFrom("products as p")
    .innerJoin("department_products as dp", "dp.product_id", "p.id")
    .select(["p.id", "dp.department_id", "dp.srp_amount", "dp.sale_srp_amount", "dp.on_sale"])
    .where("dp.remaining_quantity", "is", null)
    .where("p.lead_time", "=", 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("facets")
            .select("facets.id")
            .whereRef("facets.product_id", "=", "p.id")
            .where("facets.required", "=", 1),
        ),
      ),
    );
}

/**
 * Plain products (no required facets, unlimited stock, no lead time) of the first department that
 * takes guests, cheapest first is not promised: ordered by id, so a test can take its own by index.
 */
export async function plainProducts(api: TestApi): Promise<PlainProduct[]> {
  const rows = await simpleProducts(api)
    .innerJoin("departments as d", "d.id", "dp.department_id")
    .where("d.remote_orders_require_authentication", "=", 0)
    .where("d.remote_orders_require_online_payment", "=", 0)
    .where("p.maximum_quantity", "is", null)
    .orderBy("p.id")
    .limit(200)
    .execute();
  const department = rows[0]!.department_id;
  return rows.filter((r) => r.department_id === department);
}

export async function plainProduct(api: TestApi, index = 0): Promise<PlainProduct> {
  const product = (await plainProducts(api))[index];
  if (!product) throw new Error(`no plain product number ${index}`);
  return product;
}

/** Sets a product's stock in its department, as the store's inventory feed would. */
export async function setStock(api: TestApi, product: PlainProduct, remaining: number | null) {
  await api.db.kysely
    .updateTable("department_products")
    .set({ remaining_quantity: remaining })
    .where("department_id", "=", product.department_id)
    .where("product_id", "=", product.id)
    .execute();
}

/** Another device's key when given; the test API's own key otherwise. */
const as = (key?: string) => (key ? { key } : {});

export async function newOrder(api: TestApi, departmentId: number, key?: string) {
  const res = await api.call("POST", "/orders", {
    body: { department_id: departmentId },
    ...as(key),
  });
  expect(res.status).toBe(201);
  return (await res.json()).data as { id: number };
}

export async function addItem(
  api: TestApi,
  orderId: number,
  product: PlainProduct,
  quantity: number,
  key?: string,
) {
  return api.call("POST", "/items", {
    body: { order_id: orderId, product_id: product.id, quantity, preferences: [] },
    ...as(key),
  });
}

export async function cartWithOneItem(api: TestApi, quantity = 2, product?: PlainProduct) {
  const chosen = product ?? (await plainProduct(api));
  const order = await newOrder(api, chosen.department_id);
  const res = await addItem(api, order.id, chosen, quantity);
  expect(res.status).toBe(201);
  return { order, product: chosen };
}

export async function validSlot(api: TestApi, orderId: number, key?: string) {
  const res = await api.call("GET", `/blackouts?order_id=${orderId}&source=website`, as(key));
  const body = await res.json();
  const days = pickupSlots(new Date(), {
    timeZone: body.meta.timezone,
    intervalMinutes: body.meta.pickup_window.interval,
    limits: body.meta.lead_time,
    itemLeadTimes: [],
    blackouts: body.data,
  });
  return { days, body };
}

/** How far past the earliest offered slot a prepared order's pickup time is. */
const SLOT_MARGIN_MS = 60 * 60 * 1000;

export const GUEST = {
  first_name: "Pat",
  last_name: "Lee",
  email: "pat@example.com",
  phone: "(609) 555-0142",
  notification_type: ["email"],
};

/** Gives an order with items a pickup time, a location and a customer, so it can be placed. */
export async function prepareForPlacement(
  api: TestApi,
  orderId: number,
  { key, customer = GUEST }: { key?: string; customer?: typeof GUEST } = {},
) {
  const { days } = await validSlot(api, orderId, key);
  // Not the earliest slot: on a busy machine the lead time can pass it before the PUT arrives.
  const slots = days.flatMap((day) => day.slots);
  const earliest = Date.parse(slots[0]!.value);
  const slot = slots.find((s) => Date.parse(s.value) >= earliest + SLOT_MARGIN_MS) ?? slots[0]!;
  const read = await api.call(
    "GET",
    `/orders/${orderId}?include=department.pickup_locations`,
    as(key),
  );
  const { data } = await read.json();
  const put = await api.call("PUT", `/orders/${orderId}`, {
    ...as(key),
    body: {
      pickup_at: slot.value,
      pickup_location_id: data.department.data.pickup_locations.data[0].id,
      customer,
    },
  });
  expect(put.status).toBe(200);
}

export async function readyToPlace(api: TestApi, quantity = 2, product?: PlainProduct) {
  const { order } = await cartWithOneItem(api, quantity, product);
  await prepareForPlacement(api, order.id);
  return order.id;
}

export const place = (api: TestApi, orderId: number, idempotencyKey?: string, key?: string) =>
  fetch(`${api.url}/orders/${orderId}/place`, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${key ?? api.key}`,
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
  });

/** An order placed with `key` (a shopper's device): one item of `product`, `quantity` of it. */
export async function placedOrderOf(
  api: TestApi,
  key: string,
  product: PlainProduct,
  quantity = 2,
) {
  const order = await newOrder(api, product.department_id, key);
  expect((await addItem(api, order.id, product, quantity, key)).status).toBe(201);
  await prepareForPlacement(api, order.id, { key });
  expect((await place(api, order.id, undefined, key)).status).toBe(200);
  return order.id;
}

/** What the database holds for an order: its stored totals beside the sum of its items. */
export async function storedTotals(api: TestApi, orderId: number) {
  const order = await api.db.kysely
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await api.db.kysely
    .selectFrom("order_items")
    .select(["quantity", "subtotal", "product_id"])
    .where("order_id", "=", orderId)
    .execute();
  return {
    order,
    items,
    itemsSum: items.reduce((sum, i) => sum + i.subtotal, 0),
    quantity: items.reduce((sum, i) => sum + i.quantity, 0),
  };
}

/** What the database says is left of a product in its department (null: no limit). */
export async function remainingStock(api: TestApi, product: { id: number; department_id: number }) {
  const row = await api.db.kysely
    .selectFrom("department_products")
    .select("remaining_quantity")
    .where("department_id", "=", product.department_id)
    .where("product_id", "=", product.id)
    .executeTakeFirstOrThrow();
  return row.remaining_quantity;
}
