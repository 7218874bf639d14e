/**
 * The route guard (spec §2 route-meta flags, §5 messages): each flag and each message, exact
 * wording; the guard on a request (the working order, abandoning a submitted one, sign-in as a
 * redirect with a flash); and the guest rules of §5/§6 on the routes with the order-system switch
 * off and on (decision 011).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { guardRoute, SIGN_IN_ENTRY } from "~/.server/route-guard";
import {
  routeAvailabilityRefusal,
  shopperRefusal,
  type GuardFeatures,
  type RouteMeta,
  type ShopperFacts,
} from "~/lib/route-meta";
import * as authRequest from "~/routes/auth-request";
import * as cardAuthorizationProcess from "~/routes/card-authorization.process";
import * as cart from "~/routes/cart";
import * as checkout from "~/routes/checkout";
import * as confirmation from "~/routes/confirmation";
import * as fulfillmentTime from "~/routes/fulfillment-time";
import * as paymentOptions from "~/routes/payment-options";
import * as deliveryInfo from "~/routes/delivery-info";
import { addressesRouteMeta } from "~/lib/addresses";
import { storefrontConfig } from "~/.server/config";
import * as pastOrders from "~/routes/stores.$store.orders._index";
import { departmentJson } from "./api-json";
import { shopperOf, testContext } from "../../support/storefront";

/** The order-system switch as the routes read it (storefrontConfig().features.orderSystem). */
const switches = vi.hoisted(() => ({ orderSystem: false }));
vi.mock("~/.server/config", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/.server/config")>();
  return {
    ...original,
    storefrontConfig: () => {
      const config = original.storefrontConfig();
      return { ...config, features: { ...config.features, orderSystem: switches.orderSystem } };
    },
  };
});

// Spec §5, word for word.
const DISABLED = "The page you're looking for is not available.";
const DELIVERY_ONLY = "This department does not allow order delivery.";
const ORDER_REQUIRED = "This page requires an existing order but no order has been started.";
const MWG_REQUIRED = "This page requires MWG API support, but this brand does NOT support it.";
// Ours (the spec does not show it): it must tell the shopper to sign in to their account.
const SIGN_IN = "Please sign in to your account to place an order in this department.";

const SITE = "http://localhost";

beforeAll(() => {
  process.env.API_URL = "http://api.test/api/1";
  process.env.SESSION_SECRET = "route-guard-test-secret";
  process.env.LOG_LEVEL = "silent";
});

describe("the route-meta rules", () => {
  const off: GuardFeatures = { orderSystem: false, accounts: true };
  const on: GuardFeatures = { orderSystem: true, accounts: true };
  const open = { payment_gateway_enabled: true, remote_orders_require_online_payment: false };
  const department = (changes: Record<string, boolean> = {}) => ({
    ...open,
    remote_orders_require_authentication: false,
    delivery_enabled: false,
    ...changes,
  });
  const guest = (order: ShopperFacts["order"], orderSystem = false): ShopperFacts => ({
    orderSystem,
    authenticated: false,
    order,
  });
  const orderIn = (changes: Record<string, boolean> = {}, products = [{ deliverable: true }]) => ({
    department: department(changes),
    products,
  });

  it("no flag lets everyone through", () => {
    expect(routeAvailabilityRefusal({}, off)).toBeNull();
    expect(shopperRefusal({}, guest(null))).toBeNull();
  });

  it("disableRoute: the 404 page, 'The page you're looking for is not available.'", () => {
    const refusal = {
      kind: "error-page",
      status: 404,
      message: DISABLED,
      name: "RouteDisabledError",
    };
    expect(routeAvailabilityRefusal({ disableRoute: true }, on)).toEqual(refusal);
    const withoutAccounts: RouteMeta = { disableRoute: (features) => !features.accounts };
    expect(routeAvailabilityRefusal(withoutAccounts, { ...on, accounts: false })).toEqual(refusal);
    expect(routeAvailabilityRefusal(withoutAccounts, on)).toBeNull();
  });

  it("requiresMi9Integration: the MWG message without the order-system switch", () => {
    expect(routeAvailabilityRefusal({ requiresMi9Integration: true }, off)).toEqual({
      kind: "error-page",
      status: 404,
      message: MWG_REQUIRED,
      name: "IntegrationRequiredError",
    });
    expect(routeAvailabilityRefusal({ requiresMi9Integration: true }, on)).toBeNull();
  });

  it("requiresOrder: the 400 page without a working order", () => {
    expect(shopperRefusal({ requiresOrder: true }, guest(null))).toEqual({
      kind: "error-page",
      status: 400,
      message: ORDER_REQUIRED,
      name: "OrderRequiredError",
    });
    expect(shopperRefusal({ requiresOrder: true }, guest(orderIn()))).toBeNull();
  });

  it("mustAllowDelivery: 'This department does not allow order delivery.' unless delivery is allowed", () => {
    const refusal = {
      kind: "error-page",
      status: 400,
      message: DELIVERY_ONLY,
      name: "DeliveryNotAllowedError",
    };
    const meta: RouteMeta = { mustAllowDelivery: true };
    expect(shopperRefusal(meta, guest(orderIn({ delivery_enabled: true }), true))).toBeNull();
    // Spec §5: the integration, a delivering department, deliverable products.
    expect(shopperRefusal(meta, guest(orderIn({ delivery_enabled: true }), false))).toEqual(
      refusal,
    );
    expect(shopperRefusal(meta, guest(orderIn(), true))).toEqual(refusal);
    expect(
      shopperRefusal(
        meta,
        guest(orderIn({ delivery_enabled: true }, [{ deliverable: false }]), true),
      ),
    ).toEqual(refusal);
    expect(shopperRefusal(meta, guest(null, true))).toEqual(refusal);
  });

  it("requiresAuthentication: a guest is sent to sign in and back, with the page's message; a signed-in shopper passes", () => {
    const meta: RouteMeta = { requiresAuthentication: true };
    expect(shopperRefusal(meta, guest(orderIn()))).toEqual({
      kind: "sign-in",
      message: SIGN_IN,
      backHere: true,
    });
    expect(
      shopperRefusal({ ...meta, signInMessage: "Please sign in to pay online." }, guest(orderIn())),
    ).toEqual({ kind: "sign-in", message: "Please sign in to pay online.", backHere: true });
    expect(shopperRefusal(meta, { ...guest(orderIn()), authenticated: true })).toBeNull();
  });

  it("requiresAuthentication 'unless-guest-checkout': only where the department refuses guests (spec §5)", () => {
    const meta: RouteMeta = { requiresAuthentication: "unless-guest-checkout" };
    // Spec §2 /checkout: to the cart, not back here.
    const signIn = { kind: "sign-in", message: SIGN_IN, backHere: false };
    for (const orderSystem of [false, true]) {
      expect(shopperRefusal(meta, guest(orderIn(), orderSystem))).toBeNull();
      expect(
        shopperRefusal(
          meta,
          guest(orderIn({ remote_orders_require_authentication: true }), orderSystem),
        ),
      ).toEqual(signIn);
      expect(
        shopperRefusal(
          meta,
          guest(orderIn({ remote_orders_require_online_payment: true }), orderSystem),
        ),
      ).toEqual(signIn);
    }
    expect(
      shopperRefusal(meta, {
        ...guest(orderIn({ remote_orders_require_authentication: true })),
        authenticated: true,
      }),
    ).toBeNull();
  });

  it("ssoInProcess: never sends the shopper to sign in while a sign-on is under way", () => {
    expect(
      shopperRefusal({ requiresAuthentication: true, ssoInProcess: true }, guest(orderIn())),
    ).toBeNull();
    expect(
      shopperRefusal(
        { requiresAuthentication: "unless-guest-checkout", ssoInProcess: true },
        guest(orderIn({ remote_orders_require_authentication: true })),
      ),
    ).toBeNull();
    // The other flags still apply.
    expect(shopperRefusal({ requiresOrder: true, ssoInProcess: true }, guest(null))).toMatchObject({
      message: ORDER_REQUIRED,
    });
  });

  it("an order comes first, then delivery, then sign-in", () => {
    const all: RouteMeta = {
      requiresOrder: true,
      mustAllowDelivery: true,
      requiresAuthentication: true,
    };
    expect(shopperRefusal(all, guest(null))).toMatchObject({ message: ORDER_REQUIRED });
    expect(shopperRefusal(all, guest(orderIn()))).toMatchObject({ message: DELIVERY_ONLY });
    expect(shopperRefusal(all, guest(orderIn({ delivery_enabled: true }), true))).toMatchObject({
      message: SIGN_IN,
    });
  });

  it("every guarded route declares its flags", () => {
    expect(checkout.routeMeta).toEqual({
      requiresOrder: true,
      requiresAuthentication: "unless-guest-checkout",
    });
    expect(fulfillmentTime.routeMeta).toEqual({ requiresOrder: true });
    expect(confirmation.routeMeta).toEqual({ requiresOrder: true, allowsSubmittedOrder: true });
    expect(cart.routeMeta).toEqual({});
    expect(authRequest.routeMeta).toMatchObject({ requiresOrder: true });
    expect(pastOrders.routeMeta).toEqual({ requiresMi9Integration: true });
    expect(paymentOptions.routeMeta).toEqual({
      requiresOrder: true,
      requiresAuthentication: true,
      signInMessage: "Please sign in to your account to pay online.",
      requiresMi9Integration: true,
    });
    expect(cardAuthorizationProcess.routeMeta).toEqual({
      requiresOrder: true,
      requiresAuthentication: true,
      signInMessage: "Please sign in to your account to finish paying online.",
    });
    expect(deliveryInfo.routeMeta).toMatchObject({
      requiresAuthentication: true,
      signInMessage: "Please sign in to your account to have your order delivered.",
    });
    expect(addressesRouteMeta).toMatchObject({
      requiresAuthentication: true,
      signInMessage: "Please sign in to your account to choose a billing address.",
    });
  });
});

// --- The guard and the routes on a request, against a fake API --------------------------------

interface Flags {
  remote_orders_require_authentication?: boolean;
  remote_orders_require_online_payment?: boolean;
}

let order: { status: string; pickup_at: string | null; flags: Flags } | null;
let apiCalls: string[];

const EMPTY_TOTALS = { item_count: 0, subtotal: 0, discount: 0, tip_amount: 0, total: 0 };

function orderJson() {
  if (!order) return null;
  return {
    id: 11,
    number: null,
    status: order.status,
    is_editable: order.status === "incomplete",
    is_cancelable: true,
    department_id: 4,
    source: "website",
    pickup_at: order.pickup_at,
    pickup_location_id: 1,
    substitutions_allowed: true,
    customer: {
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
      notification_type: [],
    },
    notes: null,
    received_assistance: false,
    ...EMPTY_TOTALS,
    delivery_amount: 0,
    placed_at: null,
    department: {
      data: {
        ...departmentJson(4, 1, { name: "Deli", payment_gateway_enabled: true }),
        ...order.flags,
        pickup_locations: {
          data: [{ id: 1, name: "Front", address_1: "1 Main", address_2: null }],
        },
        store: {
          data: {
            id: 1,
            name: "Princeton",
            address: "1 Main St",
            city: "Princeton",
            state: "NJ",
            zip_code: "08540",
            phone: null,
            address_latitude: 40.35,
            address_longitude: -74.66,
            timezone: "America/New_York",
            customer_disclaimer: null,
          },
        },
      },
    },
    items: { data: [] },
    cardAuthorization: { data: null },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  switches.orderSystem = false;
  order = { status: "incomplete", pickup_at: "2030-01-07T15:00:00.000Z", flags: {} };
  apiCalls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? "GET";
      apiCalls.push(`${method} ${url.pathname.replace("/api/1", "")}`);
      const body = orderJson();
      if (url.pathname === "/api/1/orders/11" && body) return json({ data: body });
      return json({ status: 404, message: "Not found" }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

interface Visit {
  path: string;
  method?: "GET" | "POST";
  fields?: Record<string, string>;
  withOrder?: boolean;
  params?: Record<string, string>;
}

/** A shopper (with the working order 11 unless told otherwise) asks for a page or posts a form. */
async function shopper({
  path,
  method = "GET",
  fields = {},
  withOrder = true,
  params = {},
}: Visit) {
  const context = await testContext();
  const state = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  state.session.set("apiKey", "shopper-key");
  if (withOrder) state.session.set("orderId", 11);
  const token = ensureCsrfToken(state.session);
  const init: RequestInit =
    method === "POST"
      ? {
          method,
          body: new URLSearchParams({ ...fields, csrf: token }),
          headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
        }
      : {};
  return { args: { request: new Request(`${SITE}${path}`, init), context, params }, state };
}

/** What a loader or action answered: its data, a redirect, or the error page it threw. */
async function answer(run: Promise<unknown>) {
  try {
    const value = await run;
    if (value instanceof Response) {
      return { status: value.status, location: value.headers.get("location") };
    }
    return { status: 200, data: value };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const value = thrown as {
      data?: { message?: string; name?: string };
      init?: { status?: number };
    };
    return { status: value.init?.status, message: value.data?.message, name: value.data?.name };
  }
}

const flashTexts = (state: Awaited<ReturnType<typeof shopper>>["state"]) =>
  state.takeFlash().map((message) => message.text);

describe("guardRoute on a request", () => {
  it("answers the working order", async () => {
    const { args } = await shopper({ path: "/x" });
    const guarded = await guardRoute(args, { requiresOrder: true });
    expect(guarded.order.id).toBe(11);
  });

  it("without an order, a route requiring one is the 400 page and nothing is asked of the API", async () => {
    const { args } = await shopper({ path: "/x", withOrder: false });
    expect(await answer(guardRoute(args, { requiresOrder: true }))).toEqual({
      status: 400,
      message: ORDER_REQUIRED,
      name: "OrderRequiredError",
    });
    expect(apiCalls).toEqual([]);
  });

  it("abandons a submitted order where the route does not allow one (spec §4), keeps it where it does", async () => {
    order!.status = "submitted";
    const abandoning = await shopper({ path: "/x" });
    expect(await guardRoute(abandoning.args, {})).toEqual({ order: null });
    expect(abandoning.state.session.get("orderId")).toBeUndefined();

    const requiring = await shopper({ path: "/x" });
    expect(await answer(guardRoute(requiring.args, { requiresOrder: true }))).toMatchObject({
      status: 400,
      message: ORDER_REQUIRED,
    });

    const allowing = await shopper({ path: "/x" });
    const kept = await guardRoute(allowing.args, {
      requiresOrder: true,
      allowsSubmittedOrder: true,
    });
    expect(kept.order.status).toBe("submitted");
    expect(allowing.state.session.get("orderId")).toBe(11);
  });

  it("checks the switches before loading anything", async () => {
    const { args } = await shopper({ path: "/x" });
    const features = {
      orderSystem: false,
      accounts: false,
      billingAddresses: false,
      sms: true,
      coupons: false,
      analytics: true,
    };
    expect(await answer(guardRoute(args, { disableRoute: (f) => !f.accounts }, features))).toEqual({
      status: 404,
      message: DISABLED,
      name: "RouteDisabledError",
    });
    expect(await answer(guardRoute(args, { requiresMi9Integration: true }, features))).toEqual({
      status: 404,
      message: MWG_REQUIRED,
      name: "IntegrationRequiredError",
    });
    expect(apiCalls).toEqual([]);
  });

  it("sends a guest to 'Please Sign In' and back, with the page's message: 302 for a page, 303 for a post", async () => {
    const meta: RouteMeta = { requiresAuthentication: true, signInMessage: "Sign in to pay." };
    const page = await shopper({ path: "/x?status=ok" });
    expect(await answer(guardRoute(page.args, meta))).toEqual({
      status: 302,
      location: "/auth-request?returnTo=%2Fx%3Fstatus%3Dok",
    });
    expect(flashTexts(page.state)).toEqual(["Sign in to pay."]);

    const post = await shopper({ path: "/x", method: "POST" });
    expect(await answer(guardRoute(post.args, meta))).toEqual({
      status: 303,
      location: "/auth-request?returnTo=%2Fx",
    });

    // Where nobody can sign in, and from /checkout (spec §2), the cart says why.
    const features = { ...storefrontConfig().features, accounts: false };
    const noAccounts = await shopper({ path: "/x" });
    expect(await answer(guardRoute(noAccounts.args, meta, features))).toEqual({
      status: 302,
      location: SIGN_IN_ENTRY,
    });
    const checkingOut = await shopper({ path: "/checkout" });
    order!.flags = REQUIRES_SIGN_IN;
    expect(
      await answer(
        guardRoute(checkingOut.args, { requiresAuthentication: "unless-guest-checkout" }),
      ),
    ).toEqual({ status: 302, location: SIGN_IN_ENTRY });
    expect(flashTexts(checkingOut.state)).toEqual([SIGN_IN]);
  });

  it("does not send a shopper to sign in while a sign-on is in process", async () => {
    const { args, state } = await shopper({ path: "/sso-return" });
    const guarded = await guardRoute(args, { requiresAuthentication: true, ssoInProcess: true });
    expect(guarded.order?.id).toBe(11);
    expect(flashTexts(state)).toEqual([]);
  });
});

const REQUIRES_SIGN_IN: Flags = { remote_orders_require_authentication: true };
const REQUIRES_PAYMENT: Flags = { remote_orders_require_online_payment: true };

describe.each([
  ["off", false],
  ["on", true],
])("guests with the order-system switch %s", (_label, orderSystem) => {
  beforeEach(() => {
    switches.orderSystem = orderSystem;
  });

  it("/checkout admits a guest where the department allows guest checkout", async () => {
    const { args } = await shopper({ path: "/checkout" });
    expect(await answer(checkout.loader(args))).toMatchObject({ status: 200 });
  });

  it.each([
    ["requires sign-in", REQUIRES_SIGN_IN],
    ["requires online payment", REQUIRES_PAYMENT],
  ])(
    "/checkout turns a guest away where the department %s: to the cart, with the message",
    async (_why, flags) => {
      order!.flags = flags;
      const page = await shopper({ path: "/checkout" });
      expect(await answer(checkout.loader(page.args))).toEqual({ status: 302, location: "/cart" });
      expect(flashTexts(page.state)).toEqual([SIGN_IN]);

      const post = await shopper({
        path: "/checkout",
        method: "POST",
        fields: {
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          phone: "6095550100",
        },
      });
      expect(await answer(checkout.action(post.args))).toEqual({ status: 303, location: "/cart" });
      expect(flashTexts(post.state)).toEqual([SIGN_IN]);
      // Never placed: the only call was reading the order.
      expect(apiCalls.filter((call) => !call.startsWith("GET"))).toEqual([]);
    },
  );

  it("/checkout without an order is the 400 page with the order-required message", async () => {
    const { args } = await shopper({ path: "/checkout", withOrder: false });
    expect(await answer(checkout.loader(args))).toMatchObject({
      status: 400,
      message: ORDER_REQUIRED,
    });
  });

  it("/auth-request offers 'Checkout As Guest' only where guest checkout is allowed", async () => {
    const allowed = await shopper({ path: "/auth-request" });
    expect(await answer(authRequest.loader(allowed.args))).toMatchObject({
      data: { guestAllowed: true, returnTo: "/checkout" },
    });
    order!.flags = REQUIRES_SIGN_IN;
    const refused = await shopper({ path: "/auth-request" });
    expect(await answer(authRequest.loader(refused.args))).toMatchObject({
      data: { guestAllowed: false, returnTo: "/checkout" },
    });
  });

  it("/fulfillment-time without an order is the 400 page", async () => {
    const { args } = await shopper({ path: "/fulfillment-time", withOrder: false });
    expect(await answer(fulfillmentTime.loader(args))).toMatchObject({
      status: 400,
      message: ORDER_REQUIRED,
    });
  });
});

describe("after choosing a pickup time, a guest where guest checkout is allowed (spec §4)", () => {
  const choose = async () => {
    const { args } = await shopper({
      path: "/fulfillment-time",
      method: "POST",
      fields: { pickup_at: "2030-01-07T15:00:00.000Z" },
    });
    return answer(fulfillmentTime.action(args));
  };

  it("goes straight to /checkout without the integration", async () => {
    switches.orderSystem = false;
    expect(await choose()).toEqual({ status: 303, location: "/checkout" });
  });

  it("goes to /auth-request with the integration, which offers 'Checkout As Guest'", async () => {
    switches.orderSystem = true;
    expect(await choose()).toEqual({ status: 303, location: "/auth-request" });
  });
});

describe("/stores/{store}/orders (past orders)", () => {
  const visit = async () => {
    const { args } = await shopper({
      path: "/stores/1/orders",
      withOrder: false,
      params: { store: "1" },
    });
    return answer(pastOrders.loader(args));
  };

  it("without the order-system integration is the 404 page with the MWG message", async () => {
    switches.orderSystem = false;
    expect(await visit()).toEqual({
      status: 404,
      message: MWG_REQUIRED,
      name: "IntegrationRequiredError",
    });
  });

  it("with it, answers the page (its sign-in prompt for guests)", async () => {
    switches.orderSystem = true;
    expect(await visit()).toEqual({ status: 200, data: { signedIn: false } });
  });
});
