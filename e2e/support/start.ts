/**
 * A ready state for a spec, made through the API instead of walked through the pages: a shopper
 * at a store's department with a cart of given products (POST /api/1/items with the shopper's own
 * key), signed in when asked (a `users` row of the test's own bound to that key, as the API's
 * sign-in leaves it), with the order placed when asked. The browser context then gets the sealed
 * session cookie (and the preferences cookie, every store alert already seen), so the next page
 * load is that shopper. The walks themselves (add to cart, sign in, checkout) keep their own
 * journeys; this is for tests that only need to start there.
 */
import { createHash, randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse, BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { seal } from "../../app/.server/sealed-cookie";
import {
  offeredSlots,
  READY_CUSTOMER,
  type BlackoutsAnswer,
} from "../../tests/support/ready-order";
import { demoDepartment, e2eDatabase, newApiKey, oneClickProduct, type E2eServer } from "./api";
import { BASE_URL, FIXED_STORE_URL } from "./servers";
import { SESSION_COOKIE, sessionSecrets } from "./session";
import { expect } from "./test";

const PREFERENCES_COOKIE = "oe_prefs";
const HOUR = 60 * 60 * 1000;

export interface Shopper {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  cardNumber: string | null;
}

export interface StartOptions {
  /** The home store's department to shop in, by name, or a department of the spec's own. */
  department: string | { storeId: number; departmentId: number };
  /** The cart: these products (one of each unless a quantity is given); none for an empty start. */
  products?: { id: number; quantity?: number }[];
  /** Signed in as a shopper of the test's own; `cardNumber` makes them a Price Plus Club member. */
  signedIn?: { firstName?: string; cardNumber?: string | null };
  /** The order placed for pickup (a day or more ahead); the next page load is its confirmation. */
  placed?: boolean;
}

export interface Started {
  server: E2eServer;
  storeId: number;
  departmentId: number;
  apiKey: string;
  headers: Record<string, string>;
  /** The cart (or the placed order); undefined when no product was asked for. */
  orderId?: number;
  /** The placed order's number. */
  number?: string;
  shopper?: Shopper;
}

/** A new club card number, of this test alone. */
export function newCardNumber(): string {
  return `4409${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;
}

async function ok(answer: APIResponse): Promise<{ data: Record<string, unknown>; meta?: unknown }> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { data: Record<string, unknown>; meta?: unknown };
}

/** A `users` row of the test's own bound to `apiKey`: the API takes the key as signed in. */
export function signInKey(
  server: E2eServer,
  apiKey: string,
  { firstName = "Robin", cardNumber = null }: NonNullable<StartOptions["signedIn"]>,
): Shopper {
  const db = e2eDatabase(server);
  try {
    const uuid = randomUUID();
    const keyHash = createHash("sha256").update(apiKey).digest("hex");
    const { brand_id } = db
      .prepare("SELECT brand_id FROM api_keys WHERE key_hash = ?")
      .get(keyHash) as { brand_id: number };
    const shopper: Shopper = {
      id: 0,
      email: `e2e-${uuid.slice(0, 12)}@example.com`,
      firstName,
      lastName: "Shopper",
      phone: null,
      cardNumber,
    };
    shopper.id = Number(
      db
        .prepare(
          `INSERT INTO users (brand_id, sso_subject, email, first_name, last_name, phone, uuid,
             card_number, mi9_uuid, mwg_uuid, created_at)
           VALUES (?, ?, ?, ?, ?, NULL, ?, ?, NULL, NULL, ?)`,
        )
        .run(
          brand_id,
          `e2e-${uuid}`,
          shopper.email,
          firstName,
          shopper.lastName,
          uuid,
          cardNumber,
          new Date().toISOString(),
        ).lastInsertRowid,
    );
    db.prepare("UPDATE api_keys SET user_id = ? WHERE key_hash = ?").run(shopper.id, keyHash);
    return shopper;
  } finally {
    db.close();
  }
}

/** The products put in a new cart of the department: the order's id. */
export async function fillCart(
  request: APIRequestContext,
  headers: Record<string, string>,
  departmentId: number,
  products: NonNullable<StartOptions["products"]>,
): Promise<number> {
  let orderId = 0;
  for (const product of products) {
    const item = { product_id: product.id, quantity: product.quantity ?? 1, preferences: [] };
    const body = orderId
      ? { ...item, order_id: orderId }
      : { ...item, department_id: departmentId, source: "website" };
    const added = await ok(await request.post("/api/1/items", { headers, data: body }));
    orderId = added.data.order_id as number;
  }
  return orderId;
}

/**
 * Readies the order through the API as its device would: a pickup time a day or more ahead (the
 * store has not started it, and a slow run never outlives it), the first pickup location, a
 * customer.
 */
export async function chooseTimeThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  orderId: number,
): Promise<void> {
  const slots = offeredSlots(
    (await ok(
      await request.get(`/api/1/blackouts?order_id=${orderId}&source=website`, { headers }),
    )) as unknown as BlackoutsAnswer,
  );
  const slot = slots.find((s) => Date.parse(s.value) > Date.now() + 26 * HOUR) ?? slots.at(-1);
  if (!slot) throw new Error("no pickup slot");
  const order = await ok(
    await request.get(`/api/1/orders/${orderId}?include=department.pickup_locations`, {
      headers,
    }),
  );
  const locations = (order.data.department as { data: { pickup_locations: { data: [] } } }).data
    .pickup_locations.data as { id: number }[];
  await ok(
    await request.put(`/api/1/orders/${orderId}`, {
      headers,
      data: {
        pickup_at: slot.value,
        pickup_location_id: locations[0]?.id ?? null,
        customer: READY_CUSTOMER,
      },
    }),
  );
}

/** Places the order through the API, its time chosen first. Answers the order's number. */
export async function placeThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  orderId: number,
): Promise<string> {
  await chooseTimeThroughApi(request, headers, orderId);
  const placed = await ok(
    await request.put(`/api/1/orders/${orderId}/place`, {
      headers: { ...headers, "idempotency-key": `e2e-${orderId}-${Date.now()}` },
      data: {},
    }),
  );
  return placed.data.number as string;
}

/** The ids of the store's alerts, all taken as seen (specs not about alerts never meet them). */
function alertIds(server: E2eServer): number[] {
  const db = e2eDatabase(server);
  try {
    return (db.prepare("SELECT id FROM alerts").all() as { id: number }[]).map((a) => a.id);
  } finally {
    db.close();
  }
}

/**
 * Writes the session into the browser context, sealed with the server's secret as the server
 * seals it: the next page load is this shopper.
 */
export async function writeSession(
  context: BrowserContext,
  server: E2eServer,
  data: Record<string, unknown>,
  preferences: { homeStoreId?: number } = {},
): Promise<void> {
  const secrets = sessionSecrets();
  const now = Math.floor(Date.now() / 1000);
  const sealed = seal(
    { issuedAt: now, expiresAt: now + 24 * 60 * 60, data },
    secrets,
    SESSION_COOKIE,
  );
  const prefs = await createCookie(PREFERENCES_COOKIE, { secrets }).serialize({
    seenAlerts: alertIds(server),
    ...preferences,
  });
  const url = server === "main" ? BASE_URL : FIXED_STORE_URL;
  const attributes = { url, httpOnly: true, sameSite: "Lax" as const };
  await context.addCookies([
    { name: SESSION_COOKIE, value: sealed, ...attributes },
    {
      name: PREFERENCES_COOKIE,
      value: prefs.slice(prefs.indexOf("=") + 1).split(";")[0]!,
      ...attributes,
    },
  ]);
}

/** Which e2e server `request` speaks to (the spec's baseURL). */
async function serverOf(request: APIRequestContext): Promise<E2eServer> {
  const answer = await request.get("/api/1/stores");
  return answer.url().startsWith(FIXED_STORE_URL) ? "fixed-store" : "main";
}

/**
 * The shopper the options describe, made through the API and written into `context`. Without
 * `products` nothing is in the cart; `placed` needs products.
 */
export async function startAs(
  context: BrowserContext,
  request: APIRequestContext,
  options: StartOptions,
): Promise<Started> {
  const server = await serverOf(request);
  const department =
    typeof options.department === "string"
      ? await demoDepartment(request, options.department)
      : options.department;
  const apiKey = await newApiKey(request);
  const headers = { authorization: `Bearer ${apiKey}` };
  const shopper = options.signedIn ? signInKey(server, apiKey, options.signedIn) : undefined;
  const products = options.products ?? [];
  const orderId = products.length
    ? await fillCart(request, headers, department.departmentId, products)
    : undefined;
  if (options.placed && !orderId) throw new Error("an order to place needs products");
  const number = options.placed ? await placeThroughApi(request, headers, orderId!) : undefined;
  const started: Started = {
    server,
    storeId: department.storeId,
    departmentId: department.departmentId,
    apiKey,
    headers,
    orderId,
    number,
    shopper,
  };
  await writeStarted(context, started);
  return started;
}

/** The started shopper's session (key, person, order, department) written into `context`. */
export function writeStarted(context: BrowserContext, started: Started) {
  return writeSession(
    context,
    started.server,
    {
      apiKey: started.apiKey,
      ...(started.shopper ? { user: started.shopper } : {}),
      ...(started.orderId ? { orderId: started.orderId } : {}),
      shoppingDepartment: { storeId: started.storeId, departmentId: started.departmentId },
    },
    { homeStoreId: started.storeId },
  );
}

/** One product of the department a shopper adds with one click (see `oneClickProduct`). */
export async function oneClickOf(
  request: APIRequestContext,
  departmentName: string,
  options: Parameters<typeof oneClickProduct>[2] = {},
) {
  const department = await demoDepartment(request, departmentName);
  return oneClickProduct(request, department.departmentId, options);
}

/**
 * Another order of the same shopper, placed through the API with the started key, and made the
 * session's order: the next page load is its confirmation.
 */
export async function placeAnother(
  context: BrowserContext,
  request: APIRequestContext,
  started: Started,
  products: NonNullable<StartOptions["products"]>,
): Promise<Started> {
  const orderId = await fillCart(request, started.headers, started.departmentId, products);
  const number = await placeThroughApi(request, started.headers, orderId);
  const next = { ...started, orderId, number };
  await writeStarted(context, next);
  return next;
}
