/**
 * The product, cart and checkout actions called directly against a real API on a test database:
 * each post carries a session with an API key and its CSRF token, and the assertions are what a
 * shopper would notice (the item in the order after an add, the form's errors, the placed order).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { type StorefrontSession } from "~/.server/session";
import { CSRF_FIELD } from "~/lib/csrf";
import { action as cartAction } from "~/routes/cart";
import { action as checkoutAction } from "~/routes/checkout";
import { action as productAction } from "~/routes/stores.$store.departments.$department.products.$product";
import { startTestApi, type TestApi } from "../../support/api";
import { cartWithOneItem, GUEST, plainProduct, readyToPlace } from "../../support/orders";
import { committedCookies, shopperOf, testContext } from "../../support/storefront";

const SITE = "http://localhost";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  // Read on first use by the storefront's config: set before any action runs.
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "storefront-actions-test-secret";
});
afterAll(async () => {
  await api?.close();
});

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

interface Answer {
  status: number;
  location: string | null;
  body: unknown;
}

/** What an action answered (returned or thrown): a Response, or Remix's data(). */
function answerOf(value: unknown): Answer {
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("location"), body: null };
  const wrapped = value as { type?: unknown; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  return { status: 200, location: null, body: value };
}

/**
 * Posts a form to an action as the shopper's browser would: this site's Origin, the session's
 * CSRF token, the session holding the API key (and the order, when given).
 */
async function post(
  action: Action,
  path: string,
  fields: Record<string, string>,
  { orderId, params = {} }: { orderId?: number; params?: Record<string, string> } = {},
) {
  const context = await testContext();
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", api.key);
  if (orderId !== undefined) session.set("orderId", orderId);
  const body = new URLSearchParams({ ...fields, [CSRF_FIELD]: ensureCsrfToken(session) });
  const request = new Request(`${SITE}${path}`, {
    method: "POST",
    body,
    headers: { origin: SITE },
  });
  let answer: Answer;
  try {
    answer = answerOf(await action({ request, context, params }));
  } catch (thrown) {
    answer = answerOf(thrown);
  }
  return { ...answer, session };
}

async function orderOf(orderId: number) {
  return (await api.get(`/orders/${orderId}?include=items`)).data as {
    status: string;
    items: { data: { product_id: number; quantity: number }[] };
  };
}

async function productParams(product: { id: number; department_id: number }) {
  const department = await api.db.kysely
    .selectFrom("departments")
    .select("store_id")
    .where("id", "=", product.department_id)
    .executeTakeFirstOrThrow();
  const path = `/stores/${department.store_id}/departments/${product.department_id}/products/${product.id}`;
  const params = {
    store: String(department.store_id),
    department: String(product.department_id),
    product: String(product.id),
  };
  return { path, params };
}

describe("the product page's Add to Cart", () => {
  it("creates the order on the first add, with the item in it, and lands on the confirmation", async () => {
    const product = await plainProduct(api, 3);
    const { path, params } = await productParams(product);
    const answer = await post(productAction, path, { quantity: "2" }, { params });

    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${path}#added`);
    const orderId = answer.session.get("orderId");
    expect(orderId).toEqual(expect.any(Number));
    const order = await orderOf(orderId!);
    expect(order.items.data).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 2 }),
    ]);
  });

  it("answers 422 with the quantity's error and the entries kept, and adds nothing", async () => {
    const product = await plainProduct(api, 4);
    const { path, params } = await productParams(product);
    const answer = await post(
      productAction,
      path,
      { quantity: "lots", notes: "Sliced" },
      { params },
    );

    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status: "invalid",
      errors: { quantity: "Choose a quantity." },
      state: { quantity: "lots" },
    });
    expect(answer.session.get("orderId")).toBeUndefined();
  });
});

describe("the cart's forms", () => {
  it("refuses an empty promo code with the spec's words", async () => {
    const { order } = await cartWithOneItem(api);
    const answer = await post(
      cartAction,
      "/cart",
      { intent: "apply-promo", code: "   " },
      { orderId: order.id },
    );

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      intent: "apply-promo",
      code: "",
      error: "A valid promotion code is required.",
    });
  });

  it("removes an item; with the last one the cart is empty and the order let go", async () => {
    const { order } = await cartWithOneItem(api);
    const itemId = (await api.get(`/orders/${order.id}?include=items`)).data.items.data[0].id;
    const answer = await post(
      cartAction,
      "/cart",
      { intent: "delete-item", itemId: String(itemId) },
      { orderId: order.id },
    );

    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/cart");
    expect(answer.session.get("orderId")).toBeUndefined();
  });
});

describe("posts the cart page sends on its own", () => {
  /** Each Set-Cookie in `answers` into the browser's jar, in the order the answers landed. */
  function jarAfter(start: string, ...answers: string[][]) {
    const jar = new Map(
      start
        .split("; ")
        .filter(Boolean)
        .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
    );
    for (const setCookies of answers)
      for (const setCookie of setCookies) {
        const [name, value] = setCookie.split(";")[0]!.split(/=(.*)/s) as [string, string];
        jar.set(name, value);
      }
    return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * The cookie the cart's page left the browser with (the shopper's key, the order, what
   * `prepare` adds), and a poster of /cart forms sent with it, answering the Set-Cookie values.
   */
  async function cartPage(
    orderId: number,
    prepare: (session: StorefrontSession) => void = () => {},
  ) {
    const opened = {};
    const { session } = await shopperOf({
      request: new Request(`${SITE}/cart`),
      context: opened,
    });
    session.set("apiKey", api.key);
    session.set("orderId", orderId);
    prepare(session);
    const csrf = ensureCsrfToken(session);
    const cookie = jarAfter("", await committedCookies(opened));
    const postToCart = async (fields: Record<string, string>) => {
      const request = new Request(`${SITE}/cart`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, [CSRF_FIELD]: csrf }),
        headers: { origin: SITE, cookie },
      });
      const context = await testContext(request);
      let answer: Answer;
      try {
        answer = answerOf(await cartAction({ request, context, params: {} }));
      } catch (thrown) {
        answer = answerOf(thrown);
      }
      const setCookies = await committedCookies(context, {
        status: answer.status,
        redirected: answer.location !== null,
      });
      return { ...answer, setCookies };
    };
    return { cookie, postToCart };
  }

  /** The session the next page reads from `cookie`. */
  async function sessionFrom(cookie: string) {
    const { session } = await shopperOf({
      request: new Request(`${SITE}/fulfillment-time`, { headers: { cookie } }),
      context: {},
    });
    return session;
  }

  it("the dialog's view post, answered after the shopper's Delivery, does not undo it and sends each view once", async () => {
    const { order } = await cartWithOneItem(api);
    const offer = (await api.get(`/orders/${order.id}/product-recommendations`)).data as {
      collection_id: string;
      products: { id: number }[];
    };
    expect(offer.products.length).toBeGreaterThan(0);
    // The dialog offered and not yet seen.
    const { cookie, postToCart } = await cartPage(order.id, (session) =>
      session.set("recommendationsShown", {
        orderId: order.id,
        collectionId: offer.collection_id,
        productIds: offer.products.map((product) => product.id),
        viewed: false,
      }),
    );

    // Both posts leave the page with that cookie: the script's view post, then Delivery.
    const delivery = await postToCart({ intent: "continue", next: "delivery" });
    const viewed = await postToCart({ intent: "recommendations-viewed" });
    expect(delivery.location).toBe("/fulfillment-time");
    expect(viewed.status).toBe(200);

    // The view post's answer lands last; the next page still knows the way is Delivery.
    const next = await sessionFrom(jarAfter(cookie, delivery.setCookies, viewed.setCookies));
    expect(next.get("deliveryInfo")).toEqual({ delivery: 1 });

    const views = await api.db.kysely
      .selectFrom("recommendation_events")
      .select("product_id")
      .where("collection_id", "=", offer.collection_id)
      .where("event", "=", "view")
      .execute();
    expect(views.map((view) => view.product_id).sort()).toEqual(
      offer.products.map((product) => product.id).sort(),
    );
  });

  it("the substitutions box, saved as it is ticked, is kept on the order and leaves the cookie alone", async () => {
    const { order } = await cartWithOneItem(api);
    const { cookie, postToCart } = await cartPage(order.id);
    // The box ticked (saved by the script) and Delivery pressed at once.
    const ticked = { substitutions_allowed: "on" };
    const delivery = await postToCart({ intent: "continue", next: "delivery", ...ticked });
    const saved = await postToCart({ intent: "substitutions", ...ticked });
    expect(saved.status).toBe(200);
    expect(saved.setCookies).toEqual([]);
    const next = await sessionFrom(jarAfter(cookie, delivery.setCookies, saved.setCookies));
    expect(next.get("deliveryInfo")).toEqual({ delivery: 1 });
    const stored = (await api.get(`/orders/${order.id}`)).data as {
      substitutions_allowed: boolean;
    };
    expect(stored.substitutions_allowed).toBe(true);
  });
});

describe("a post the page sends on its own", () => {
  it("never has its session changes committed, whatever changed them; a pressed post's are", async () => {
    const { order } = await cartWithOneItem(api);
    const opened = await testContext("/cart");
    const { session } = opened.shopper;
    session.set("apiKey", api.key);
    session.set("orderId", order.id);
    const csrf = ensureCsrfToken(session);
    const cookie = (await committedCookies(opened)).map((value) => value.split(";")[0]).join("; ");
    const post = async (fields: Record<string, string>) => {
      const request = new Request(`${SITE}/cart`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, [CSRF_FIELD]: csrf }),
        headers: { origin: SITE, cookie },
      });
      const context = await testContext(request);
      const answer = answerOf(
        await cartAction({ request, context, params: {} }).catch((thrown: unknown) => thrown),
      );
      // The request changed the session besides (as a renewed key or a new token would).
      context.shopper.session.set("returnPath", "/changed-by-the-request");
      const setCookies = await committedCookies(context, {
        status: answer.status,
        redirected: answer.location !== null,
      });
      return { status: answer.status, setCookies };
    };
    const quiet = await post({ intent: "substitutions", substitutions_allowed: "on" });
    expect(quiet.status).toBe(200);
    expect(quiet.setCookies).toEqual([]);
    const pressed = await post({ intent: "apply-promo", code: "" });
    expect(pressed.setCookies.join("\n")).toMatch(/^oe_session=/);
  });
});

describe("checkout's Place Order", () => {
  const details = (overrides: Record<string, string> = {}) => ({
    first_name: GUEST.first_name,
    last_name: GUEST.last_name,
    email: GUEST.email,
    phone: GUEST.phone,
    notification_type: "email",
    ...overrides,
  });

  async function pickupLocation(orderId: number) {
    const read = await api.get(`/orders/${orderId}?include=department.pickup_locations`);
    return String(read.data.department.data.pickup_locations.data[0].id);
  }

  it("answers the form's field errors when a required field is empty, and places nothing", async () => {
    const orderId = await readyToPlace(api);
    const answer = await post(
      checkoutAction,
      "/checkout",
      {
        intent: "place",
        ...details({ first_name: "" }),
        pickup_location_id: await pickupLocation(orderId),
      },
      { orderId },
    );

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      intent: "place",
      result: { error: { first_name: ["The first name field is required"] } },
    });
    expect((await orderOf(orderId)).status).toBe("incomplete");
  });

  it("places the order and goes to the confirmation", async () => {
    const orderId = await readyToPlace(api);
    const answer = await post(
      checkoutAction,
      "/checkout",
      { intent: "place", ...details(), pickup_location_id: await pickupLocation(orderId) },
      { orderId },
    );

    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/confirmation");
    expect((await orderOf(orderId)).status).toBe("submitted");
  });
});
