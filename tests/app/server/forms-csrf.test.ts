/**
 * Every storefront form refuses a post that is not from this site: a missing or wrong CSRF token,
 * or an Origin that is not this site's (another site, `null`, none at all), is the 403 page, and
 * nothing reaches the API. A same-site post with the session's token gets through to the form's
 * own next step (its redirect or its answer), against a real API on a test database. Every route
 * module under app/routes with an `action` has its case here.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CSRF_FAILURE_MESSAGE, ensureCsrfToken } from "~/.server/csrf";
import type { Shopper as RequestShopper, StorefrontSession } from "~/.server/session";
import { action as unknownPath } from "~/routes/$";
import { action as addresses } from "~/routes/addresses";
import { action as dismissAlert } from "~/routes/alerts.$alert.dismiss";
import { action as cart } from "~/routes/cart";
import { action as substitute } from "~/routes/cart_.items.$item.substitute";
import { action as changeStore } from "~/routes/change-store";
import { action as checkout } from "~/routes/checkout";
import { action as confirmation } from "~/routes/confirmation";
import { action as deliveryInfo } from "~/routes/delivery-info";
import { action as favorite } from "~/routes/favorites.$product";
import { action as fulfillmentTime } from "~/routes/fulfillment-time";
import { action as leaveOrder } from "~/routes/leave-order";
import { action as paymentOptions } from "~/routes/payment-options";
import { action as lite } from "~/routes/preferences.lite";
import { action as signIn } from "~/routes/sign-in";
import { action as signOut } from "~/routes/sign-out";
import { action as addToCart } from "~/routes/stores.$store.departments.$department.products.$product";
import { action as pastOrders } from "~/routes/stores.$store.orders._index";
import { action as storeQueue } from "~/routes/store.$store._index";
import { action as storeOrder } from "~/routes/store.$store.orders.$order";
import type { TestApi } from "../../support/api";
import {
  addItem,
  newOrder,
  placedOrderOf,
  plainProducts,
  prepareForPlacement,
  validSlot,
  type PlainProduct,
} from "../../support/orders";
import { deliveryForm, deliveryShop, type Shop } from "../../support/deliveries";
import {
  routeModulesWithAction,
  SITE,
  shopperSession,
  startStorefrontApi,
  shopperOf,
  testContext,
} from "../../support/storefront";
import { signedInKey, type TestUser } from "../../support/users";

let api: TestApi;
let product: PlainProduct;
let other: PlainProduct;
let storeId: number;
let shop: Shop;
let pickupLocationId: number;

beforeAll(async () => {
  api = await startStorefrontApi(
    "forms-test-secret",
    { LOG_LEVEL: "silent", FEATURE_ORDER_SYSTEM: "1", FEATURE_BILLING_ADDRESSES: "1" },
    { sso: "sandbox", pay: "sandbox" },
  );
  const products = await plainProducts(api);
  product = products[0]!;
  other = products[1]!;
  shop = await deliveryShop(api, "store");
  // Paying online is offered where the order is, and paying at the store still allowed.
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, remote_orders_require_online_payment: 0 })
    .where("id", "=", product!.department_id)
    .execute();
  pickupLocationId = (
    await api.db.kysely
      .selectFrom("pickup_locations")
      .select("id")
      .where("department_id", "=", product!.department_id)
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;
  storeId = (
    await api.db.kysely
      .selectFrom("departments")
      .select("store_id")
      .where("id", "=", product!.department_id)
      .executeTakeFirstOrThrow()
  ).store_id;
});
afterAll(async () => {
  await api?.close();
});

/** Every call the storefront makes to the API (passed through to the real one). */
let apiCalls: string[];
beforeEach(() => {
  apiCalls = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      apiCalls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return realFetch(input, init);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

/** The shopper posting: a signed-in device with a working order holding one item. */
interface Shopper {
  key: string;
  user: TestUser;
  orderId: number;
  itemId: number;
}

async function newShopper(item: PlainProduct = product): Promise<Shopper> {
  const { key, user } = await signedInKey(api);
  const order = await newOrder(api, item.department_id, key);
  const added = await addItem(api, order.id, item, 1, key);
  expect(added.status).toBe(201);
  const itemId = ((await added.json()) as { data: { id: number } }).data.id;
  return { key, user, orderId: order.id, itemId };
}

/** A pickup time well past the earliest offered, so the lead time cannot pass it meanwhile. */
async function laterSlot(who: Shopper) {
  const slots = (await validSlot(api, who.orderId, who.key)).days.flatMap((day) => day.slots);
  return slots[Math.min(8, slots.length - 1)]!.value;
}

interface FormCase {
  /** The route module under app/routes (its file name without the extension). */
  route: string;
  path: string;
  action: Action;
  fields: (who: Shopper) => Record<string, string> | Promise<Record<string, string>>;
  params?: Record<string, string>;
  /** What a same-site post with the session's token answers: the form's own next step. */
  next: (who: Shopper) => Partial<Answer> | Promise<Partial<Answer>>;
  /** A signed-out shopper (a guest's session, still with the key and the order). */
  guest?: boolean;
  /** The same-site post's shopper, when not the usual one; and what it did before. */
  shopper?: () => Promise<Shopper>;
  prepare?: (who: Shopper) => Promise<void>;
  /** What the session holds beyond the key, the person and the order. */
  session?: (session: StorefrontSession) => void;
}

const storePath = () => `/stores/${storeId}`;
const productPath = () =>
  `${storePath()}/departments/${product.department_id}/products/${product.id}`;

/** A shopper who is also an associate of the store (decision 042). */
async function associate(): Promise<Shopper> {
  const who = await newShopper();
  await api.db.kysely
    .updateTable("users")
    .set({ associate_store_id: storeId })
    .where("id", "=", who.user.id)
    .execute();
  return who;
}

/** The order the picking page's post picks: placed by another shopper, in progress. */
let picking = { orderId: 0, itemId: 0 };

const FORMS: Record<string, FormCase> = {
  cart: {
    route: "cart",
    path: "/cart",
    action: cart,
    fields: (who) => ({ intent: "delete-item", itemId: String(who.itemId) }),
    next: () => ({ status: 303, location: "/cart" }),
  },
  "cart item's substitution": {
    route: "cart",
    path: "/cart",
    action: cart,
    fields: (who) => ({
      intent: "item-substitution",
      itemId: String(who.itemId),
      substitution: "none",
    }),
    next: () => ({ status: 303, location: "/cart" }),
  },
  "substitute with": {
    route: "cart_.items.$item.substitute",
    path: "/cart/items/5/substitute",
    action: substitute,
    fields: () => ({ substitute_product_id: String(other.id) }),
    prepare: async (who) => {
      const put = await api.call("PUT", `/orders/${who.orderId}`, {
        key: who.key,
        body: { substitutions_allowed: true },
      });
      expect(put.status).toBe(200);
    },
    next: () => ({ status: 303, location: "/cart" }),
  },
  "pickup time": {
    route: "fulfillment-time",
    path: "/fulfillment-time",
    action: fulfillmentTime,
    fields: async (who) => ({ pickup_at: await laterSlot(who) }),
    // The department takes payment online: the payment choice comes next.
    next: () => ({ status: 303, location: "/payment-options" }),
  },
  checkout: {
    route: "checkout",
    path: "/checkout",
    action: checkout,
    fields: () => ({
      first_name: "Ada",
      last_name: "L",
      email: "ada@example.com",
      phone: "5555555555",
      pickup_location_id: String(pickupLocationId),
    }),
    prepare: (who) => prepareForPlacement(api, who.orderId, { key: who.key }),
    next: () => ({ status: 303, location: "/confirmation" }),
  },
  confirmation: {
    route: "confirmation",
    path: "/confirmation",
    action: confirmation,
    fields: () => ({ notification_type: "email" }),
    next: () => ({ status: 200, location: null, body: { saved: true } }),
  },
  "add to cart": {
    route: "stores.$store.departments.$department.products.$product",
    path: "/stores/1/departments/4/products/7",
    action: addToCart,
    fields: () => ({ quantity: "1" }),
    next: () => ({ status: 303, location: `${productPath()}#added` }),
  },
  "change store": {
    route: "change-store",
    path: "/change-store",
    action: changeStore,
    fields: () => ({}),
    next: () => ({ status: 302, location: "/stores" }),
  },
  "leave order": {
    route: "leave-order",
    path: "/leave-order",
    action: leaveOrder,
    fields: () => ({ "leave-to": "/stores" }),
    next: () => ({ status: 303, location: "/stores" }),
  },
  "alert dismiss": {
    route: "alerts.$alert.dismiss",
    path: "/alerts/3/dismiss",
    action: dismissAlert,
    fields: () => ({ redirectTo: "/stores" }),
    params: { alert: "3" },
    next: () => ({ status: 303, location: "/stores" }),
  },
  "lite mode": {
    route: "preferences.lite",
    path: "/preferences/lite",
    action: lite,
    fields: () => ({ lite: "on", redirectTo: "/stores" }),
    next: () => ({ status: 302, location: "/stores" }),
  },
  "sign in": {
    route: "sign-in",
    path: "/sign-in",
    action: signIn,
    guest: true,
    fields: () => ({ returnTo: "/cart" }),
    // Off to the identity provider's sign-in page.
    next: () => ({
      status: 303,
      location: expect.stringMatching(new RegExp(`^${api.origin}/sandbox/sso/auth\\?`)),
    }),
  },
  "sign out": {
    route: "sign-out",
    path: "/sign-out",
    action: signOut,
    fields: () => ({}),
    next: () => ({ status: 303, location: "/" }),
  },
  "delivery details": {
    route: "delivery-info",
    path: "/delivery-info",
    action: deliveryInfo,
    shopper: async () => newShopper(shop.products[0]),
    prepare: async (who) => {
      const put = await api.call("PUT", `/orders/${who.orderId}`, {
        key: who.key,
        body: { pickup_at: await laterSlot(who) },
      });
      expect(put.status).toBe(200);
    },
    session: (session) => session.set("deliveryInfo", { delivery: 1 }),
    fields: () => deliveryForm(shop),
    // Off to the payment provider's page for the delivery's card hold.
    next: () => ({
      status: 303,
      location: expect.stringMatching(new RegExp(`^${api.origin}/sandbox/pay/`)),
    }),
  },
  "billing address": {
    route: "addresses",
    path: "/addresses",
    action: addresses,
    fields: () => ({ intent: "pay" }),
    // Off to the payment provider's page for the card hold (a profile without addresses).
    next: () => ({
      status: 303,
      location: expect.stringMatching(new RegExp(`^${api.origin}/sandbox/pay/`)),
    }),
  },
  "payment options": {
    route: "payment-options",
    path: "/payment-options",
    action: paymentOptions,
    fields: () => ({ intent: "pay-at-store" }),
    next: () => ({ status: 303, location: "/checkout" }),
  },
  favorite: {
    route: "favorites.$product",
    path: "/favorites/7",
    action: favorite,
    fields: () => ({ intent: "favorite", favorite: "1", redirectTo: "/stores" }),
    next: () => ({ status: 303, location: "/stores" }),
  },
  "past order's Edit": {
    route: "stores.$store.orders._index",
    path: "/stores/1/orders",
    action: pastOrders,
    fields: async (who) => ({
      intent: "retract",
      orderId: String(await placedOrderOf(api, who.key, product, 1)),
      replaceCart: "yes",
    }),
    next: () => ({ status: 303, location: "/cart" }),
  },
  "past order's Cancel": {
    route: "stores.$store.orders._index",
    path: "/stores/1/orders",
    action: pastOrders,
    fields: async (who) => ({
      intent: "cancel",
      orderId: String(await placedOrderOf(api, who.key, product, 1)),
    }),
    next: () => ({ status: 303, location: `${storePath()}/orders` }),
  },
  "store queue's status move": {
    route: "store.$store._index",
    path: "/store/1",
    action: storeQueue,
    shopper: associate,
    fields: async () => ({
      intent: "status",
      order: String(await placedOrderOf(api, await api.newKey(), product, 1)),
      status: "in_progress",
      from: "submitted",
    }),
    next: () => ({ status: 303, location: `/store/${storeId}` }),
  },
  "picking page's pick": {
    route: "store.$store.orders.$order",
    path: "/store/1/orders/1",
    action: storeOrder,
    shopper: associate,
    prepare: async (who) => {
      const orderId = await placedOrderOf(api, await api.newKey(), product, 1);
      const moved = await api.call("PUT", `/stores/${storeId}/orders/${orderId}/status`, {
        key: who.key,
        body: { status: "in_progress" },
      });
      expect(moved.status).toBe(200);
      const item = await api.db.kysely
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", orderId)
        .executeTakeFirstOrThrow();
      picking = { orderId, itemId: item.id };
    },
    fields: () => ({ intent: "pick", item: String(picking.itemId), pick_status: "unavailable" }),
    next: () => ({ status: 303, location: `/store/${storeId}/orders/${picking.orderId}` }),
  },
  "past order's Reorder": {
    route: "stores.$store.orders._index",
    path: "/stores/1/orders",
    action: pastOrders,
    fields: async (who) => ({
      intent: "reorder",
      orderId: String(await placedOrderOf(api, who.key, product, 1)),
      replaceCart: "yes",
    }),
    next: () => ({ status: 303, location: "/cart" }),
  },
};

/** The path and params a case posts to, with this run's store, department and product. */
function target(form: FormCase) {
  if (form.route === "stores.$store.departments.$department.products.$product")
    return {
      path: productPath(),
      params: {
        store: String(storeId),
        department: String(product.department_id),
        product: String(product.id),
      },
    };
  if (form.route === "stores.$store.orders._index")
    return { path: `${storePath()}/orders`, params: { store: String(storeId) } };
  if (form.route === "store.$store._index")
    return { path: `/store/${storeId}`, params: { store: String(storeId) } };
  if (form.route === "store.$store.orders.$order")
    return {
      path: `/store/${storeId}/orders/${picking.orderId || 1}`,
      params: { store: String(storeId), order: String(picking.orderId || 1) },
    };
  if (form.route === "favorites.$product")
    return { path: `/favorites/${product.id}`, params: { product: String(product.id) } };
  if (form.route === "cart_.items.$item.substitute") return { path: form.path, params: {} };
  return { path: form.path, params: form.params ?? {} };
}

interface PostOptions {
  token?: "session" | "wrong" | "none";
  origin?: string | null;
}

interface Answer {
  status: number | undefined;
  location: string | null;
  message: string | undefined;
  body: unknown;
}

function answerOf(value: unknown): Answer {
  if (value instanceof Response)
    return {
      status: value.status,
      location: value.headers.get("location"),
      message: undefined,
      body: null,
    };
  const wrapped = value as {
    type?: unknown;
    data?: { message?: string };
    init?: { status?: number } | null;
  };
  if (wrapped?.type === "DataWithResponseInit" || wrapped?.init !== undefined)
    return {
      status: wrapped.init?.status ?? 200,
      location: null,
      message: wrapped.data?.message,
      body: wrapped.data,
    };
  return { status: 200, location: null, message: undefined, body: value };
}

/** The shopper posts the form; answers what came back (or was thrown), and the session. */
async function post(
  form: FormCase,
  who: Shopper,
  { token = "session", origin = SITE }: PostOptions = {},
): Promise<Answer & { session: StorefrontSession; state: RequestShopper }> {
  const { path: at, params } = target(form);
  const fields = await form.fields(who);
  const context = await testContext();
  const session = await shopperSession(at, context, who, !form.guest);
  session.set("orderId", who.orderId);
  form.session?.(session);
  if (form.route === "cart_.items.$item.substitute") params.item = String(who.itemId);
  const state = await shopperOf({ request: new Request(`${SITE}${at}`), context });
  const sessionToken = ensureCsrfToken(session);
  const body = new URLSearchParams(fields);
  if (token === "session") body.set("csrf", sessionToken);
  if (token === "wrong") body.set("csrf", `${sessionToken.slice(0, -2)}xx`);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (origin !== null) headers.origin = origin;
  const request = new Request(`${SITE}${at}`, { method: "POST", body, headers });
  apiCalls = [];
  let answer: Answer;
  try {
    answer = answerOf(await form.action({ request, context, params }));
  } catch (thrown) {
    answer = answerOf(thrown);
  }
  return { ...answer, session, state };
}

let shared: Shopper;
beforeAll(async () => {
  shared = await newShopper();
});

describe.each(Object.entries(FORMS))("the %s form", (_name, form) => {
  it.each<[string, PostOptions]>([
    ["without the CSRF token", { token: "none" }],
    ["with a wrong CSRF token", { token: "wrong" }],
    ["from another site, with the token", { origin: "https://evil.example" }],
    ["from an opaque origin (null), with the token", { origin: "null" }],
    ["without an Origin, with the token", { origin: null }],
    ["from this host over another scheme", { origin: "https://localhost" }],
    ["from a malformed origin", { origin: "http://[::1" }],
  ])("refuses a post %s with the 403 page, calling nothing", async (_case, options) => {
    const answer = await post(form, shared, options);
    expect(answer).toMatchObject({ status: 403, message: CSRF_FAILURE_MESSAGE });
    expect(apiCalls).toEqual([]);
    expect(answer.session.get("orderId")).toBe(shared.orderId);
    expect(answer.state.preferences.seenAlerts).toEqual([]);
  });

  it("lets a same-site post with the session's token through to its next step", async () => {
    const who = await (form.shopper ?? newShopper)();
    await form.prepare?.(who);
    const answer = await post(form, who);
    expect({ status: answer.status, location: answer.location, body: answer.body }).toMatchObject({
      location: null,
      body: null,
      ...(await form.next(who)),
    });
    // A refusal that still redirects says so in an error message: none here.
    const flashed = (answer.session.get("flashMessages") ?? []) as { kind: string }[];
    expect(flashed.filter((message) => message.kind === "error")).toEqual([]);
  });
});

describe("the catch-all route ($)", () => {
  it("answers any post 404 before reading it, token or not, calling nothing", async () => {
    for (const origin of [SITE, "https://evil.example"]) {
      const request = new Request(`${SITE}/no-such-page`, {
        method: "POST",
        body: new URLSearchParams({ a: "1" }),
        headers: { origin },
      });
      let thrown: unknown;
      try {
        await unknownPath({
          request,
          context: await testContext(request),
          params: { "*": "no-such-page" },
        });
      } catch (error) {
        thrown = error;
      }
      expect(answerOf(thrown).status).toBe(404);
      expect(apiCalls).toEqual([]);
    }
  });
});

describe("the list of forms", () => {
  it("has a case for every route module under app/routes with an action", () => {
    const withAction = routeModulesWithAction();
    expect(withAction).toHaveLength(20);
    const covered = new Set([...Object.values(FORMS).map((form) => form.route), "$"]);
    expect(withAction.filter((route) => !covered.has(route))).toEqual([]);
  });
});
