/**
 * Fuzz of every storefront route action (each route module under app/routes with an action)
 * against a real test API: generated form posts
 * (urlencoded and multipart; missing, repeated, huge, unicode and wrong-typed fields), mostly with
 * the session's CSRF token and this site's Origin, sometimes without. An action may answer or
 * throw a Response or data() below 500; anything else thrown is a bug.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { CSRF_FIELD } from "~/lib/csrf";
import { action as unknownPath } from "~/routes/$";
import { action as addresses } from "~/routes/addresses";
import { action as dismissAlert } from "~/routes/alerts.$alert.dismiss";
import { action as favorite } from "~/routes/favorites.$product";
import { action as cart } from "~/routes/cart";
import { action as substitute } from "~/routes/cart_.items.$item.substitute";
import { action as changeStore } from "~/routes/change-store";
import { action as checkout } from "~/routes/checkout";
import { action as confirmation } from "~/routes/confirmation";
import { action as deliveryInfo } from "~/routes/delivery-info";
import { action as fulfillmentTime } from "~/routes/fulfillment-time";
import { action as leaveOrder } from "~/routes/leave-order";
import { action as paymentOptions } from "~/routes/payment-options";
import { action as lite } from "~/routes/preferences.lite";
import { action as signIn } from "~/routes/sign-in";
import { action as signOut } from "~/routes/sign-out";
import { action as storeQueue } from "~/routes/store.$store._index";
import { action as storeOrder } from "~/routes/store.$store.orders.$order";
import { action as product } from "~/routes/stores.$store.departments.$department.products.$product";
import { action as pastOrders } from "~/routes/stores.$store.orders._index";
import { startTestApi, type TestApi } from "../support/api";
import { routeAction, routeModulesWithAction, shopperOf, testContext } from "../support/storefront";
import { fuzzCarts, type Carts } from "./carts";
import { expectNoHalfWrittenRows, fuzzOptions, nastyString, resolveRefs, ref } from "./support";

const SITE = "http://localhost";
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "oe-fuzz-uploads-"));
process.env.UPLOADS_DIR = uploads;

let api: TestApi;
let carts: Carts;

beforeAll(async () => {
  // The storefront logs every refused post; thousands of them would bury a failure's report.
  process.env.LOG_LEVEL = process.env.FUZZ_VERBOSE ? "info" : "silent";
  api = await startTestApi();
  // Read on first use by the storefront's config: set before any action runs.
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "fuzz-test-secret";
  carts = await fuzzCarts(api, await api.newKey());
  const store = await api.db.kysely
    .selectFrom("departments")
    .select(["id", "store_id"])
    .where("id", "=", carts.pool.department as number)
    .executeTakeFirstOrThrow();
  carts.pool.store = store.store_id;
  const alert = await api.db.kysely.selectFrom("alerts").select("id").executeTakeFirstOrThrow();
  carts.pool.alert = alert.id;
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

interface FormRoute {
  path: string;
  action: Action;
  /** Field names the action reads, each generated as plausible or junk values. */
  fields: Record<string, fc.Arbitrary<string>>;
  params?: Record<string, fc.Arbitrary<string>>;
}

const value = (...plausible: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...plausible), weight: 3 },
    { arbitrary: nastyString, weight: 2 },
    { arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => "9".repeat(n)), weight: 1 },
  );
const id = (...names: string[]) => value(...names.map(ref), "0", "-1", "1.5", "99999999999");

const ROUTES: Record<string, FormRoute> = {
  cart: {
    path: "/cart",
    action: cart,
    fields: {
      intent: value("delete-item", "apply-promo", "remove-promo", "substitutions", "continue"),
      itemId: id("item", "photoItem", "otherItem"),
      code: value("SAVE10", "FIVEOFF", "NOPE", ""),
      substitutions_allowed: value("on", "off", ""),
      next: value("delivery", "pickup"),
    },
  },
  "fulfillment time": {
    path: "/fulfillment-time",
    action: fulfillmentTime,
    fields: {
      pickup_at: value(
        "2030-01-01T15:00:00.000Z",
        new Date(Date.now() + 86_400_000).toISOString(),
        "x",
      ),
    },
  },
  checkout: {
    path: "/checkout",
    action: checkout,
    fields: {
      intent: value("assist", "place"),
      first_name: value("Ada", ""),
      last_name: value("Lovelace"),
      email: value("ada@example.com", "ada@", "a@b.c"),
      phone: value("(609) 555-0142", "5555555555", "12"),
      pickup_location_id: value("1", "2", "0"),
      notification_type: value("email", "sms", "fax"),
      notes: value("Leave at the door", ""),
    },
  },
  confirmation: {
    path: "/confirmation",
    action: confirmation,
    fields: { notification_type: value("email", "sms", "") },
  },
  "add to cart": {
    path: "/stores/1/departments/1/products/1",
    action: product,
    fields: {
      quantity: value("1", "2", "0.5", "0", "-1", "1000"),
      notes: value("No onions", ""),
      photo_consent: value("on"),
      item: id("item", "photoItem", "otherItem"),
      intent: value("favorite", "add"),
      enhanced: value("1"),
      [`choice.${ref("facet0")}`]: id("choice0", "choice1"),
      [`choice.${ref("facet1")}`]: id("choice2", "choice3"),
      [`text.${ref("facet0")}`]: value("Happy Birthday"),
      [`text.${ref("facet2")}`]: value("Congratulations"),
    },
    params: {
      store: id("store"),
      department: id("department", "photoDepartment"),
      product: id("product", "photoProduct"),
    },
  },
  "change store": { path: "/change-store", action: changeStore, fields: {} },
  "leave order": {
    path: "/leave-order",
    action: leaveOrder,
    fields: {
      "leave-to": value("/", "/stores/1/departments/2", "//evil.example", "javascript:alert(1)"),
    },
  },
  "alert dismiss": {
    path: "/alerts/1/dismiss",
    action: dismissAlert,
    fields: {
      redirectTo: value("/stores", "//evil.example", "/cart?x=1", "javascript:alert(1)"),
      seen: id("alert"),
    },
    params: { alert: id("alert") },
  },
  favorite: {
    path: "/favorites/1",
    action: favorite,
    fields: {
      intent: value("favorite", "save"),
      favorite: value("1", "0", "yes"),
      redirectTo: value("/stores", "//evil.example", "/cart?x=1", "javascript:alert(1)"),
    },
    params: { product: id("product", "photoProduct") },
  },
  "substitute with": {
    path: "/cart/items/1/substitute",
    action: substitute,
    fields: { substitute_product_id: id("product", "photoProduct") },
    params: { item: id("item", "photoItem", "otherItem") },
  },
  "delivery details": {
    path: "/delivery-info",
    action: deliveryInfo,
    fields: {
      intent: value("submit", "update"),
      first_name: value("Robin", ""),
      last_name: value("Shopper"),
      address: value("12B Nassau Street", "1"),
      city: value("Princeton"),
      state: value("NJ", "NY", "ZZ"),
      zip_code: value("08540", "123"),
      phone: value("(609) 555-0142", "12"),
      email: value("robin@example.com", "robin@"),
      instructions: value("Ring twice", ""),
      tip_choice: value("10", "15", "other", "none"),
      tip_other: value("5.00", "-1", ""),
    },
  },
  "payment options": {
    path: "/payment-options",
    action: paymentOptions,
    fields: { intent: value("pay-at-store", "pay-online") },
  },
  "billing address": {
    path: "/addresses",
    action: addresses,
    fields: { intent: value("pay", "other"), address: value("0", "1", "-1") },
  },
  "lite mode": {
    path: "/preferences/lite",
    action: lite,
    fields: {
      lite: value("on", ""),
      redirectTo: value("/stores", "//evil.example", "javascript:alert(1)"),
    },
  },
  "sign in": {
    path: "/sign-in",
    action: signIn,
    fields: {
      returnTo: value("/cart", "//evil.example", "javascript:alert(1)"),
      register: value("1", "0"),
    },
  },
  "sign out": { path: "/sign-out", action: signOut, fields: {} },
  "past orders": {
    path: "/stores/1/orders",
    action: pastOrders,
    fields: {
      intent: value("retract", "cancel", "reorder"),
      orderId: id("order", "otherOrder", "photoOrder"),
      page: value("1", "2", "0"),
      replaceCart: value("yes", "no"),
    },
    params: { store: id("store") },
  },
  "store queue": {
    path: "/store/1",
    action: storeQueue,
    fields: {
      intent: value("status", "pick", "other"),
      order: id("order", "otherOrder", "photoOrder"),
      status: value("in_progress", "ready", "completed", "cancelled", "shipped"),
      from: value("submitted", "in_progress", "ready"),
    },
    params: { store: id("store") },
  },
  "store picking": {
    path: "/store/1/orders/1",
    action: storeOrder,
    fields: {
      intent: value("status", "pick"),
      status: value("in_progress", "ready", "picked_up"),
      from: value("submitted", "in_progress"),
      item: id("item", "photoItem", "otherItem"),
      pick_status: value("picked", "substituted", "unavailable", "lost"),
      picked_quantity: value("1.08", "0", "-1", "1e309", "x"),
      picked_product_id: id("product", "photoProduct"),
    },
    params: { store: id("store"), order: id("order", "otherOrder", "photoOrder") },
  },
  "unknown path": { path: "/nowhere", action: unknownPath, fields: {} },
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface Post {
  entries: [string, string][];
  multipart: boolean;
  file: { name: string; bytes: Uint8Array; type: string } | null;
  token: "session" | "wrong" | "none";
  origin: "site" | "other" | "none";
  session: "order" | "other-order" | "no-order" | "no-key";
  params: Record<string, string>;
}

function postFor(route: FormRoute): fc.Arbitrary<Post> {
  const names = Object.keys(route.fields);
  const known = names.map((name) =>
    fc.array(
      route.fields[name]!.map((v) => [name, v] as [string, string]),
      { maxLength: 3 },
    ),
  );
  const stray = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...names, CSRF_FIELD, "__proto__"), nastyString),
      nastyString,
    ),
    {
      maxLength: 3,
    },
  );
  const params = Object.entries(route.params ?? {}).map(([name, arb]) =>
    arb.map((v) => [name, v] as const),
  );
  return fc.record({
    entries: fc.tuple(fc.tuple(...known), stray).map(([k, s]) => [...k.flat(), ...s]),
    multipart: fc.boolean(),
    file: fc.option(
      fc.record({
        name: fc.constantFrom("photo", "photo", "image", "quantity"),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 200 }).map((b) => new Uint8Array([...PNG, ...b])),
          fc.uint8Array({ maxLength: 200 }),
        ),
        type: fc.constantFrom("image/png", "text/plain", ""),
      }),
      { freq: 3 },
    ),
    token: fc.oneof(
      { arbitrary: fc.constant("session" as const), weight: 8 },
      { arbitrary: fc.constantFrom("wrong" as const, "none" as const), weight: 1 },
    ),
    origin: fc.oneof(
      { arbitrary: fc.constant("site" as const), weight: 8 },
      { arbitrary: fc.constantFrom("other" as const, "none" as const), weight: 1 },
    ),
    session: fc.constantFrom("order", "order", "order", "other-order", "no-order", "no-key"),
    params: fc.tuple(...params).map((pairs) => Object.fromEntries(pairs)),
  });
}

/** Posts one generated form; answers the status it came back with, or throws what is a bug. */
async function post(route: FormRoute, input: Post): Promise<number> {
  const pool = carts.pool;
  const context = await testContext();
  const state = await shopperOf({ request: new Request(`${SITE}${route.path}`), context });
  if (input.session !== "no-key") state.session.set("apiKey", api.key);
  if (input.session === "order") state.session.set("orderId", pool.order as number);
  if (input.session === "other-order") state.session.set("orderId", pool.otherOrder as number);
  const token = ensureCsrfToken(state.session);
  const entries = input.entries.map(
    ([k, v]) => [resolveRefs(k, pool), resolveRefs(v, pool)] as const,
  );
  if (input.token !== "none")
    entries.push([CSRF_FIELD, input.token === "session" ? token : `${token}x`]);

  let body: FormData | URLSearchParams;
  if (input.multipart || input.file) {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    if (input.file)
      form.append(
        input.file.name,
        new File([new Uint8Array(input.file.bytes)], "photo.png", { type: input.file.type }),
      );
    body = form;
  } else {
    body = new URLSearchParams(entries.map(([k, v]) => [k, v]));
  }
  const headers: Record<string, string> = {};
  if (input.origin === "site") headers.origin = SITE;
  if (input.origin === "other") headers.origin = "https://evil.example";
  const request = new Request(`${SITE}${route.path}`, { method: "POST", body, headers });
  const params = Object.fromEntries(
    Object.entries(input.params).map(([k, v]) => [k, resolveRefs(v, pool)]),
  );
  try {
    return statusOf(await route.action({ request, context, params }));
  } catch (thrown) {
    if (thrown instanceof Response || isData(thrown)) return statusOf(thrown);
    throw thrown;
  }
}

const isData = (value: unknown): value is { init: { status?: number } | null } =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "DataWithResponseInit";

function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (isData(answer)) return answer.init?.status ?? 200;
  return 200;
}

describe("storefront actions under generated form posts", () => {
  it("fuzzes every route module under app/routes with an action", async () => {
    const fuzzed = new Set(Object.values(ROUTES).map((route) => route.action as unknown));
    const missing: string[] = [];
    for (const route of routeModulesWithAction())
      if (!fuzzed.has(await routeAction(route))) missing.push(route);
    expect(missing).toEqual([]);
  });

  Object.entries(ROUTES).forEach(([name, route], index) => {
    it(
      `the ${name} action never fails with 5xx or a thrown error, and refuses a forged post`,
      { timeout: 120_000 },
      async () => {
        await fc.assert(
          fc.asyncProperty(postFor(route), async (input) => {
            await carts.refresh();
            const status = await post(route, input);
            if (status >= 500) throw new Error(`the ${name} action answered ${status}`);
            // Forged by construction (no or a wrong token, another or no Origin): the 403 page,
            // except the unknown path's 404, which reads nothing. A form that cannot be read at
            // all (too large, cut short) has no token to check: the same post sent genuinely
            // shows it, with the same 4xx.
            const forged = input.token !== "session" || input.origin !== "site";
            const refusal = route.action === unknownPath ? 404 : 403;
            if (forged && status !== refusal) {
              const genuine = await post(route, { ...input, token: "session", origin: "site" });
              if (genuine !== status || status < 400 || status >= 500)
                throw new Error(
                  `the ${name} action answered a forged post ${status} (sent genuinely: ${genuine}), not ${refusal}`,
                );
            }
          }),
          fuzzOptions(3_000 + index * 100),
        );
        await expectNoHalfWrittenRows(api);
      },
    );
  });
});
