/**
 * A delivery order on the storefront's server (spec §4 "Checkout flow after choosing pickup
 * time", "Delivery info submit", §5 delivery form and its server errors, §8 place order 422 with
 * delivery errors): the pickup-time, delivery-info and checkout actions called directly against a
 * real API with the sandbox gateway and delivery services, as the shopper's browser posts them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StorefrontSession } from "~/.server/session";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as processPayment } from "~/routes/card-authorization.process";
import { action as deliveryInfoAction, loader as deliveryInfoLoader } from "~/routes/delivery-info";
import { action as savePickupTime } from "~/routes/fulfillment-time";
import { startTestApi, type TestApi } from "../../support/api";
import { cardHoldAmount, type HeldItem } from "@core/rules/card-authorization";
import { approveCard, deliveryForm, deliveryShop, type Shop } from "../../support/deliveries";
import { addItem, newOrder, validSlot } from "../../support/orders";
import { postForm, ROBIN, SITE, shopperOf, testContext } from "../../support/storefront";
import { signedInKey } from "../../support/users";

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox", pay: "sandbox" });
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "delivery-steps-test-secret";
  process.env.FEATURE_ORDER_SYSTEM = "1";
  shop = await deliveryShop(api, "store");
});
afterAll(async () => {
  await api?.close();
});

interface Shopper {
  key: string;
  orderId: number;
  pickupAt: string;
  /** Signed in; a guest otherwise. */
  signedIn: boolean;
}

async function shopperWithCart(signedIn = true): Promise<Shopper> {
  const apiKey = signedIn ? (await signedInKey(api)).key : await api.newKey();
  const order = await newOrder(api, shop.departmentId, apiKey);
  expect((await addItem(api, order.id, shop.products[0]!, 1, apiKey)).status).toBe(201);
  const slots = (await validSlot(api, order.id, apiKey)).days.flatMap((day) => day.slots);
  return {
    key: apiKey,
    orderId: order.id,
    pickupAt: slots[Math.min(8, slots.length - 1)]!.value,
    signedIn,
  };
}

/** The shopper's session for a request at `path` (in delivery mode), `prepare`d further. */
async function deliverySession(
  path: string,
  who: Shopper,
  prepare: (session: StorefrontSession) => void,
) {
  const context = await testContext();
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", who.key);
  session.set("orderId", who.orderId);
  session.set("deliveryInfo", { delivery: 1 });
  if (who.signedIn) session.set("user", ROBIN);
  prepare(session);
  return { context, session };
}

/** Posts `fields` to a route's action with the shopper's session (in delivery mode). */
async function post(
  route: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  who: Shopper,
  fields: Record<string, string>,
  prepare: (session: StorefrontSession) => void = () => {},
) {
  const { context, session } = await deliverySession(path, who, prepare);
  const answered = await postForm(route, { path, context, session, fields });
  const answer = new Response(null, { status: answered.status, headers: answered.headers });
  // A refusal answered with data (Remix's data() with its status): the form's errors.
  const refusal =
    answered.body === null
      ? null
      : { data: answered.body as { result: { error: Record<string, string[]> } } };
  return { answer, session, refusal };
}

/** A loader at `path` with the shopper's session (in delivery mode): its redirect, or its data. */
async function load(
  route: (args: LoaderFunctionArgs) => Promise<unknown>,
  path: string,
  who: Shopper,
  prepare: (session: StorefrontSession) => void = () => {},
) {
  const { context, session } = await deliverySession(path, who, prepare);
  let answered: unknown;
  try {
    answered = await route({ request: new Request(`${SITE}${path}`), context, params: {} });
  } catch (thrown) {
    answered = thrown;
  }
  if (answered instanceof Response) return { answer: answered, session, data: null };
  return {
    answer: new Response(null, { status: 200 }),
    session,
    data: answered as Awaited<ReturnType<typeof deliveryInfoLoader>>,
  };
}

const cardAuthorizationOf = async (who: Shopper) => {
  const answer = await api.call("GET", `/orders/${who.orderId}/card-authorization`, {
    key: who.key,
  });
  return answer.status === 404 ? null : (await answer.json()).data;
};

const form = (changes: Record<string, string> = {}) => deliveryForm(shop, changes);

const readOrder = async (who: Shopper) =>
  (await (await api.call("GET", `/orders/${who.orderId}`, { key: who.key })).json()).data;

describe("after the delivery time", () => {
  it("a signed-in shopper gives the delivery information next; a guest signs in first", async () => {
    const signedIn = await shopperWithCart();
    const next = await post(savePickupTime, "/fulfillment-time", signedIn, {
      pickup_at: signedIn.pickupAt,
    });
    expect(next.answer.headers.get("location")).toBe("/delivery-info");

    const guest = await shopperWithCart(false);
    const asked = await post(savePickupTime, "/fulfillment-time", guest, {
      pickup_at: guest.pickupAt,
    });
    expect(asked.answer.headers.get("location")).toBe("/auth-request?returnTo=%2Fdelivery-info");
  });
});

describe("Proceed to Checkout on /delivery-info", () => {
  it("turns delivery on with the street split and the tip in cents, then goes to the provider's page", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
    const before = await readOrder(who);
    const { answer, session } = await post(deliveryInfoAction, "/delivery-info", who, form());
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(new RegExp(`^${api.origin}/sandbox/pay/`));
    const order = await readOrder(who);
    expect(order.delivery).toMatchObject({
      street: "Nassau Street",
      unit: "12B",
      dropoff_instructions: "Ring twice",
      tip_amount: Math.round(before.total / 10),
    });
    expect(order.total).toBe(before.total + order.delivery_amount + order.tip_amount);
    // The tip as chosen is kept for the form's next visit.
    expect(session.get("deliveryInfo")).toMatchObject({ tip_choice: "10" });
    // The hold covers the delivery's fee and tip.
    const hold = await api.call("GET", `/orders/${who.orderId}/card-authorization`, {
      key: who.key,
    });
    const held = (
      await (
        await api.call("GET", `/orders/${who.orderId}?include=items.product`, { key: who.key })
      ).json()
    ).data.items.data.map((item: { subtotal: number; product: { data: HeldItem } }) => ({
      unit_of_measure: item.product.data.unit_of_measure,
      subtotal: item.subtotal,
    }));
    expect((await hold.json()).data.amount).toBe(cardHoldAmount(order.total, held));
  });

  it("an address the service refuses answers its errors beside the form's fields and saves nothing", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
    // The store's own drivers deliver in the store's state only.
    const { answer, refusal } = await post(
      deliveryInfoAction,
      "/delivery-info",
      who,
      form({ state: shop.state === "NY" ? "NJ" : "NY" }),
    );
    expect(answer.status).toBe(400);
    const errors = refusal!.data.result.error;
    // Shown beside a field of the form (or above it), never lost.
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(
      Object.keys(errors).every((field) =>
        ["", "address", "city", "state", "zip_code", "phone"].includes(field),
      ),
    ).toBe(true);
    expect((await readOrder(who)).delivery).toBeNull();
  });

  it("goes straight to the checkout when the card is already authorized", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
    await approveCard(api, who.orderId);
    const { answer } = await post(deliveryInfoAction, "/delivery-info", who, form());
    expect(answer.headers.get("location")).toBe("/checkout");
  });

  it("a hold that no longer covers the order (the cart grew) is authorized again", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
    await approveCard(api, who.orderId, "approved", 1);
    const { answer } = await post(deliveryInfoAction, "/delivery-info", who, form());
    expect(answer.headers.get("location")).toMatch(new RegExp(`^${api.origin}/sandbox/pay/`));
  });
});

describe("a delivery whose card the provider's page declines", () => {
  it("is back on its delivery information, told so, with another card first and pickup second; a new start clears it", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
    await post(deliveryInfoAction, "/delivery-info", who, form());
    // The provider's page answered: declined (the sandbox's session stands in for it).
    await api.db.kysely
      .deleteFrom("card_authorizations")
      .where("order_id", "=", who.orderId)
      .execute();
    await approveCard(api, who.orderId, "declined");

    const back = await load(processPayment, "/card-authorization/process", who);
    expect(back.answer.status).toBe(302);
    expect(back.answer.headers.get("location")).toBe("/delivery-info");
    // Nothing on the cart's way: no 'or pay at the store'.
    expect(back.session.get("flashMessages") ?? []).toEqual([]);
    expect(await cardAuthorizationOf(who)).toBeNull();

    const declined = back.session.get("cardDeclined");
    const page = await load(deliveryInfoLoader, "/delivery-info", who, (session) =>
      session.set("cardDeclined", declined!),
    );
    expect(page.data?.cardProblem).toEqual({
      said: [
        "Your card was declined.",
        "A delivery is paid online: try another card, or pick up your order at the store instead.",
      ],
      retry: "Try Another Card",
    });
    // The entries are the order's delivery: 'Try Another Card' posts them as they are.
    expect(page.data?.defaults).toMatchObject({ address: "12B Nassau Street" });

    const again = await post(deliveryInfoAction, "/delivery-info", who, form(), (session) =>
      session.set("cardDeclined", declined!),
    );
    expect(again.answer.headers.get("location")).toMatch(new RegExp(`^${api.origin}/sandbox/pay/`));
    expect(again.session.get("cardDeclined")).toBeUndefined();
  });

  it("a pickup order's declined card is still said on the cart, with the store as the other way", async () => {
    const who = await shopperWithCart();
    await approveCard(api, who.orderId, "declined");
    const back = await load(processPayment, "/card-authorization/process", who, (session) =>
      session.unset("deliveryInfo"),
    );
    expect(back.answer.headers.get("location")).toBe("/cart");
    expect(back.session.get("flashMessages")).toEqual([
      { kind: "error", text: "Your card was declined. Try another card, or pay at the store." },
    ]);
    expect(back.session.get("cardDeclined")).toBeUndefined();
  });
});

describe("Place Order for a delivery order", () => {
  it("sends the delivery payload; an address no longer served goes back to the form, told why", async () => {
    const who = await shopperWithCart();
    await post(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
    await approveCard(api, who.orderId);
    await post(deliveryInfoAction, "/delivery-info", who, form());
    // The store stops delivering to that state meanwhile: the placement's check refuses it.
    await api.db.kysely
      .updateTable("order_deliveries")
      .set({ state: shop.state === "NY" ? "NJ" : "NY" })
      .where("order_id", "=", who.orderId)
      .execute();
    const refused = await post(checkoutAction, "/checkout", who, { intent: "place", notes: "" });
    expect(refused.answer.status).toBe(303);
    expect(refused.answer.headers.get("location")).toBe("/delivery-info");
    expect(refused.session.get("flashMessages")?.length).toBeGreaterThan(0);
    expect((await readOrder(who)).status).toBe("incomplete");

    await post(deliveryInfoAction, "/delivery-info", who, form());
    const placed = await post(checkoutAction, "/checkout", who, { intent: "place", notes: "" });
    expect(placed.answer.headers.get("location")).toBe("/confirmation");
    const order = await readOrder(who);
    expect(order.status).toBe("submitted");
    expect(order.delivery).toMatchObject({ street: "Nassau Street", unit: "12B" });
  });
});
