/**
 * Fuzz of the delivery calls (decision 022): checking an address, delivery on and off, and placing
 * with a delivery payload, aimed at the caller's own signed-in delivery carts (one per delivery
 * service) so the deep checks are reached. No 5xx, and afterwards no total that disagrees with its
 * items, delivery and tip.
 */
import * as fc from "fast-check";
import { afterAll, beforeAll, describe } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { deliveryShop } from "../support/deliveries";
import { validSlot } from "../support/orders";
import { bindKey, newUser } from "../support/users";
import {
  bodyFor,
  field,
  fuzzEachRoute,
  nastyNumber,
  nastyString,
  pathSegment,
  refs,
  type FuzzRoute,
  type Pool,
} from "./support";

let api: TestApi;
let otherKey: string;
const pool: Pool = {};
const carts: Record<string, { department: number; product: number; state: string; zip: string }> =
  {};

/** A delivery cart of the caller's with a pickup time, or the one in the pool while it still is. */
async function keepCart(name: string) {
  const current = pool[name];
  if (current !== undefined) {
    const order = await api.db.kysely
      .selectFrom("orders")
      .select("status")
      .where("id", "=", Number(current))
      .executeTakeFirst();
    const items = await api.db.kysely
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", Number(current))
      .execute();
    if (order?.status === "incomplete" && items.length) return;
  }
  const cart = carts[name]!;
  const added = await api.call("POST", "/items", {
    body: { department_id: cart.department, product_id: cart.product, quantity: 1 },
  });
  const id = (await added.json()).data.order_id as number;
  const { days } = await validSlot(api, id);
  const slot = days.flatMap((d) => d.slots)[3]!;
  await api.call("PUT", `/orders/${id}`, { body: { pickup_at: slot.value } });
  await api.call("POST", `/orders/${id}/store-delivery`, {
    body: {
      first_name: "Pat",
      last_name: "Rivera",
      email: "pat@example.com",
      phone: "(609) 555-0142",
      address: "12 Nassau Street",
      city: "Princeton",
      state: cart.state,
      zip_code: cart.zip,
      tip: 200,
    },
  });
  pool[name] = id;
}

beforeAll(async () => {
  api = await startTestApi();
  await bindKey(api, api.key, await newUser(api));
  otherKey = await api.newKey();
  for (const [name, provider] of [
    ["dashOrder", "door_dash"],
    ["storeOrder", "store"],
  ] as const) {
    const shop = await deliveryShop(api, provider);
    carts[name] = {
      department: shop.departmentId,
      product: shop.products[0]!.id,
      state: shop.state,
      zip: shop.zip,
    };
    await keepCart(name);
  }
});
afterAll(() => api?.close());

const before = async () => {
  await keepCart("dashOrder");
  await keepCart("storeOrder");
};

const orderPath = (suffix: string) =>
  pathSegment(refs("dashOrder", "storeOrder")).map((id) => `/orders/${id}${suffix}`);
const states = field(fc.constantFrom("NJ", "nj", "PA", "NY", "ZZ", ""), nastyString);
const zips = field(fc.constantFrom("08540", "99999", "08540-1234", "1234", ""), nastyString);
const tips = field(fc.integer({ min: -5, max: 100_005 }), nastyNumber, fc.constant("250"));
const text = field(nastyString, fc.constant(null));
const deliveryInfo = bodyFor({
  first_name: field(fc.constant("Pat"), nastyString),
  last_name: field(fc.constant("Rivera"), nastyString),
  email: field(fc.constant("pat@example.com"), fc.emailAddress(), nastyString),
  phone: field(fc.constantFrom("(609) 555-0142", "(011) 555-0142", "555"), nastyString),
  address: field(fc.constantFrom("12 Nassau Street", "Nassau Street", "12"), nastyString),
  city: field(fc.constant("Princeton"), nastyString),
  state: states,
  zip_code: zips,
  dropoff_instructions: text,
  tip: tips,
});

const ROUTES: Record<string, FuzzRoute> = {
  "POST /orders/:id/delivery/validate": {
    method: "POST",
    path: orderPath("/delivery/validate"),
    body: deliveryInfo,
  },
  "POST /orders/:id/store-delivery": {
    method: "POST",
    path: orderPath("/store-delivery"),
    body: deliveryInfo,
  },
  "PUT /orders/:id/place (delivery payload)": {
    method: "PUT",
    path: orderPath("/place"),
    body: fc.option(
      bodyFor({
        delivery: field(
          fc.record(
            {
              dropoff_instructions: text,
              dropoff_address: field(
                fc.record(
                  {
                    street: field(fc.constant("Nassau Street"), nastyString),
                    unit: text,
                    city: field(fc.constant("Princeton"), nastyString),
                    state: states,
                    zip_code: zips,
                  },
                  { requiredKeys: [] },
                ),
              ),
              tip: tips,
            },
            { requiredKeys: [] },
          ),
        ),
      }),
      { nil: undefined, freq: 6 },
    ),
  },
  // Last: turning delivery off leaves the calls above a pickup cart until the next rebuild.
  "DELETE /orders/:id/store-delivery": {
    method: "DELETE",
    path: orderPath("/store-delivery"),
    body: fc.option(bodyFor({}), { nil: undefined, freq: 4 }),
  },
};

describe("API delivery calls under generated input", () => {
  fuzzEachRoute(ROUTES, 5_000, () => ({ api, pool, otherKey, before }));
});
