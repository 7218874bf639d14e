/**
 * The shopper's order through a fault of the API (its database away: a 503; or no answer), on a
 * real API over this run's database: a page that cannot read the order keeps it in the session,
 * only the API saying the order is gone lets it go, and a Place Order that went through while the
 * shopper saw the fault reaches its confirmation, pressed once or again. The fault is the API's
 * answer to one call replaced by its 503, before or after the call reached the API.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { loadShell } from "~/.server/shell";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as confirmationLoader } from "~/routes/confirmation";
import type { TestApi } from "../../support/api";
import { GUEST, cartWithOneItem, readyToPlace } from "../../support/orders";
import { postForm, SITE, startStorefrontApi, testContext } from "../../support/storefront";

const PLACEMENT_PROBLEM = "There was a problem placing your order. Please try again later.";

let api: TestApi;
beforeAll(async () => {
  api = await startStorefrontApi("order-through-faults-secret");
});
afterAll(() => api?.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The API's call `method path` answers the API's 503 (its database away): `after` the call went
 * through (a placement committed, its answer lost), or `before` it (nothing done).
 */
function faultOn(method: string, path: string, when: "before" | "after") {
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const called = (init?.method ?? "GET").toUpperCase();
    if (called !== method || url.pathname !== new URL(api.url + path).pathname)
      return realFetch(input, init);
    if (when === "after") await (await realFetch(input, init)).text();
    const message = "The API service is currently unavailable. Please try again in a few minutes.";
    return new Response(JSON.stringify({ status: 503, code: "database_unavailable", message }), {
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "30" },
    });
  });
}

/** A request at `path` whose session holds `data` (as the browser's cookie brings it back). */
async function requestWith(path: string, data: Record<string, unknown>) {
  const context = await testContext(path);
  const { session } = context.shopper;
  for (const [key, value] of Object.entries(data)) session.set(key as never, value as never);
  ensureCsrfToken(session);
  return { context, session };
}

/** The shopper of this API's key with `orderId` as the working order. */
const shopperOf = (orderId: number) => ({ apiKey: api.key, orderId });

async function pickupLocation(orderId: number): Promise<string> {
  const read = await api.get(`/orders/${orderId}?include=department.pickup_locations`);
  return String(read.data.department.data.pickup_locations.data[0].id);
}

/** Place Order pressed with the session `data` brought; answers the action and the session after. */
async function pressPlaceOrder(orderId: number, data: Record<string, unknown>) {
  const { context, session } = await requestWith("/checkout", data);
  const answer = await postForm(checkoutAction, {
    path: "/checkout",
    context,
    session,
    fields: {
      intent: "place",
      first_name: GUEST.first_name,
      last_name: GUEST.last_name,
      email: GUEST.email,
      phone: GUEST.phone,
      notification_type: "email",
      pickup_location_id: await pickupLocation(orderId),
    },
  });
  return { ...answer, session: session.data };
}

const statusOf = async (orderId: number) =>
  (await api.get(`/orders/${orderId}`)).data as { status: string; number: string | null };

describe("a page that cannot read the order", () => {
  it("keeps the order in the session when the API answers 503 for it", async () => {
    const { order } = await cartWithOneItem(api);
    const { context, session } = await requestWith("/cart", shopperOf(order.id));
    faultOn("GET", `/orders/${order.id}`, "before");

    const shell = (await loadShell({
      request: new Request(`${SITE}/cart`),
      context,
      params: {},
    })) as unknown as { data: { cart: unknown } };

    expect(shell.data.cart).toBeNull();
    expect(session.get("orderId")).toBe(order.id);
  });

  it("lets the order go when the API says it is not there", async () => {
    const { context, session } = await requestWith("/cart", shopperOf(99_999_999));

    await loadShell({ request: new Request(`${SITE}/cart`), context, params: {} });

    expect(session.get("orderId")).toBeUndefined();
  });
});

describe("Place Order through a fault", () => {
  it("placed while the shopper's answer was the API's 503: goes to the confirmation", async () => {
    const orderId = await readyToPlace(api);
    faultOn("PUT", `/orders/${orderId}/place`, "after");

    const answer = await pressPlaceOrder(orderId, shopperOf(orderId));

    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/confirmation");
    expect((await statusOf(orderId)).status).toBe("submitted");
  });

  it("not placed (the 503 came first): says so, keeps the order, and the next press places it once", async () => {
    const orderId = await readyToPlace(api);
    faultOn("PUT", `/orders/${orderId}/place`, "before");

    const first = await pressPlaceOrder(orderId, shopperOf(orderId));
    expect(first.status).toBe(400);
    expect(JSON.stringify(first.body)).toContain(PLACEMENT_PROBLEM);
    expect(first.session.orderId).toBe(orderId);
    vi.unstubAllGlobals();
    expect((await statusOf(orderId)).status).toBe("incomplete");

    const again = await pressPlaceOrder(orderId, first.session);
    expect(again.status).toBe(303);
    expect(again.location).toBe("/confirmation");
  });

  it("pressed again after the fault: the confirmation shows the order placed by the first press", async () => {
    const orderId = await readyToPlace(api);
    faultOn("PUT", `/orders/${orderId}/place`, "after");
    const first = await pressPlaceOrder(orderId, shopperOf(orderId));
    vi.unstubAllGlobals();

    const again = await pressPlaceOrder(orderId, first.session);
    expect(again.status).toBe(303);
    expect(again.location).toBe("/confirmation");

    const { context } = await requestWith("/confirmation", again.session);
    const page = (await confirmationLoader({
      request: new Request(`${SITE}/confirmation`),
      context,
      params: {},
    } as LoaderFunctionArgs)) as { number: string };
    expect(page.number).toBe((await statusOf(orderId)).number);
  });

  it("placed, its answer lost on the way (no cookie came back): the checkout, opened again, leads to the confirmation", async () => {
    const orderId = await readyToPlace(api);
    // The shopper's browser never got the answer: its cookie still names the working order.
    await pressPlaceOrder(orderId, shopperOf(orderId));
    expect((await statusOf(orderId)).status).toBe("submitted");

    const { context, session } = await requestWith("/checkout", shopperOf(orderId));
    const answer = await checkoutLoader({
      request: new Request(`${SITE}/checkout`),
      context,
      params: {},
    } as LoaderFunctionArgs).catch((thrown: unknown) => thrown);

    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/confirmation");
    // The order is kept for the confirmation to show, not abandoned as a page of the cart would.
    expect(session.get("orderId")).toBe(orderId);
  });
});
