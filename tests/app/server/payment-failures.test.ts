/**
 * A card payment that cannot start, or no longer covers the order, never strands the shopper
 * (issue 26; spec §8 "Payment", "Card initiation failure", "Card failed"): the pages say why in
 * §8's words and offer the ways on (another try that reaches the gateway again, the store where
 * the department allows it, pickup for a delivery). The routes' loaders and actions called
 * directly, one shopper's session carried from request to request, against a real API whose
 * sandbox gateway is made to fail and then to recover.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  PaymentGatewayRefused,
  type PaymentGateway,
} from "../../../api/integrations/payment/gateway";
import { storefrontConfig } from "~/.server/config";
import { ensureCsrfToken } from "~/.server/csrf";
import type { SessionData } from "~/.server/session";
import { CSRF_FIELD } from "~/lib/csrf";
import { action as pickAddress } from "~/routes/addresses";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as deliveryAction, loader as deliveryLoader } from "~/routes/delivery-info";
import { action as savePickupTime } from "~/routes/fulfillment-time";
import { action as choosePayment, loader as paymentOptions } from "~/routes/payment-options";
import type { TestApi } from "../../support/api";
import { approveCard, deliveryForm, deliveryShop, type Shop } from "../../support/deliveries";
import {
  addItem,
  newOrder,
  place,
  plainProduct,
  validSlot,
  type PlainProduct,
} from "../../support/orders";
import { expectRefusal } from "../../support/refusals";
import { shopperSession, SITE, startStorefrontApi, testContext } from "../../support/storefront";
import { signedInKey, type TestUser } from "../../support/users";

const GATEWAY = "There was a problem connecting to the payment gateway.";
const INITIATE = "Failed to initiate payment gateway authorization.";
const REQUIRED =
  "This department requires online payment: please pay online before placing your order.";
const OUTGROWN =
  "Your order total has changed since your card was authorized: please authorize your card again.";

let api: TestApi;
let gateway: PaymentGateway;
let realStart: PaymentGateway["start"];
/** Starts that reached the gateway, failed or not. */
let gatewayStarts = 0;
let product: PlainProduct;
let shop: Shop;

beforeAll(async () => {
  api = await startStorefrontApi(
    "payment-failures-test-secret",
    { FEATURE_ORDER_SYSTEM: "1" },
    { sso: "sandbox", pay: "sandbox" },
  );
  gateway = api.payment!;
  realStart = gateway.start.bind(gateway);
  product = await plainProduct(api, 0);
  shop = await deliveryShop(api, "door_dash");
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  gatewayUp();
  billingAddressPicker(false);
});

/** FEATURE_BILLING_ADDRESSES, switched per test (the settings are read once): 'Pay Online' then goes by /addresses. */
function billingAddressPicker(on: boolean) {
  storefrontConfig().features.billingAddresses = on;
}

/** The gateway times out (as one down, or answering garbage, does to the API). */
function gatewayDown() {
  gateway.start = async () => {
    gatewayStarts += 1;
    throw new Error("gateway timed out");
  };
}
/** The gateway answers, but will not open a payment page (spec §8's "card initiation failure"). */
function gatewayRefuses() {
  gateway.start = async () => {
    gatewayStarts += 1;
    throw new PaymentGatewayRefused("The payment gateway refused (400).");
  };
}
function gatewayUp() {
  gateway.start = async (request) => {
    gatewayStarts += 1;
    return realStart(request);
  };
}

async function departmentTakesPayment(departmentId: number, required: boolean) {
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, remote_orders_require_online_payment: required ? 1 : 0 })
    .where("id", "=", departmentId)
    .execute();
}

/** A signed-in shopper, and what their session cookie carries from one request to the next. */
interface Shopper {
  key: string;
  user: TestUser;
  orderId: number;
  pickupAt: string;
  kept: Partial<Pick<SessionData, "cardAuthorizationFailed" | "deliveryInfo">>;
}

async function shopperWithCart(departmentId: number, productToAdd: PlainProduct) {
  const { key, user } = await signedInKey(api);
  const order = await newOrder(api, departmentId, key);
  expect((await addItem(api, order.id, productToAdd, 1, key)).status).toBe(201);
  const slots = (await validSlot(api, order.id, key)).days.flatMap((day) => day.slots);
  const who: Shopper = {
    key,
    user,
    orderId: order.id,
    pickupAt: slots[Math.min(8, slots.length - 1)]!.value,
    kept: {},
  };
  return who;
}

/** A Grocery-like pickup (online payment offered, not required) with its time chosen. */
async function pickupAtPaymentOptions() {
  await departmentTakesPayment(product.department_id, false);
  const who = await shopperWithCart(product.department_id, product);
  await visit(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
  return who;
}

/** A DoorDash delivery with its time chosen, whose card's start failed with the gateway down. */
async function deliveryWhoseCardFailed() {
  const who = await shopperWithCart(shop.departmentId, shop.products[0]!);
  who.kept.deliveryInfo = { delivery: 1 };
  await visit(savePickupTime, "/fulfillment-time", who, { pickup_at: who.pickupAt });
  gatewayDown();
  const answer = await visit(deliveryAction, "/delivery-info", who, deliveryForm(shop));
  return { who, answer };
}

type Route = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>;

/**
 * A request of the shopper's browser: a loader (no fields) or a form post. Answers what the route
 * answered (a thrown Response too) and keeps what the session now carries.
 */
async function visit(route: Route, path: string, who: Shopper, fields?: Record<string, string>) {
  const context = await testContext();
  const session = await shopperSession(path, context, who);
  session.set("orderId", who.orderId);
  for (const [name, value] of Object.entries(who.kept))
    session.set(name as keyof typeof who.kept, value as never);
  const request = fields
    ? new Request(`${SITE}${path}`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, [CSRF_FIELD]: ensureCsrfToken(session) }),
        headers: { origin: SITE },
      })
    : new Request(`${SITE}${path}`);
  let answer: unknown;
  try {
    answer = await route({ request, context, params: {} } as never);
  } catch (thrown) {
    answer = thrown;
  }
  who.kept = {
    cardAuthorizationFailed: session.get("cardAuthorizationFailed"),
    deliveryInfo: session.get("deliveryInfo"),
  };
  return answer;
}

/** The post asks the gateway (once) and sends the shopper to its page. */
async function expectGatewayPage(post: () => Promise<unknown>) {
  const before = gatewayStarts;
  const answer = await post();
  expect(gatewayStarts).toBe(before + 1);
  expect(locationOf(answer)).toMatch(new RegExp(`^${api.origin}/sandbox/pay/`));
}

const locationOf = (answer: unknown) =>
  answer instanceof Response ? answer.headers.get("location") : null;
const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } }).init?.status ?? 200);
/** Remix's data() carries its value in `data`; a plain object is the value itself. */
const dataOf = <T>(answer: unknown) =>
  ((answer as { type?: string }).type === "DataWithResponseInit"
    ? (answer as { data: T }).data
    : answer) as T;

interface PaymentOptionsPage {
  canPayOnline: boolean;
  startProblem: string | null;
  required: boolean;
  outgrown: boolean;
}

const authorizationOf = async (who: Shopper) => {
  const res = await api.call("GET", `/orders/${who.orderId}/card-authorization`, {
    key: who.key,
  });
  return res.status === 200 ? (await res.json()).data : null;
};

describe("a card payment that fails to start is said on the payment options (item 1)", () => {
  it("'Pay Online' with the gateway down: §8's words on the page, 'Pay Online' off, 'Pay At Store' still there", async () => {
    const who = await pickupAtPaymentOptions();

    gatewayDown();
    const answer = await visit(choosePayment, "/payment-options", who, { intent: "pay-online" });
    // Back to the page (with or without scripts), never on to the checkout unexplained.
    expect(statusOf(answer)).toBe(303);
    expect(locationOf(answer)).toBe("/payment-options");

    const page = dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who));
    expect(page).toMatchObject({ startProblem: GATEWAY, canPayOnline: false, required: false });

    // 'Pay At Store' is the way on: the checkout, paid at the store.
    const atStore = await visit(choosePayment, "/payment-options", who, { intent: "pay-at-store" });
    expect(locationOf(atStore)).toBe("/checkout");
    const checkout = dataOf<{ payment: string }>(await visit(checkoutLoader, "/checkout", who));
    expect(checkout.payment).toBe("Pay at the store");
  });

  it("a gateway that answers but refuses to start: §8's initiation failure, not a connection problem", async () => {
    const who = await pickupAtPaymentOptions();
    gatewayRefuses();
    const answer = await visit(choosePayment, "/payment-options", who, { intent: "pay-online" });
    expect(locationOf(answer)).toBe("/payment-options");
    const page = dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who));
    expect(page).toMatchObject({ startProblem: INITIATE, required: false });
  });

  it("the billing address picker's start that fails is said on the payment options too", async () => {
    const who = await pickupAtPaymentOptions();
    billingAddressPicker(true);
    gatewayDown();
    const answer = await visit(pickAddress, "/addresses", who, { intent: "pay" });
    expect(locationOf(answer)).toBe("/payment-options");
    const page = dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who));
    expect(page).toMatchObject({ startProblem: GATEWAY, canPayOnline: false });

    // 'Try Again' leads back to the picker, whose start asks the gateway again.
    gatewayUp();
    const retry = await visit(choosePayment, "/payment-options", who, { intent: "retry" });
    expect(locationOf(retry)).toBe("/addresses");
    await expectGatewayPage(() => visit(pickAddress, "/addresses", who, { intent: "pay" }));
  });

  it("'Try Again' once the gateway is back reaches it and goes to its page; a second failure is said again", async () => {
    const who = await pickupAtPaymentOptions();
    gatewayDown();
    await visit(choosePayment, "/payment-options", who, { intent: "pay-online" });

    // Still down: the retry asks the gateway, and the page says it again.
    const before = gatewayStarts;
    const again = await visit(choosePayment, "/payment-options", who, { intent: "retry" });
    expect(gatewayStarts).toBe(before + 1);
    expect(locationOf(again)).toBe("/payment-options");
    expect(
      dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who)),
    ).toMatchObject({ startProblem: GATEWAY, canPayOnline: false });

    gatewayUp();
    await expectGatewayPage(() =>
      visit(choosePayment, "/payment-options", who, { intent: "retry" }),
    );
    expect((await authorizationOf(who))?.status).toBe("pending");
    expect(
      dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who)),
    ).toMatchObject({ startProblem: null, canPayOnline: true });
  });
});

describe("a department that takes payment online only (item 3)", () => {
  it("'Pay At Store' says why, on the page; a failed start leads to the payment options and 'Try Again' reaches the gateway once it is back", async () => {
    await departmentTakesPayment(product.department_id, true);
    try {
      const who = await shopperWithCart(product.department_id, product);
      gatewayDown();
      // The pickup time goes straight to the gateway: down, so the payment options say so.
      const afterTime = await visit(savePickupTime, "/fulfillment-time", who, {
        pickup_at: who.pickupAt,
      });
      expect(locationOf(afterTime)).toBe("/payment-options");
      expect(
        dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who)),
      ).toMatchObject({ startProblem: GATEWAY, required: true, canPayOnline: false });
      // The checkout cannot take it unpaid: it sends the shopper back there.
      expect(locationOf(await visit(checkoutLoader, "/checkout", who))).toBe("/payment-options");

      const atStore = await visit(choosePayment, "/payment-options", who, {
        intent: "pay-at-store",
      });
      expect(statusOf(atStore)).toBe(422);
      expect(dataOf<{ refusal: string }>(atStore).refusal).toBe(REQUIRED);

      gatewayUp();
      await expectGatewayPage(() =>
        visit(choosePayment, "/payment-options", who, { intent: "retry" }),
      );
    } finally {
      await departmentTakesPayment(product.department_id, false);
    }
  });
});

describe("a delivery whose card cannot be authorized (item 2)", () => {
  it("stays on its delivery information, told why, with another try and pickup as the ways on", async () => {
    const { who, answer } = await deliveryWhoseCardFailed();
    expect(locationOf(answer)).toBe("/delivery-info");
    const page = dataOf<{
      cardProblem: { said: string[]; retry: string } | null;
      defaults: { address: string };
    }>(await visit(deliveryLoader, "/delivery-info", who));
    expect(page.cardProblem).toEqual({
      said: [
        GATEWAY,
        "A delivery is paid online: please authorize your card before placing your order.",
      ],
      retry: "Try Again",
    });
    // The entries are the order's delivery: nothing to type again.
    expect(page.defaults.address).toBe("12B Nassau Street");

    // The checkout is no way round it: a delivery is paid online.
    expect(locationOf(await visit(checkoutLoader, "/checkout", who))).toBe("/delivery-info");
    expect(locationOf(await visit(checkoutAction, "/checkout", who, { intent: "place" }))).toBe(
      "/delivery-info",
    );

    // Another try reaches the gateway, once it is back.
    gatewayUp();
    await expectGatewayPage(() => visit(deliveryAction, "/delivery-info", who, deliveryForm(shop)));
    expect(who.kept.cardAuthorizationFailed).toBeUndefined();
  });

  it("'Pick Up Instead' turns delivery off here and at the API, and asks the pickup time", async () => {
    const { who } = await deliveryWhoseCardFailed();

    const answer = await visit(deliveryAction, "/delivery-info", who, { intent: "pickup" });
    expect(locationOf(answer)).toBe("/fulfillment-time");
    expect(who.kept.deliveryInfo).toBeUndefined();
    const order = (await (await api.call("GET", `/orders/${who.orderId}`, { key: who.key })).json())
      .data;
    expect(order.delivery).toBeNull();
  });

  it("placement's refusal names the delivery, not the department", async () => {
    const { who } = await deliveryWhoseCardFailed();
    const refusal = await expectRefusal(
      await place(api, who.orderId, undefined, who.key),
      422,
      "online_payment_required",
    );
    expect(refusal.message).toBe(
      "A delivery is paid online: please authorize your card before placing your order.",
    );
  });
});

describe("a card hold the cart outgrew (item 11)", () => {
  it("the checkout says it no longer covers the order and offers to authorize again", async () => {
    const who = await pickupAtPaymentOptions();
    await approveCard(api, who.orderId, "approved", 1);

    const page = dataOf<{ payment: string; authorizeAgain: boolean }>(
      await visit(checkoutLoader, "/checkout", who),
    );
    expect(page.payment).toBe(OUTGROWN);
    expect(page.authorizeAgain).toBe(true);
    expect(
      dataOf<PaymentOptionsPage>(await visit(paymentOptions, "/payment-options", who)).outgrown,
    ).toBe(true);

    // 'Authorize Again' posts 'Pay Online': a new hold at the gateway replaces the old.
    await expectGatewayPage(() =>
      visit(choosePayment, "/payment-options", who, { intent: "pay-online" }),
    );
  });

  it("a hold that covers the order is the card, as before", async () => {
    const who = await pickupAtPaymentOptions();
    await approveCard(api, who.orderId);
    const page = dataOf<{ payment: string; authorizeAgain: boolean }>(
      await visit(checkoutLoader, "/checkout", who),
    );
    expect(page).toMatchObject({
      payment: "Paid online with Visa ending in 4242",
      authorizeAgain: false,
    });
  });
});
