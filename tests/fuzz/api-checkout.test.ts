/**
 * Fuzz of the API's checkout calls: updating, cancelling, pricing and placing an order, pickup
 * blackouts, promotions, recommendations and their analytics, coupons. Ids are often the caller's
 * own real order (ready to place), so the deep checks are reached; after each route the database
 * must hold no half-written rows (totals, orphans, promotion uses, stock).
 */
import * as fc from "fast-check";
import { afterAll, beforeAll, describe } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { fuzzCarts, type Carts } from "./carts";
import {
  bodyFor,
  field,
  fuzzEachRoute,
  nastyNumber,
  nastyString,
  pathSegment,
  q,
  queryFor,
  ref,
  refs,
  type FuzzRoute,
} from "./support";

let api: TestApi;
let otherKey: string;
let carts: Carts;

beforeAll(async () => {
  api = await startTestApi();
  otherKey = await api.newKey();
  carts = await fuzzCarts(api, otherKey);
});
afterAll(() => api?.close());

/** The real coupon and recommendation collection of the current order, for the calls that take them. */
async function refreshExtras() {
  await carts.refresh();
  const pool = carts.pool;
  if (pool.extrasFor === pool.order) return;
  const coupon = await api.call("GET", `/orders/${pool.order}/coupon`);
  const offered = coupon.status === 200 ? (await coupon.json()).data : null;
  pool.couponId = offered?.coupon_id ?? "none";
  pool.clipToken = offered?.clip_token ?? "none";
  const recs = await api.call("GET", `/orders/${pool.order}/product-recommendations`);
  pool.collection = recs.status === 200 ? (await recs.json()).data.collection_id : "abc";
  pool.extrasFor = pool.order!;
}

const num = (name: string) => fc.constant(ref(name));
const orderId = pathSegment(refs("order", "photoOrder", "otherOrder"));
const orderPath = (suffix = "") => orderId.map((id) => `/orders/${id}${suffix}`);
const text = field(nastyString, fc.constant(null));
const isoTimes = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    "2030-01-01T15:00:00.000Z",
    "2030-01-01",
    "tomorrow",
    "0",
    "275760-09-13T00:00:00Z",
  ),
);

const ROUTES: Record<string, FuzzRoute> = {
  "PUT /orders/:id": {
    method: "PUT",
    path: orderPath(),
    body: bodyFor({
      source: field(fc.constantFrom("website", "kiosk", "app", "phone", "fax")),
      pickup_at: field(isoTimes, fc.constant(null)),
      pickup_location_id: field(nastyNumber, fc.constant(null)),
      substitutions_allowed: field(fc.boolean(), fc.constantFrom("true", 1)),
      customer: field(
        fc.record(
          {
            first_name: text,
            last_name: text,
            email: field(fc.emailAddress(), nastyString),
            phone: field(
              fc.constantFrom("(609) 555-0142", "5555555555", "+1 609 555 0142"),
              nastyString,
            ),
            notification_type: field(
              fc.subarray(["email", "sms"]),
              fc.array(fc.constantFrom("email", "sms", "fax"), { maxLength: 4 }),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
      notes: text,
      received_assistance: field(fc.boolean()),
    }),
  },
  "GET /blackouts": {
    method: "GET",
    path: fc.constant("/blackouts"),
    query: queryFor({
      order_id: q(ref("order"), ref("photoOrder"), ref("otherOrder")),
      source: q("website", "kiosk", "x".repeat(31)),
    }),
  },
  "POST /orders/:id/promotion": {
    method: "POST",
    path: orderPath("/promotion"),
    body: bodyFor({
      code: field(
        fc.constantFrom(
          "SAVE10",
          "save10",
          " FIVEOFF ",
          "FREEDELIVERY",
          "DELIVERY3",
          "PARTY20",
          "FIRSTORDER",
          "SUMMER15",
          "NOPE",
          "",
        ),
        nastyString,
      ),
    }),
  },
  "DELETE /orders/:id/promotion": { method: "DELETE", path: orderPath("/promotion") },
  "PUT /orders/:id/refresh": { method: "PUT", path: orderPath("/refresh") },
  "PUT /orders/:id/place": {
    method: "PUT",
    path: orderPath("/place"),
    headers: fc.oneof(
      fc.constant({}),
      fc.record({
        "idempotency-key": fc.oneof(
          fc.constantFrom("k1", "k1", " ", "x".repeat(300)),
          fc
            .string({ unit: "binary-ascii", maxLength: 40 })
            .map((s) => s.replace(/[^\x20-\x7e]/g, "")),
        ),
      }),
    ),
    body: fc.option(bodyFor({}), { nil: undefined, freq: 4 }),
  },
  "GET /orders/:id/product-recommendations": {
    method: "GET",
    path: orderPath("/product-recommendations"),
    query: queryFor({}),
  },
  "POST /recommend_collection_analytics_snapshots/:collection/:product/:event": {
    method: "POST",
    path: fc
      .tuple(
        pathSegment(
          fc.oneof(fc.constant(ref("collection")), fc.stringMatching(/^[0-9a-f]{1,64}$/)),
        ),
        pathSegment(fc.oneof(fc.constant(ref("product")), fc.nat().map(String))),
        fc.constantFrom("view", "add-to-cart", "click", "view/"),
      )
      .map(([c, p, e]) => `/recommend_collection_analytics_snapshots/${c}/${p}/${e}`),
    body: fc.option(bodyFor({}), { nil: undefined, freq: 4 }),
  },
  "GET /orders/:id/coupon": {
    method: "GET",
    path: orderPath("/coupon"),
    query: queryFor({ card_number: q("123456", "12345678901234567890", "12345", "1".repeat(21)) }),
  },
  "POST /orders/:id/coupon": {
    method: "POST",
    path: orderPath("/coupon"),
    body: bodyFor({
      card_number: field(fc.constantFrom("123456", "98765432101"), fc.stringMatching(/^\d{6,20}$/)),
      coupon_id: field(num("couponId"), nastyString),
      clip_token: field(num("clipToken"), nastyString),
    }),
  },
  // Last: cancelling leaves nothing for the calls above to reach (the cart is rebuilt each time).
  "DELETE /orders/:id": {
    method: "DELETE",
    path: orderPath(),
    body: fc.option(bodyFor({}), { nil: undefined, freq: 4 }),
  },
};

describe("API checkout calls under generated input", () => {
  fuzzEachRoute(ROUTES, 2_000, () => ({
    api,
    pool: carts.pool,
    otherKey,
    before: refreshExtras,
  }));
});
