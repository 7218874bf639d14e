/**
 * Fuzz of online payment's calls (decision 021): starting, reading and clearing an order's card
 * authorization as a signed-in shopper, and the gateway's webhook. Ids are often the caller's own
 * ready cart, so the deep checks are reached; every answer is below 500 and JSON, and the database
 * is left without half-written rows.
 */
import * as fc from "fast-check";
import { afterAll, beforeAll, describe } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { bindKey, newUser } from "../support/users";
import { fuzzCarts, type Carts } from "./carts";
import {
  bodyFor,
  field,
  fuzzEachRoute,
  nastyNumber,
  nastyString,
  pathSegment,
  ref,
  refs,
  type FuzzRoute,
} from "./support";

let api: TestApi;
let otherKey: string;
let carts: Carts;

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox", pay: "sandbox" });
  await bindKey(api, api.key, await newUser(api));
  otherKey = await api.newKey();
  carts = await fuzzCarts(api, otherKey);
  carts.pool.origin = api.origin;
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, delivery_enabled: 1 })
    .where("id", "=", Number(carts.pool.department))
    .execute();
});
afterAll(() => api?.close());

const orderPath = pathSegment(refs("order", "photoOrder", "otherOrder")).map(
  (id) => `/orders/${id}/card-authorization`,
);
const shopAddress = (path: string) =>
  field(
    fc.constant(`${ref("origin")}${path}`),
    fc.constantFrom("https://evil.example/x", "javascript:alert(1)", "", `${ref("origin")}/`),
    nastyString,
  );
const words = field(fc.constantFrom("Pat", "Princeton", "12 Orchard Lane"), nastyString);
const address = fc.record(
  {
    address_line_1: words,
    address_line_2: field(words, fc.constant(null)),
    city: words,
    state: field(fc.constantFrom("NJ", "ny", "New Jersey")),
    zip_code: field(fc.constantFrom("08540", "08540-1234", "0854"), nastyString),
  },
  { requiredKeys: [] },
);

/** A body that passes validation, so the start itself (gateway, idempotency) is reached. */
const goodBody = fc
  .record({
    fees: fc.integer({ min: 0, max: 500 }),
    delivery: fc.boolean(),
    tip: fc.integer({ min: 0, max: 2_000 }),
  })
  .map(({ fees, delivery, tip }) => ({
    contentType: "application/json",
    body: JSON.stringify({
      return_url: `${ref("origin")}/card-authorization/process`,
      fees,
      billing_address: {
        address_line_1: "1 Main St",
        city: "Trenton",
        state: "NJ",
        zip_code: "08608",
      },
      ...(delivery
        ? {
            delivery,
            tip,
            user: {
              first_name: "Pat",
              last_name: "Lee",
              email: "pat@example.com",
              phone: "609-555-0142",
              address_line_1: "1 Main St",
              city: "Trenton",
              state: "NJ",
              zip_code: "08608",
            },
          }
        : {}),
    }),
  }));

const generatedBody = bodyFor({
  return_url: shopAddress("/card-authorization/process"),
  cancel_url: shopAddress("/card-authorization/cancel"),
  fees: field(nastyNumber, fc.integer({ min: 0, max: 20_000 })),
  billing_address: field(address),
  user: field(
    fc.record(
      { first_name: words, last_name: words, email: field(fc.emailAddress(), nastyString) },
      { requiredKeys: [] },
    ),
  ),
  delivery: field(fc.boolean()),
  tip: field(nastyNumber, fc.integer({ min: 0, max: 5_000 })),
});

const ROUTES: Record<string, FuzzRoute> = {
  "POST /orders/:id/card-authorization": {
    method: "POST",
    path: orderPath,
    body: fc.oneof({ arbitrary: goodBody, weight: 1 }, { arbitrary: generatedBody, weight: 2 }),
  },
  "GET /orders/:id/card-authorization": { method: "GET", path: orderPath },
  "DELETE /orders/:id/card-authorization": { method: "DELETE", path: orderPath },
  "POST /payment-webhooks/:gateway": {
    method: "POST",
    path: pathSegment(fc.constantFrom("sandbox", "hosted")).map((g) => `/payment-webhooks/${g}`),
    // Header values must be printable: anything else would not leave this client.
    headers: fc.record(
      {
        "payment-signature": fc.oneof(
          fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`),
          fc.stringMatching(/^[!-~]{0,80}$/),
        ),
      },
      { requiredKeys: [] },
    ),
    body: bodyFor({
      id: field(nastyString),
      type: field(fc.constant("authorization.updated")),
      data: field(fc.record({ reference: nastyString, status: nastyString, amount: nastyNumber })),
    }),
  },
};

describe("API payment calls under generated input", () => {
  fuzzEachRoute(ROUTES, 3_000, () => ({
    api,
    pool: carts.pool,
    otherKey,
    before: carts.refresh,
  }));
});
