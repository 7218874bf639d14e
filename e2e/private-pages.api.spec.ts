/**
 * Pages with a shopper's order or details answer `Cache-Control: no-store` (app/.server/
 * private-page.ts): no browser or proxy cache keeps them for the next person at a shared
 * computer. Every route module under app/routes that sets it is found here by reading the
 * sources, and each is asked for over HTTP as the shopper it shows (a cart, a chosen time, a
 * placed order, a signed-in shopper, made through the API and the sealed session cookie): the
 * page itself (not a redirect) and its data request both carry the header. A route that sets it
 * and has no address below fails the test. (HTTP only: the "api" project, no browser.)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoDepartment, e2eDatabase, newApiKey, oneClickProduct } from "./support/api";
import {
  cartOrder,
  choosePickup,
  placeOrder,
  registeredShopperSession,
  type ApiOrder,
} from "./support/orders";
import { FIXED_STORE_URL } from "./support/servers";
import { sealSession, SESSION_COOKIE, type ShopperSession } from "./support/session";
import { newCardNumber, signInKey } from "./support/start";

const ROUTES = path.resolve("app/routes");

/** Route modules that answer no-store: those that use privatePageHeaders or say no-store. */
function noStoreRoutes(): string[] {
  return readdirSync(ROUTES)
    .filter((name) => /\.tsx?$/.test(name))
    .filter((name) => {
      const source = readFileSync(path.join(ROUTES, name), "utf8");
      return /privatePageHeaders|PRIVATE_PAGE_CACHE_CONTROL|no-store/.test(source);
    })
    .map((name) => name.replace(/\.tsx?$/, ""))
    .sort();
}

type Session = ShopperSession & Record<string, unknown>;

/** The page and its data request, as the shopper whose session this is: both no-store. */
async function expectNoStore(request: APIRequestContext, address: string, session: Session) {
  const headers = { cookie: `${SESSION_COOKIE}=${sealSession(session)}` };
  const page = await request.get(address, { headers, maxRedirects: 0 });
  expect(page.status(), `${address}: the page itself, not a redirect`).toBe(200);
  expect(page.headers()["cache-control"], `${address} Cache-Control`).toBe("no-store");
  const url = new URL(address, "http://x");
  const dataAddress = `${url.pathname}.data${url.search}`;
  const data = await request.get(dataAddress, { headers, maxRedirects: 0 });
  expect(data.status(), `${dataAddress}: ${await data.text()}`).toBe(200);
  expect(data.headers()["cache-control"], `${dataAddress} Cache-Control`).toBe("no-store");
}

const guest = (order: ApiOrder): Session => ({ apiKey: order.apiKey, orderId: order.orderId });

/** A no-store route's address and the shopper to ask as, made afresh for its test. */
type Visit = (request: APIRequestContext) => Promise<[address: string, session: Session]>;

/** By route id (its file name under app/routes): on the first e2e server, and on the second. */
const onMainServer: Record<string, Visit> = {};
const onFixedStore: Record<string, Visit> = {};

/** A guest's cart in Grocery, one product. */
async function grocerCart(request: APIRequestContext): Promise<ApiOrder> {
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);
  return cartOrder(request, grocery.departmentId, product.id);
}

onMainServer.cart = async (request) => ["/cart", guest(await grocerCart(request))];
onMainServer["cart_.items.$item.substitute"] = async (request) => {
  const order = await grocerCart(request);
  return [`/cart/items/${order.itemId}/substitute`, guest(order)];
};
onMainServer["fulfillment-time"] = async (request) => [
  "/fulfillment-time",
  guest(await grocerCart(request)),
];
onMainServer["auth-request"] = async (request) => [
  "/auth-request",
  guest(await grocerCart(request)),
];
onMainServer.checkout = async (request) => {
  const order = await grocerCart(request);
  await choosePickup(request, order);
  return ["/checkout", guest(order)];
};
onMainServer.confirmation = async (request) => {
  const order = await grocerCart(request);
  await placeOrder(request, order);
  return ["/confirmation", guest(order)];
};

/** A signed-in shopper's cart in `departmentName` with a time chosen, on the fixed-store server. */
async function signedInCart(request: APIRequestContext, departmentName: string) {
  const department = await demoDepartment(request, departmentName);
  const product = await oneClickProduct(request, department.departmentId, { anyLeadTime: true });
  const session = await registeredShopperSession(FIXED_STORE_URL);
  const order = await cartOrder(request, department.departmentId, product.id, session.apiKey);
  await choosePickup(request, order);
  return { department, order, session: { ...session, orderId: order.orderId } };
}

onFixedStore["payment-options"] = async (request) => [
  "/payment-options",
  (await signedInCart(request, "Grocery")).session,
];
onFixedStore.addresses = async (request) => [
  "/addresses",
  (await signedInCart(request, "Grocery")).session,
];
onFixedStore["delivery-info"] = async (request) => [
  "/delivery-info",
  (await signedInCart(request, "Floral")).session,
];
/** An associate of the store (issue 30) and a placed order of that store's Grocery. */
async function associateAndOrder(request: APIRequestContext) {
  const grocery = await demoDepartment(request, "Grocery");
  const order = await grocerCart(request);
  await placeOrder(request, order);
  const apiKey = await newApiKey(request);
  const user = signInKey("main", apiKey, { firstName: "Ana" });
  const db = e2eDatabase("main");
  try {
    db.prepare("UPDATE users SET associate_store_id = ? WHERE id = ?").run(
      grocery.storeId,
      user.id,
    );
  } finally {
    db.close();
  }
  return { storeId: grocery.storeId, order, session: { apiKey, user } as Session };
}
onMainServer["store.$store._index"] = async (request) => {
  const { storeId, session } = await associateAndOrder(request);
  return [`/store/${storeId}`, session];
};
onMainServer["store.$store.orders.$order"] = async (request) => {
  const { storeId, order, session } = await associateAndOrder(request);
  return [`/store/${storeId}/orders/${order.orderId}`, session];
};
onFixedStore["stores.$store.orders._index"] = async (request) => {
  const { department, order, session } = await signedInCart(request, "Grocery");
  await placeOrder(request, order);
  return [`/stores/${department.storeId}/orders`, session];
};

test("every route that answers no-store is in this test", () => {
  const found = noStoreRoutes();
  expect(found.length).toBeGreaterThanOrEqual(10);
  const listed = [...Object.keys(onMainServer), ...Object.keys(onFixedStore)];
  expect(
    listed.sort(),
    "routes of app/routes that set no-store, each with an address here",
  ).toEqual(found);
});

for (const [route, visit] of Object.entries(onMainServer)) {
  test(`${route} answers Cache-Control: no-store`, async ({ request }) => {
    const [address, session] = await visit(request);
    await expectNoStore(request, address, session);
  });
}

test.describe("with the order-system integration", () => {
  test.use({ baseURL: FIXED_STORE_URL });
  for (const [route, visit] of Object.entries(onFixedStore)) {
    test(`${route} answers Cache-Control: no-store`, async ({ request }) => {
      const [address, session] = await visit(request);
      await expectNoStore(request, address, session);
    });
  }
});

/**
 * Any other page shows a signed-in shopper's name in its header (and their club prices and
 * stars): made for them, it is `private, no-store`, the page and its data request alike; a
 * guest's page carries no such mark.
 */
test.describe("a signed-in shopper's product page", () => {
  test.use({ baseURL: FIXED_STORE_URL });
  test("answers Cache-Control: private, no-store", async ({ request }) => {
    const { department, session } = await signedInCart(request, "Grocery");
    const aGuest = guest(await grocerCart(request));
    const product = await oneClickProduct(request, department.departmentId);
    const address = `/stores/${department.storeId}/departments/${department.departmentId}/products/${product.id}`;
    for (const path of [address, `${address}.data`]) {
      const signedIn = await request.get(path, {
        headers: { cookie: `${SESSION_COOKIE}=${sealSession(session)}` },
        maxRedirects: 0,
      });
      expect(signedIn.status(), path).toBe(200);
      expect(signedIn.headers()["cache-control"], path).toBe("private, no-store");
      const asGuest = await request.get(path, {
        headers: { cookie: `${SESSION_COOKIE}=${sealSession(aGuest)}` },
        maxRedirects: 0,
      });
      expect(asGuest.status(), path).toBe(200);
      expect(asGuest.headers()["cache-control"], path).toBeUndefined();
    }
  });
});

/**
 * A Price Plus Club member's listings show their club prices (issue 27 item 7): the department
 * home, a category and the products listing are `private, no-store` for them, page and data
 * request; the same pages for a guest carry no such mark and no club price.
 */
test.describe("a club member's listings", () => {
  test("answer Cache-Control: private, no-store", async ({ request }) => {
    const grocery = await demoDepartment(request, "Grocery");
    const apiKey = await newApiKey(request);
    const pat = signInKey("main", apiKey, { firstName: "Pat", cardNumber: newCardNumber() });
    const member: Session = { apiKey, user: pat };
    const aGuest: Session = { apiKey: await newApiKey(request) };
    const read = await request.get(
      `/api/1/departments/${grocery.departmentId}?include=categories`,
      { headers: grocery.headers },
    );
    expect(read.ok(), await read.text()).toBe(true);
    const category = ((await read.json()) as { data: { categories: { data: { id: number }[] } } })
      .data.categories.data[0];
    if (!category) throw new Error("the demo Grocery has no category");
    const base = `/stores/${grocery.storeId}/departments/${grocery.departmentId}`;
    // The search finds the club-priced butter: the member's page shows its club price.
    const search = `${base}/products?query=salted%20butter`;
    for (const address of [search, base, `${base}/categories/${category.id}`]) {
      const url = new URL(address, "http://x");
      for (const path of [address, `${url.pathname}.data${url.search}`]) {
        // The page says the club's name; its data request carries the club price's saving.
        const clubPrice = path === address ? "Price Plus Club price" : '"saving"';
        const asMember = await request.get(path, {
          headers: { cookie: `${SESSION_COOKIE}=${sealSession(member)}` },
          maxRedirects: 0,
        });
        expect(asMember.status(), path).toBe(200);
        expect(asMember.headers()["cache-control"], path).toBe("private, no-store");
        if (address === search) expect(await asMember.text(), path).toContain(clubPrice);
        const asGuest = await request.get(path, {
          headers: { cookie: `${SESSION_COOKIE}=${sealSession(aGuest)}` },
          maxRedirects: 0,
        });
        expect(asGuest.status(), path).toBe(200);
        expect(asGuest.headers()["cache-control"], path).toBeUndefined();
        expect(await asGuest.text(), path).not.toContain(clubPrice);
      }
    }
  });
});
