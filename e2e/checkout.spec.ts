/**
 * The whole pickup journey, with and without JavaScript: home → store → department → a plain
 * product's Add to Cart → cart (promo codes) → pickup time → guest checkout (a wrong email first)
 * → Place Order → confirmation; then the same checkout post again leaves one placed order.
 * Axe runs on every page and open dialog. The cart's other journeys start with the item already in
 * the cart (made through the API, e2e/support/start.ts): that walk is the first test's.
 */
import type { APIRequestContext, BrowserContext, Page, Route } from "@playwright/test";
import { demoDepartment, oneClickProduct } from "./support/api";
import { sessionOf } from "./support/session";
import { startAs } from "./support/start";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";
import { choosePickupLocation, expectThankYou } from "./support/checkout";
import { control } from "./support/page";

interface PlainProduct {
  storeId: number;
  departmentId: number;
  departmentName: string;
  productId: number;
  name: string;
}

/** A Grocery product anyone can add with one click: no required choices, no stock limit, no lead time. */
async function plainProduct(request: APIRequestContext): Promise<PlainProduct> {
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);
  return {
    storeId: grocery.storeId,
    departmentId: grocery.departmentId,
    departmentName: grocery.name,
    productId: product.id,
    name: product.name,
  };
}

/** The API key the storefront keeps in this browser's session cookie (sealed: opened with the secret). */
async function sessionApiKey(context: BrowserContext): Promise<string> {
  const { apiKey } = await sessionOf(context);
  if (!apiKey) throw new Error("the session has no API key");
  return apiKey;
}

/** The store's alerts open one at a time over the departments list: close each. */
async function closeStoreAlerts(page: Page) {
  for (let shown = 0; shown < 10; shown += 1) {
    const dialog = page
      .getByRole("dialog")
      .filter({ has: page.getByRole("button", { name: "Close" }) })
      .first();
    if ((await dialog.count()) === 0) return;
    const title = await dialog.getAttribute("aria-labelledby");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.locator(`dialog[open][aria-labelledby="${title}"]`)).toHaveCount(0);
    await waitForHydration(page);
  }
}

/** Home → Start New Order → (guessed store dialog) → Order From This Store → the department. */
async function startAtDepartment(page: Page, product: PlainProduct) {
  await visit(page, "/");
  await control(page, "Start New Order").click();
  await expect(page).toHaveURL(/\/stores\/\d+\/orders\/new/);
  await waitForHydration(page);
  if (new URL(page.url()).searchParams.get("guessed") === "1") {
    await control(page, /^Continue at /).click();
    await expect(control(page, /^Continue at /)).toHaveCount(0);
    await waitForHydration(page);
  }
  await control(page, "Order From This Store").click();
  await expect(page).toHaveURL(new RegExp(`/stores/${product.storeId}/departments$`));
  await waitForHydration(page);
  await closeStoreAlerts(page);
  await page
    .locator(`a[href="/stores/${product.storeId}/departments/${product.departmentId}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/stores/${product.storeId}/departments/${product.departmentId}$`),
  );
  await waitForHydration(page);
}

/** The product page's Add to Cart, then the header's Cart link once it counts the item. */
async function addToCartAndOpenCart(page: Page, product: PlainProduct) {
  await visit(
    page,
    `/stores/${product.storeId}/departments/${product.departmentId}/products/${product.productId}`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toContainText(product.name);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await expect(cartLink).toHaveAccessibleName(/1 item/);
  await cartLink.click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
}

/** The product in a guest's cart made through the API; on the cart's first view. */
async function cartWith(page: Page, request: APIRequestContext, product: PlainProduct) {
  await startAs(page.context(), request, {
    department: product.departmentName,
    products: [{ id: product.productId }],
  });
  await visit(page, "/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
}

/** The recommended-products dialog opens once per order on the cart: check it and close it. */
async function closeRecommendations(page: Page) {
  // The Grocery department has more products than the cart: the dialog must open, never skipped.
  const dialog = page.getByRole("dialog", { name: "You May Also Like" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem").first()).toBeVisible();
  if (jsEnabled()) {
    await expect
      .poll(() => dialog.evaluate((el) => el.tagName === "DIALOG" && el.matches(":modal")))
      .toBe(true);
  }
  await expectNoAxeViolations(page);
  await control(dialog, "Close").click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/cart$/);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const money = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

test("a guest orders for pickup: cart, promo code, pickup time, checkout, confirmation, once", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const product = await plainProduct(request);
  await startAtDepartment(page, product);
  await addToCartAndOpenCart(page, product);

  // --- Cart ---------------------------------------------------------------------------------
  await closeRecommendations(page);
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(escapeRegExp(product.name)) }) });
  await expect(row).toContainText(/ @ \$\d+\.\d\d/);
  await expect(row.getByRole("link", { name: /^Edit/ })).toHaveAttribute("href", /\?item=\d+$/);
  // The order-wide option (the rows' own 'If unavailable:' sentence names it too).
  await expect(page.getByLabel("Please substitute unavailable items")).toBeVisible();
  await expect(page.getByText("Cancellation fees may apply.")).toBeVisible();
  await expectNoAxeViolations(page);

  const promo = page.getByRole("textbox", { name: "Promo code" });
  await promo.fill("");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("A valid promotion code is required.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("textbox", { name: "Promo code" }).fill("SAVE10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("10% off your order")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Promo code" })).toHaveValue("SAVE10");
  const totals = page.getByRole("definition");
  const subtotal = money((await totals.nth(0).textContent()) ?? "");
  // A saving reads like the club's, with a minus sign: '−$1.00'.
  await expect(totals.nth(1)).toHaveText(/^\u2212\$\d/);
  const discount = money((await totals.nth(1).textContent()) ?? "");
  const total = money((await totals.nth(2).textContent()) ?? "");
  expect(discount).toBe(Math.floor(subtotal / 10));
  expect(total).toBe(subtotal - discount);
  await expectNoAxeViolations(page);

  // Delivery is not offered without the order-system integration: the pickup button reads Next.
  await expect(page.getByRole("button", { name: "Delivery" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pick Up in Store" })).toHaveCount(0);
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // --- Pickup time --------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose Your Pickup Time" }),
  ).toBeVisible();
  const day = page.getByLabel("Day", { exact: true });
  const time = page.getByLabel("Time", { exact: true });
  const days = await day
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(days.length).toBeGreaterThan(1);
  await expectNoAxeViolations(page);

  // The second day: with JS the times follow at once; without, 'Update times' reloads them.
  const firstDayTimes = await time.locator("option").allTextContents();
  await day.selectOption(days[1]!);
  if (!jsEnabled()) {
    await page.getByRole("button", { name: "Update times" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]day=${days[1]}`));
    await waitForHydration(page);
  }
  await expect(page.getByLabel("Day", { exact: true })).toHaveValue(days[1]!);
  const secondDayValues = await page
    .getByLabel("Time", { exact: true })
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(secondDayValues.length).toBeGreaterThan(0);
  expect(firstDayTimes.length).toBeGreaterThan(0);
  await page
    .getByLabel("Time", { exact: true })
    .selectOption(secondDayValues[1] ?? secondDayValues[0]!);
  await page.getByRole("button", { name: "Next" }).click();

  // --- Checkout -----------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Review and Place Order" }),
  ).toBeVisible();
  await expect(page.getByText("Pay at the store")).toBeVisible();
  await expectNoAxeViolations(page);

  if (jsEnabled()) {
    // A store associate types 'assist' outside any field: the order says so.
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.type("assist");
    await expect(
      page.getByText("A store associate assisted with placing this order"),
    ).toBeVisible();
  }

  await page.getByLabel("First Name", { exact: true }).fill("Pat");
  await page.getByLabel("Last Name", { exact: true }).fill("Lee");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Mobile Phone", { exact: true }).fill("(609) 555-0142");
  if (jsEnabled()) {
    await page.getByRole("button", { name: /^(Choose|Change) pickup location/ }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a Pickup Location" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await choosePickupLocation(page);
  }
  await page.getByLabel("Email me", { exact: true }).check();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page.getByText("Please correct the fields marked in red.")).toBeVisible();
  await expect(
    page.getByText("The email field must be a valid email address").first(),
  ).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Pat");
  await expect(page.getByLabel("Last Name", { exact: true })).toHaveValue("Lee");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  await expect(page.getByLabel("Mobile Phone", { exact: true })).toHaveValue("(609) 555-0142");
  await expect(page.getByLabel("Email me", { exact: true })).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByLabel("Email", { exact: true }).fill("pat.lee@example.com");
  // Keep the form as posted, to send it again after the order is placed.
  const posted = await page
    .locator("form#checkout")
    .evaluate((form) =>
      [...new FormData(form as HTMLFormElement).entries()].map(
        ([k, v]) => [k, String(v)] as [string, string],
      ),
    );
  await page.getByRole("button", { name: "Place Order" }).click();

  // --- Confirmation -------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/confirmation$/);
  await waitForHydration(page);
  await expectThankYou(page);
  const number =
    (await page.locator(".confirmation-hero__number strong").textContent())?.trim() ?? "";
  expect(number).toMatch(/^\d+-\d{6}-[0-9A-F]{4}$/);
  await expect(page.getByText("Cancellation fees may apply.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The number as it is written, not in a second pair of brackets.
  await expect(page.getByLabel(/^Text message/)).toHaveAccessibleName(
    /^Text message to \(\d{3}\) \d{3}-\d{4}$/,
  );
  await page.getByLabel(/^Text message/).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("All Set!")).toBeVisible();

  // The same checkout post again (a second click, or back and submit): no second order.
  const again = await page.request.post("/checkout", {
    form: Object.fromEntries(posted),
    // As the browser's own post would: the storefront refuses posts from other origins.
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  expect(again.headers().location).toMatch(/\/confirmation$/);
  await visit(page, "/confirmation");
  await expect(page.locator(".confirmation-hero__number strong")).toHaveText(number);

  const apiKey = await sessionApiKey(context);
  const orders = await request.get("/api/1/orders", {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const placed = (
    (await orders.json()) as { data: { status: string; number: string | null }[] }
  ).data.filter((order) => order.status !== "incomplete");
  expect(placed).toEqual([expect.objectContaining({ status: "submitted", number })]);
});

test("deleting the last item asks first, then empties the cart", async ({ page, request }) => {
  test.setTimeout(90_000);
  const product = await plainProduct(request);
  await cartWith(page, request, product);
  // With scripts, closing the recommendations reloads nothing: a reload of the cart's data that
  // landed after Delete opened its dialog would close that dialog under the shopper.
  const reloads: Route[] = [];
  const cartData = (url: URL) => url.pathname === "/cart.data";
  if (jsEnabled()) await page.route(cartData, (route) => void reloads.push(route));
  await closeRecommendations(page);

  const question = "Are You Sure You Want To Delete this Item?";
  await page
    .getByRole("link", { name: new RegExp(`^Delete .*${escapeRegExp(product.name)}`) })
    .click();
  const dialog = page.getByRole("dialog", { name: question });
  await expect(dialog).toBeVisible();
  if (jsEnabled()) {
    await expect.poll(() => dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await page.unroute(cartData);
    for (const route of reloads) await route.fallback();
    expect(reloads).toHaveLength(0);
  } else {
    await expect(page).toHaveURL(/[?&]dialog=delete-item&item=\d+/);
  }
  await expectNoAxeViolations(page);

  await control(dialog, "Cancel").click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("heading", { name: new RegExp(escapeRegExp(product.name)) }),
  ).toBeVisible();

  await page
    .getByRole("link", { name: new RegExp(`^Delete .*${escapeRegExp(product.name)}`) })
    .click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete Item" }).click();
  await expect(page.getByText("Your cart is empty. Go shopping.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go shopping" })).toHaveAttribute(
    "href",
    `/stores/${product.storeId}/departments/${product.departmentId}`,
  );
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("leaving for the departments with a full cart asks first", async ({ page, request }) => {
  test.setTimeout(90_000);
  const product = await plainProduct(request);
  await cartWith(page, request, product);
  await closeRecommendations(page);
  await visit(page, `/stores/${product.storeId}/departments/${product.departmentId}`);

  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Departments" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Your Cart is NOT Empty!" });
  await expect(dialog).toBeVisible();
  await expect(control(dialog, "Cancel")).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByRole("button", { name: "Yes, I'm Sure — Go To Departments" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${product.storeId}/departments$`));
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveCount(0);
});

test("the checkout pages need an order", async ({ page }) => {
  for (const path of ["/fulfillment-time", "/checkout", "/confirmation", "/auth-request"]) {
    const response = await visit(page, path);
    expect(response?.status(), path).toBe(400);
    await expect(
      page.getByText("This page requires an existing order but no order has been started."),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page);
  const response = await visit(page, "/cart");
  // No order and no department: the cart has nothing to show and sends the shopper home.
  expect(new URL(page.url()).pathname).toBe("/");
  expect(response?.ok()).toBe(true);
});
