/**
 * The Past Orders page's loader and action (app/routes/stores.$store.orders._index.tsx) called
 * directly against a real API on a test database, as a signed-in shopper's browser would call
 * them: the session holds a key bound to a user; posts carry the CSRF token. What is asserted is
 * what the shopper would notice: the orders listed, where each post lands, the current order.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { formatPickupTime } from "~/components/checkout/format";
import type { StorefrontSession } from "~/.server/session";
import { CSRF_FIELD } from "~/lib/csrf";
import { openForChangesWords } from "~/lib/past-orders";
import { loader as cartLoader } from "~/routes/cart";
import { action, loader } from "~/routes/stores.$store.orders._index";
import { startTestApi, type TestApi } from "../../support/api";
import {
  addItem,
  newOrder,
  place,
  placedOrderOf,
  plainProducts,
  storedTotals,
  type PlainProduct,
} from "../../support/orders";
import { shopperSession, testContext } from "../../support/storefront";
import { signedInKey, type TestUser } from "../../support/users";

const SITE = "http://localhost";

let api: TestApi;
let product: PlainProduct;
let storeId: number;

beforeAll(async () => {
  api = await startTestApi();
  // Read on first use by the storefront's config: set before any loader runs.
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "past-orders-page-test-secret";
  process.env.FEATURE_ORDER_SYSTEM = "1";
  product = (await plainProducts(api))[0]!;
  storeId = (
    await api.db.kysely
      .selectFrom("departments")
      .select("store_id")
      .where("id", "=", product.department_id)
      .executeTakeFirstOrThrow()
  ).store_id;
});
afterAll(async () => {
  await api?.close();
});

interface Shopper {
  key: string;
  user: TestUser;
}

async function shopper(): Promise<Shopper> {
  return signedInKey(api);
}

const placedOrder = (who: Shopper) => placedOrderOf(api, who.key, product, 1);

async function cartOf(who: Shopper) {
  const order = await newOrder(api, product.department_id, who.key);
  expect((await addItem(api, order.id, product, 1, who.key)).status).toBe(201);
  return order.id;
}

/** A session as the browser's cookie would bring it: the key, signed in unless told otherwise. */
const sessionFor = (
  who: Shopper,
  path: string,
  context: Record<string, unknown>,
  signedIn = true,
) => shopperSession(path, context, who, signedIn);

const path = () => `/stores/${storeId}/orders`;
const params = () => ({ store: String(storeId) });

async function load(who: Shopper, { signedIn = true, query = "" } = {}) {
  const context = await testContext();
  await sessionFor(who, path(), context, signedIn);
  const args = { request: new Request(`${SITE}${path()}${query}`), context, params: params() };
  return (await loader(args as LoaderFunctionArgs)) as Awaited<ReturnType<typeof loader>>;
}

interface Answer {
  status: number;
  location: string | null;
  session: StorefrontSession;
}

async function post(
  who: Shopper,
  fields: Record<string, string>,
  { orderId }: { orderId?: number } = {},
): Promise<Answer> {
  const context = await testContext();
  const session = await sessionFor(who, path(), context);
  if (orderId !== undefined) session.set("orderId", orderId);
  const body = new URLSearchParams({ ...fields, [CSRF_FIELD]: ensureCsrfToken(session) });
  const request = new Request(`${SITE}${path()}?index`, {
    method: "POST",
    body,
    headers: { origin: SITE },
  });
  let answer: unknown;
  try {
    answer = await action({ request, context, params: params() } as ActionFunctionArgs);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("location"), session };
  const wrapped = answer as { init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, location: null, session };
}

/** The cart as the shopper's browser loads it with `orderId` as the working order. */
async function loadCart(who: Shopper, orderId: number) {
  const context = await testContext();
  const session = await sessionFor(who, "/cart", context);
  session.set("orderId", orderId);
  const args = { request: new Request(`${SITE}/cart`), context, params: {} };
  return (await cartLoader(args as LoaderFunctionArgs)) as Awaited<ReturnType<typeof cartLoader>>;
}

const statusOf = async (id: number) => (await storedTotals(api, id)).order.status;

describe("the list", () => {
  it("asks a guest to sign in, without asking the API for orders", async () => {
    const who = await shopper();
    expect(await load(who, { signedIn: false })).toEqual({ signedIn: false });
  });

  it("shows the shopper's placed orders here, newest first; not their cart, nor anyone else's", async () => {
    const who = await shopper();
    const older = await placedOrder(who);
    const newer = await placedOrder(who);
    await cartOf(who);
    await placedOrder(await shopper());

    const data = await load(who);
    if (!data.signedIn) throw new Error("signed in");
    expect(data.orders.map((o) => o.id)).toEqual([newer, older]);
    expect(data.orders[0]).toMatchObject({
      status: "Submitted",
      total: expect.stringMatching(/^\$\d+\.\d\d$/),
      actions: { edit: true, cancel: true, reorder: true, contactStore: false },
    });
    expect(data.newerHref).toBeNull();
    expect(data.olderHref).toBeNull();
  });

  it("shows a delivery order as a delivery, at the time it arrives (as checkout said), not its pickup slot", async () => {
    const who = await shopper();
    const id = await placedOrder(who);
    const { order } = await storedTotals(api, id);
    const { timezone } = await api.db.kysely
      .selectFrom("stores")
      .select("timezone")
      .where("id", "=", storeId)
      .executeTakeFirstOrThrow();
    const slot = new Date(order.pickup_at!).toISOString();
    const hourLater = new Date(Date.parse(slot) + 60 * 60_000).toISOString();
    const department = api.db.kysely
      .updateTable("departments")
      .where("id", "=", order.department_id);
    const { delivery_time } = await api.db.kysely
      .selectFrom("departments")
      .select("delivery_time")
      .where("id", "=", order.department_id)
      .executeTakeFirstOrThrow();

    const before = await load(who);
    if (!before.signedIn) throw new Error("signed in");
    expect(before.orders[0]).toMatchObject({
      fulfillment: "Pickup",
      readyAt: formatPickupTime(slot, timezone),
    });

    await api.db.kysely
      .insertInto("order_deliveries")
      .values({
        order_id: id,
        provider: "store",
        first_name: "Pat",
        last_name: "Rivera",
        email: "pat@example.com",
        phone: "6095550142",
        street: "Nassau Street",
        unit: "12",
        city: "Princeton",
        state: "NJ",
        zip_code: "08540",
        tip_amount: 0,
        delivery_amount: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    await department.set({ delivery_time: 60 }).execute();
    try {
      const after = await load(who);
      if (!after.signedIn) throw new Error("signed in");
      expect(after.orders[0]).toMatchObject({
        id,
        fulfillment: "Delivery",
        readyAt: formatPickupTime(hourLater, timezone),
      });
    } finally {
      await department.set({ delivery_time }).execute();
    }
  });
});

describe("the posts", () => {
  it("Edit: the order goes back into the cart, becomes the current order, and the shopper lands on /cart", async () => {
    const who = await shopper();
    const id = await placedOrder(who);
    const answer = await post(who, { intent: "retract", orderId: String(id) });
    expect(answer).toMatchObject({ status: 303, location: "/cart" });
    expect(answer.session.get("orderId")).toBe(id);
    expect(await statusOf(id)).toBe("incomplete");
  });

  it("Edit: the cart says the order is open for changes under its number, offers no more products, and it is placed again under that number", async () => {
    const who = await shopper();
    const id = await placedOrder(who);
    const number = (await storedTotals(api, id)).order.number!;
    // A cart never placed is offered more products, and says nothing of an order.
    const fresh = await loadCart(who, await cartOf(who));
    expect(fresh.cart?.openForChanges).toBeNull();
    expect(fresh.cart?.recommendations?.products.length).toBeGreaterThan(0);

    expect((await post(who, { intent: "retract", orderId: String(id) })).location).toBe("/cart");
    const cart = (await loadCart(who, id)).cart;
    expect(cart?.openForChanges).toEqual({ number, delivery: false });
    expect(openForChangesWords(number, false).title).toBe(
      `Order ${number} is open for changes: place it again to keep your pickup time.`,
    );
    expect(cart?.recommendations).toBeNull();

    expect((await place(api, id, undefined, who.key)).status).toBe(200);
    expect((await storedTotals(api, id)).order.number).toBe(number);
    // Placed, it is a past order again, under its number.
    const data = await load(who);
    if (!data.signedIn) throw new Error("signed in");
    expect(data.orders.find((o) => o.id === id)?.number).toBe(number);
  });

  it("Edit once the store has started: back on the list with 'Order Retraction Failed' open", async () => {
    const who = await shopper();
    const id = await placedOrder(who);
    await api.db.kysely
      .updateTable("orders")
      .set({ status: "in_progress" })
      .where("id", "=", id)
      .execute();
    const answer = await post(who, { intent: "retract", orderId: String(id), page: "2" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${path()}?page=2&dialog=retract-failed&order=${id}`);
    expect(answer.session.get("orderId")).toBeUndefined();
  });

  it("Cancel: back on the list, which says so; a second cancel is 'Order Cancelation Failed'", async () => {
    const who = await shopper();
    const id = await placedOrder(who);
    const answer = await post(who, { intent: "cancel", orderId: String(id) });
    expect(answer).toMatchObject({ status: 303, location: path() });
    expect(answer.session.get("flashMessages")).toEqual([
      { kind: "success", text: expect.stringMatching(/^Order \S+ has been cancelled\.$/) },
    ]);
    expect(await statusOf(id)).toBe("cancelled");
    const again = await post(who, { intent: "cancel", orderId: String(id) });
    expect(again.location).toBe(`${path()}?dialog=cancel-failed&order=${id}`);
  });

  it("Reorder with items in the cart asks first; confirmed, the new cart is the current order", async () => {
    const who = await shopper();
    const id = await placedOrder(who);
    const cart = await cartOf(who);
    const asked = await post(who, { intent: "reorder", orderId: String(id) }, { orderId: cart });
    expect(asked.location).toBe(`${path()}?dialog=replace-cart&order=${id}&replacing=reorder`);
    expect(asked.session.get("orderId")).toBe(cart);

    const answer = await post(
      who,
      { intent: "reorder", orderId: String(id), replaceCart: "yes" },
      { orderId: cart },
    );
    expect(answer).toMatchObject({ status: 303, location: "/cart" });
    const current = answer.session.get("orderId");
    expect(current).not.toBe(cart);
    expect(current).not.toBe(id);
    expect(await statusOf(current!)).toBe("incomplete");
    expect(await statusOf(id)).toBe("submitted");
  });

  it("never touches another shopper's order: the API's 404 is the error page", async () => {
    const owner = await shopper();
    const id = await placedOrder(owner);
    for (const intent of ["retract", "cancel", "reorder"]) {
      const answer = await post(await shopper(), { intent, orderId: String(id) });
      expect(answer.status).toBe(404);
    }
    expect(await statusOf(id)).toBe("submitted");
  });

  it("sends a malformed post back to the list", async () => {
    const who = await shopper();
    const answer = await post(who, { intent: "retract", orderId: "x" });
    expect(answer).toMatchObject({ status: 303, location: path() });
  });
});
