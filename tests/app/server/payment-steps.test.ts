/**
 * Where a signed-in shopper goes once the pickup time is saved, in a department that takes
 * payment online (spec §4 "Checkout flow after choosing pickup time", "Payment options entry"):
 * the pickup-time and payment-options actions called directly against a real API with the sandbox
 * gateway, as the shopper's browser posts them.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as savePickupTime } from "~/routes/fulfillment-time";
import { action as choosePayment } from "~/routes/payment-options";
import type { TestApi } from "../../support/api";
import {
  addItem,
  newOrder,
  plainProduct,
  validSlot,
  type PlainProduct,
} from "../../support/orders";
import {
  postForm,
  ROBIN,
  SITE,
  startStorefrontApi,
  shopperOf,
  testContext,
} from "../../support/storefront";
import { signedInKey } from "../../support/users";

let api: TestApi;
let product: PlainProduct;

beforeAll(async () => {
  api = await startStorefrontApi(
    "payment-steps-test-secret",
    { FEATURE_ORDER_SYSTEM: "1" },
    { sso: "sandbox", pay: "sandbox" },
  );
  product = await plainProduct(api, 0);
});
afterAll(async () => {
  await api?.close();
});

async function requireOnlinePayment(required: boolean) {
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, remote_orders_require_online_payment: required ? 1 : 0 })
    .where("id", "=", product.department_id)
    .execute();
}

interface Shopper {
  key: string;
  orderId: number;
  pickupAt: string;
}

/** A signed-in shopper's cart, and a pickup time the store offers a day or so ahead. */
async function shopperWithCart(): Promise<Shopper> {
  const { key } = await signedInKey(api);
  const order = await newOrder(api, product.department_id, key);
  expect((await addItem(api, order.id, product, 1, key)).status).toBe(201);
  const slots = (await validSlot(api, order.id, key)).days.flatMap((day) => day.slots);
  return { key, orderId: order.id, pickupAt: slots[Math.min(8, slots.length - 1)]!.value };
}

/** Posts `fields` to a route's action with the shopper's session and CSRF token. */
async function post(
  route: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  who: Shopper,
  fields: Record<string, string>,
) {
  const context = await testContext();
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", who.key);
  session.set("orderId", who.orderId);
  session.set("user", ROBIN);
  const answer = await postForm(route, { path, context, session, fields });
  if (answer.location === null) throw new Error(`expected a redirect, got ${answer.status}`);
  return { answer, session };
}

const authorizationOf = (who: Shopper) =>
  api.call("GET", `/orders/${who.orderId}/card-authorization`, { key: who.key });

describe("after the pickup time, signed in", () => {
  beforeEach(() => requireOnlinePayment(false));

  it("online payment allowed: the payment options", async () => {
    const who = await shopperWithCart();
    const { answer } = await post(savePickupTime, "/fulfillment-time", who, {
      pickup_at: who.pickupAt,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/payment-options");
  });

  it("online payment required: straight to the gateway's page, as a whole page with scripts on", async () => {
    await requireOnlinePayment(true);
    const who = await shopperWithCart();
    const { answer } = await post(savePickupTime, "/fulfillment-time", who, {
      pickup_at: who.pickupAt,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(new RegExp(`^${api.origin}/sandbox/pay/`));
    expect(answer.headers.get("x-remix-reload-document")).toBe("true");
    const started = await authorizationOf(who);
    expect(started.status).toBe(200);
    expect((await started.json()).data.status).toBe("pending");
  });
});

describe("/payment-options", () => {
  beforeEach(() => requireOnlinePayment(false));

  it("Pay Online sends the shopper to the gateway; Pay At Store gives the hold up and checks out", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });

    const online = await post(choosePayment, "/payment-options", who, { intent: "pay-online" });
    expect(online.answer.status).toBe(303);
    expect(online.answer.headers.get("location")).toMatch(/\/sandbox\/pay\//);
    expect((await authorizationOf(who)).status).toBe(200);

    const atStore = await post(choosePayment, "/payment-options", who, { intent: "pay-at-store" });
    expect(atStore.answer.status).toBe(303);
    expect(atStore.answer.headers.get("location")).toBe("/checkout");
    expect((await authorizationOf(who)).status).toBe(404);
  });
});
