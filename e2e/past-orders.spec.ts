/**
 * Past orders (spec §2 /stores/{store}/orders, §4 'Editing past orders', §8), with and without
 * JavaScript: the sign-in prompt; a new shopper's empty list; their placed order listed; Edit
 * through 'Important!' into the cart, which says the order is open for changes (no products
 * offered over it), and placed again it keeps its number; Cancel through its question to
 * Cancelled; Reorder into the cart, naming what could not be had, and asking first when the cart
 * has items; each refusal of §8 once the store has started the order. Axe on every page and open
 * dialog.
 *
 * Runs on the second e2e server (the one with the order-system integration). Every test has a
 * shopper of its own (the first registers at the sandbox provider from the list's sign-in prompt;
 * the others start signed in, e2e/support/start.ts) and places its own orders through the API with
 * that shopper's key, so parallel tests never touch each other's orders (nor the seeded Pat's).
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { demoDepartment, e2eDatabase, oneClickProduct, ownProduct } from "./support/api";
import { expectThankYou } from "./support/checkout";
import { control } from "./support/page";
import { payAtStoreFromCart } from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { sessionOf } from "./support/session";
import { fillCart, placeThroughApi, startAs } from "./support/start";
import { registerOnProvider } from "./support/sign-in";
import {
  expect,
  expectDialog,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

test.use({ baseURL: FIXED_STORE_URL });

interface Shop {
  storeId: number;
  storeName: string;
  departmentId: number;
  product: { id: number; name: string };
}

async function grocery(request: APIRequestContext, page: Page): Promise<Shop> {
  const department = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, department.departmentId);
  const ordersPath = `/stores/${department.storeId}/orders`;
  await visit(page, ordersPath);
  const title = await page.getByRole("heading", { level: 1 }).innerText();
  return {
    storeId: department.storeId,
    storeName: title.replace(/^Past Orders at /, ""),
    departmentId: department.departmentId,
    product,
  };
}

const ordersPath = (shop: Shop) => `/stores/${shop.storeId}/orders`;

/** The signed-out prompt, then Sign In → a new account at the provider → back on the list. */
async function signInAsNewShopper(page: Page, shop: Shop) {
  const main = page.getByRole("main");
  await expect(
    main.getByRole("heading", { level: 1, name: `Past Orders at ${shop.storeName}` }),
  ).toBeVisible();
  await expect(main.getByRole("link", { name: "Cancel" })).toHaveAttribute(
    "href",
    `/stores/${shop.storeId}/orders/new`,
  );
  await main.getByRole("button", { name: "Sign In" }).click();
  await registerOnProvider(page);
  await expect(page).toHaveURL(new RegExp(`${ordersPath(shop)}$`));
}

interface Placed {
  id: number;
  number: string;
}

/**
 * An order placed through the API with the signed-in shopper's key (the one the session holds),
 * picked up a day or more from now, so the store has not started it and it may be changed.
 */
async function placeOrder(
  request: APIRequestContext,
  context: BrowserContext,
  shop: Shop,
  products: { id: number }[],
): Promise<Placed> {
  const { apiKey } = await sessionOf(context);
  if (!apiKey) throw new Error("the session has no API key");
  const headers = { authorization: `Bearer ${apiKey}` };
  const id = await fillCart(request, headers, shop.departmentId, products);
  return { id, number: await placeThroughApi(request, headers, id) };
}

/** A new shopper of the test's own, signed in from the start (the sign-in is the first test's). */
async function signedInShopper(page: Page, request: APIRequestContext) {
  await startAs(page.context(), request, {
    department: "Grocery",
    signedIn: {},
  });
}

/** What the store does meanwhile (npm run order:status), in the second server's database. */
function setStoreStatus(orderId: number, status: string) {
  const db = e2eDatabase("fixed-store");
  try {
    db.prepare("UPDATE orders SET status = ? WHERE id = ?").run(status, orderId);
  } finally {
    db.close();
  }
}

const orderCard = (page: Page, number: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Order ${number}` }) });

/** The page again, as the shopper sees it now. */
async function reloadList(page: Page, shop: Shop) {
  await visit(page, ordersPath(shop));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Past Orders at ${shop.storeName}`,
  );
}

const cartItems = (page: Page) => page.locator(".cart-items");

/**
 * A dialog the URL asked for is closed: it is gone and so is its parameter. With JS the close
 * navigates to the URL without it; the page is settled (and scanned) only once that has landed,
 * never while the navigation's own scan is still running.
 */
async function closedByUrl(page: Page, title: string) {
  await expect(page.getByRole("dialog", { name: title })).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]dialog=/);
  await page.waitForLoadState("networkidle");
  await waitForHydration(page);
}

/**
 * A refusal of §8 is open with its words (with JS it has focus); Close goes back to the list,
 * where the order shows what the store set.
 */
async function expectRefusal(page: Page, title: string, words: string) {
  const refused = await expectDialog(page, title);
  await expect(refused).toContainText(words);
  const close = control(refused, "Close");
  if (jsEnabled()) await expect(close).toBeFocused();
  await close.click();
  await closedByUrl(page, title);
}

/** A new shopper signed in, with orders of their own placed (each of `orders`' products). */
async function shopperWithOrders(
  page: Page,
  request: APIRequestContext,
  context: BrowserContext,
  orders: ((shop: Shop) => { id: number }[])[],
) {
  const shop = await grocery(request, page);
  await signedInShopper(page, request);
  const placed = [];
  for (const products of orders)
    placed.push(await placeOrder(request, context, shop, products(shop)));
  await reloadList(page, shop);
  return { shop, placed };
}

const oneItem = (shop: Shop) => [shop.product];

test("a new shopper signs in: no past orders; their placed order is listed, and Edit takes it back into the cart through 'Important!'", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const shop = await grocery(request, page);
  await signInAsNewShopper(page, shop);
  await expect(page.getByText("You have no past orders at this store.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start a new order" })).toHaveAttribute(
    "href",
    `/stores/${shop.storeId}/orders/new`,
  );

  const order = await placeOrder(request, context, shop, [shop.product]);
  await reloadList(page, shop);
  const card = orderCard(page, order.number);
  await expect(card).toContainText("Grocery");
  await expect(card).toContainText("Submitted");
  await expect(card).toContainText(/\$\d+\.\d\d/);
  await expect(card).toContainText(/ at \d{1,2}:\d\d [AP]M /);
  await expect(control(card, /^Reorder/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Edit asks first; Cancel leaves everything as it was (with JS, focus back on Edit).
  const edit = card.getByRole("link", { name: `Edit order ${order.number}` });
  await edit.click();
  let dialog = await expectDialog(page, "Important!");
  await expect(dialog).toContainText("takes it back into your cart");
  await control(dialog, "Cancel").click();
  await expect(page.getByRole("dialog", { name: "Important!" })).toBeHidden();
  await waitForHydration(page);
  if (jsEnabled()) await expect(edit).toBeFocused();

  await card.getByRole("link", { name: `Edit order ${order.number}` }).click();
  dialog = await expectDialog(page, "Important!");
  await dialog.getByRole("button", { name: "Edit Order" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
  await expect(cartItems(page)).toContainText(shop.product.name);
  await expectOpenForChanges(page, order.number);

  // Back in the cart it is no past order any more.
  await reloadList(page, shop);
  await expect(orderCard(page, order.number)).toHaveCount(0);

  // Placed again from the cart (paid at the store), it is the same order, under its number.
  await visit(page, "/cart");
  await expectOpenForChanges(page, order.number);
  await payAtStoreFromCart(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expectThankYou(page);
  await expect(page.locator(".confirmation-hero__number strong")).toHaveText(order.number);
  await reloadList(page, shop);
  await expect(orderCard(page, order.number)).toContainText("Submitted");
});

/**
 * The cart of an order edited after placement: said at its top, under the order's number, and
 * no products offered over it (the cart's once-per-order offer is for a new order).
 */
async function expectOpenForChanges(page: Page, number: string) {
  const notice = page.getByRole("region", {
    name: `Order ${number} is open for changes: place it again to keep your pickup time.`,
  });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    "Until you do, it is not placed and the store will not prepare it.",
  );
  // Above the items: the first thing under the heading.
  const [noticeBox, itemsBox] = await Promise.all([
    notice.boundingBox(),
    cartItems(page).boundingBox(),
  ]);
  expect(noticeBox!.y).toBeLessThan(itemsBox!.y);
  // The page has settled (scripts loaded and run): an offer would be open by now.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog", { name: "You May Also Like" })).toHaveCount(0);
  await expectNoAxeViolations(page);
}

test("Cancel asks 'Are You Sure You Want To Cancel This Order?', then the order is Cancelled; once the store has started one, 'Order Cancelation Failed'", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const { placed } = await shopperWithOrders(page, request, context, [oneItem, oneItem]);
  const [started, order] = placed as [Placed, Placed];

  const card = orderCard(page, order.number);
  await card.getByRole("link", { name: `Cancel order ${order.number}` }).click();
  const dialog = await expectDialog(page, "Are You Sure You Want To Cancel This Order?");
  await dialog.getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText(`Order ${order.number} has been cancelled.`)).toBeVisible();
  await waitForHydration(page);
  await expect(card).toContainText("Cancelled");
  await expect(card.getByRole("link", { name: /^Cancel order/ })).toHaveCount(0);
  await expect(card.getByRole("link", { name: /^Edit order/ })).toHaveCount(0);
  if (jsEnabled()) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

  // The page still offers Cancel, but the store starts the order meanwhile.
  const startedCard = orderCard(page, started.number);
  await startedCard.getByRole("link", { name: `Cancel order ${started.number}` }).click();
  await expectDialog(page, "Are You Sure You Want To Cancel This Order?");
  setStoreStatus(started.id, "in_progress");
  await page
    .getByRole("dialog", { name: "Are You Sure You Want To Cancel This Order?" })
    .getByRole("button", { name: "Yes, Cancel Order" })
    .click();
  await expectRefusal(
    page,
    "Order Cancelation Failed",
    "Sorry, you can't cancel this order because it's already in progress. Please contact the store directly.",
  );
  await expect(startedCard).toContainText("In Progress");
  await expect(startedCard.getByRole("link", { name: /^Cancel order/ })).toHaveCount(0);
});

test("Edit of an order the store has started: 'Order Retraction Failed'; a submitted order too close to pickup says to contact the store", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const { shop, placed } = await shopperWithOrders(page, request, context, [oneItem]);
  const order = placed[0] as Placed;

  const card = orderCard(page, order.number);
  await card.getByRole("link", { name: `Edit order ${order.number}` }).click();
  const dialog = await expectDialog(page, "Important!");
  setStoreStatus(order.id, "in_progress");
  await dialog.getByRole("button", { name: "Edit Order" }).click();
  await expectRefusal(
    page,
    "Order Retraction Failed",
    "Sorry, you can't edit this order because it's already in progress. Please contact the store directly.",
  );
  await expect(card).toContainText("In Progress");
  await expect(card.getByRole("link", { name: /^Edit order/ })).toHaveCount(0);

  // Submitted, but its pickup inside the lead time: the store is preparing it.
  const db = e2eDatabase("fixed-store");
  try {
    db.prepare("UPDATE orders SET status = 'submitted', pickup_at = ? WHERE id = ?").run(
      new Date(Date.now() + 5 * 60_000).toISOString(),
      order.id,
    );
  } finally {
    db.close();
  }
  await reloadList(page, shop);
  await expect(card).toContainText("Submitted");
  await expect(card).toContainText("Please contact the store to make changes to your order.");
  await expect(card.getByRole("link", { name: /^Edit order/ })).toHaveCount(0);
});

test("Reorder makes a new cart of the order's items, naming the one no longer sold; with items in the cart it asks first", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const shop = await grocery(request, page);
  await signedInShopper(page, request);
  // A product of this test's own, which the department stops selling after the order is placed.
  const name = `Past Orders Rye ${Date.now()}`;
  const gone = ownProduct(shop.storeId, shop.departmentId, {
    remaining: null,
    leadTime: 0,
    name,
    server: "fixed-store",
  });
  const order = await placeOrder(request, context, shop, [shop.product, { id: gone.id }]);
  const db = e2eDatabase("fixed-store");
  try {
    db.prepare(
      "UPDATE department_products SET active = 0 WHERE department_id = ? AND product_id = ?",
    ).run(shop.departmentId, gone.id);
  } finally {
    db.close();
  }
  await reloadList(page, shop);

  const card = orderCard(page, order.number);
  await card.getByRole("button", { name: `Reorder order ${order.number}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(
    page.getByText(`This item is no longer available and was not added to your cart: ${name}.`),
  ).toBeVisible();
  await expect(cartItems(page)).toContainText(shop.product.name);
  await expect(cartItems(page)).not.toContainText(name);
  // The placed order is untouched.
  await reloadList(page, shop);
  await expect(card).toContainText("Submitted");

  // The cart has items now: Reorder asks before giving them up; Cancel keeps them.
  await card.getByRole("button", { name: `Reorder order ${order.number}` }).click();
  let question = await expectDialog(page, "Your Cart is NOT Empty!");
  await expect(question).toContainText("If you reorder this order now");
  await control(question, "Cancel").click();
  await closedByUrl(page, "Your Cart is NOT Empty!");
  await expect(page).toHaveURL(new RegExp(`${ordersPath(shop)}$`));

  await card.getByRole("button", { name: `Reorder order ${order.number}` }).click();
  question = await expectDialog(page, "Your Cart is NOT Empty!");
  await question.getByRole("button", { name: "Yes, I'm Sure — Reorder" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(cartItems(page)).toContainText(shop.product.name);
});
