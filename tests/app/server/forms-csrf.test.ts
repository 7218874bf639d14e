/**
 * Every storefront form refuses a post that is not from this site: a missing or wrong CSRF token,
 * or an Origin that is not this site's (another site, `null`, none at all), is the 403 page, and
 * nothing reaches the API. A same-site post with the session's token gets past the check.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CSRF_FAILURE_MESSAGE, ensureCsrfToken } from "~/.server/csrf";
import { getShopperState } from "~/.server/session";
import { action as dismissAlert } from "~/routes/alerts.$alert.dismiss";
import { action as cart } from "~/routes/cart";
import { action as substitute } from "~/routes/cart_.items.$item.substitute";
import { action as changeStore } from "~/routes/change-store";
import { action as checkout } from "~/routes/checkout";
import { action as confirmation } from "~/routes/confirmation";
import { action as fulfillmentTime } from "~/routes/fulfillment-time";
import { action as leaveOrder } from "~/routes/leave-order";
import { action as addToCart } from "~/routes/stores.$store.departments.$department.products.$product";

const SITE = "http://localhost";

beforeAll(() => {
  process.env.API_URL = "http://api.test/api/1";
  process.env.SESSION_SECRET = "forms-test-secret";
  process.env.LOG_LEVEL = "silent";
});

let apiCalls: string[];
beforeEach(() => {
  apiCalls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      apiCalls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return new Response(JSON.stringify({ status: 404, message: "Not found" }), {
        status: 404,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

interface FormCase {
  path: string;
  action: Action;
  fields: Record<string, string>;
  params?: Record<string, string>;
}

const FORMS: Record<string, FormCase> = {
  cart: { path: "/cart", action: cart, fields: { intent: "delete-item", itemId: "5" } },
  "cart item's substitution": {
    path: "/cart",
    action: cart,
    fields: { intent: "item-substitution", itemId: "5", substitution: "none" },
  },
  "substitute with": {
    path: "/cart/items/5/substitute",
    action: substitute,
    fields: { substitute_product_id: "7" },
    params: { item: "5" },
  },
  "pickup time": {
    path: "/fulfillment-time",
    action: fulfillmentTime,
    fields: { pickup_at: "2030-01-01T15:00:00.000Z" },
  },
  checkout: {
    path: "/checkout",
    action: checkout,
    fields: { first_name: "Ada", last_name: "L", email: "ada@example.com", phone: "5555555555" },
  },
  confirmation: {
    path: "/confirmation",
    action: confirmation,
    fields: { notification_type: "email" },
  },
  "add to cart": {
    path: "/stores/1/departments/4/products/7",
    action: addToCart,
    fields: { quantity: "1" },
    params: { store: "1", department: "4", product: "7" },
  },
  "change store": { path: "/change-store", action: changeStore, fields: {} },
  "leave order": { path: "/leave-order", action: leaveOrder, fields: { "leave-to": "/" } },
  "alert dismiss": {
    path: "/alerts/3/dismiss",
    action: dismissAlert,
    fields: { redirectTo: "/stores" },
    params: { alert: "3" },
  },
};

interface PostOptions {
  token?: "session" | "wrong" | "none";
  origin?: string | null;
}

/** A shopper with an order posts the form; answers what came back (or was thrown). */
async function post(form: FormCase, { token = "session", origin = SITE }: PostOptions = {}) {
  const context = {};
  const setup = { request: new Request(`${SITE}${form.path}`), context };
  const state = await getShopperState(setup);
  state.session.set("apiKey", "shopper-key");
  state.session.set("orderId", 11);
  const sessionToken = ensureCsrfToken(state.session);
  const body = new URLSearchParams(form.fields);
  if (token === "session") body.set("csrf", sessionToken);
  if (token === "wrong") body.set("csrf", `${sessionToken.slice(0, -2)}xx`);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (origin !== null) headers.origin = origin;
  const request = new Request(`${SITE}${form.path}`, { method: "POST", body, headers });
  try {
    const answer = await form.action({ request, context, params: form.params ?? {} });
    return { status: answer instanceof Response ? answer.status : 200, state };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, state };
    const value = thrown as { data?: { message?: string }; init?: { status?: number } };
    return { status: value.init?.status, message: value.data?.message, state };
  }
}

const REFUSED = { status: 403, message: CSRF_FAILURE_MESSAGE };

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
    const answer = await post(form, options);
    expect(answer).toMatchObject(REFUSED);
    expect(apiCalls).toEqual([]);
    expect(answer.state.session.get("orderId")).toBe(11);
    expect(answer.state.preferences.seenAlerts).toEqual([]);
  });

  it("lets a same-site post with the session's token through the check", async () => {
    const answer = await post(form);
    expect(answer.status).not.toBe(403);
  });
});
