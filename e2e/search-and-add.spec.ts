/**
 * Issue 10: 'Search Department' searches the department from any of its pages, and Add to Cart
 * leaves a lasting confirmation that takes focus — with JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { demoStore } from "./support/api";
import { closeStoreAlerts } from "./support/alerts";
import {
  expect,
  expectNoAxeViolations,
  followLink,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";
import { NO_MATCHES, productCards } from "./support/page";

// Journeys of several pages, each checked with axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** Grocery → Produce → Fresh Fruit, alerts closed; answers the department's id. */
async function openFreshFruit(page: Page, storeId: number): Promise<string> {
  await visit(page, `/stores/${storeId}/departments`);
  await closeStoreAlerts(page);
  await followLink(page, page.getByRole("link", { name: /^Grocery\b/ }), "Grocery");
  const departmentId = /\/departments\/(\d+)/.exec(page.url())?.[1];
  if (!departmentId) throw new Error(`not a department URL: ${page.url()}`);
  const categories = page.getByRole("region", { name: "Shop by category" });
  await followLink(page, categories.getByRole("link", { name: /^Produce/ }), "Produce");
  await followLink(page, page.getByRole("link", { name: /^Fresh Fruit/ }), "Fresh Fruit");
  return departmentId;
}

test("'Search Department' on a category page searches the whole department", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  const departmentId = await openFreshFruit(page, store.id);
  await expectNoAxeViolations(page);

  await page.getByRole("searchbox", { name: "Search Department" }).fill("milk");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products\\?query=milk$`));
  await expect(page.getByRole("heading", { level: 1, name: "Grocery" })).toBeVisible();
  await expect(page.getByText(NO_MATCHES)).toHaveCount(0);
  await expect(productCards(page)).not.toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /results? for “milk”/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a search kept inside a category says so and widens to the department", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  const departmentId = await openFreshFruit(page, store.id);
  const category = new URL(page.url()).pathname;

  // An old or shared link searching one category only.
  await visit(page, `${category}?query=milk`);
  await expect(page.getByText("Showing results in Fresh Fruit only.")).toBeVisible();
  await expect(page.getByText(NO_MATCHES)).toBeVisible();
  await expectNoAxeViolations(page);

  // 'Clear all filters' drops the category too: the same words over the whole department.
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products\\?query=milk$`));
  await expect(productCards(page)).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  // The notice's own link does the same.
  await visit(page, `${category}?query=milk`);
  await page.getByRole("link", { name: "Search all of Grocery for “milk”" }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products\\?query=milk$`));
  await expect(productCards(page)).not.toHaveCount(0);
});

/** A Grocery search for `words`, its listing open; answers the first card's product page. */
async function searchGrocery(page: Page, storeId: number, words: string): Promise<string> {
  await openFreshFruit(page, storeId);
  await page.getByRole("searchbox", { name: "Search Department" }).fill(words);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/products\?query=/);
  await waitForHydration(page);
  const href = await page.locator(".product-card__link").first().getAttribute("href");
  if (!href) throw new Error("no product card");
  return href;
}

test("Add to Cart moves focus to a lasting confirmation with the cart's count", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  const productPage = await searchGrocery(page, store.id, "Bananas");
  await visit(page, productPage);
  await expect(page.getByRole("heading", { level: 1, name: "Bananas" })).toBeVisible();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  // The spec's notice is still there (a flash message without JavaScript)…
  await expect(page.getByText("Item Added").first()).toBeAttached();
  // …and the confirmation stays, holding focus, with the cart's count and a way to the cart.
  const confirmation = page.getByRole("region", { name: /^Bananas was added to your cart\./ });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toContainText("Your cart has 1 item.");
  await expect(confirmation.getByRole("link", { name: "View Cart" })).toHaveAttribute(
    "href",
    "/cart",
  );
  if (!jsEnabled()) await expect(page).toHaveURL(/#added$/);
  if (jsEnabled()) {
    // The 1.1 s notice goes by itself; the confirmation outlasts it. (Without JS both are the
    // page as the server sent it, which nothing changes.)
    await expect(page.getByRole("status").filter({ hasText: "Item Added" })).toHaveCount(0);
  }
  await expect(confirmation).toBeVisible();
  await expectNoAxeViolations(page);

  // The next Tab goes on from the confirmation, not from the top of the page.
  await page.keyboard.press("Tab");
  await expect(confirmation.getByRole("link", { name: "View Cart" })).toBeFocused();

  // A second add counts in the same confirmation.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(confirmation).toContainText("Your cart has 2 items.");
  await expect(confirmation).toBeFocused();
});

test("Quick View adds a product that needs no choices", async ({ page, request }) => {
  const store = await demoStore(request);
  await searchGrocery(page, store.id, "Bananas");
  await page.locator(".product-card__link").first().click();
  if (!jsEnabled()) {
    // Without scripts there is no Quick View: the card is a link to the product page, which adds.
    await expect(page).toHaveURL(/\/products\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bananas");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expectNoAxeViolations(page);
    return;
  }
  const dialog = page.getByRole("dialog", { name: "Bananas" });
  await expect(dialog).toBeVisible();
  const add = dialog.getByRole("button", { name: "Add to Cart" });
  await expect(add).toBeVisible();
  await expectNoAxeViolations(page);

  await add.click();
  const confirmation = dialog.getByRole("region", { name: /^Bananas was added to your cart\./ });
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toContainText("Your cart has 1 item.");
  await expect(confirmation.getByRole("link", { name: "View Cart" })).toHaveAttribute(
    "href",
    "/cart",
  );
  await expect(page.getByRole("link", { name: /^Cart/ })).toContainText("1");
  await expectNoAxeViolations(page);
});

test("Quick View of a product with required choices offers only its details", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  // Wings need a sauce (e2e/product.spec.ts): no Add to Cart without the product page.
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);
  await page.getByRole("link", { name: /^Catering\b/ }).click();
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: "Search Department" }).fill("Wings");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/products\?query=Wings$/);
  await waitForHydration(page);
  await page.locator(".product-card__link").first().click();
  if (!jsEnabled()) {
    // The product page asks for the sauce before anything goes into the cart.
    await expect(page).toHaveURL(/\/products\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Wings");
    await expectNoAxeViolations(page);
    return;
  }
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("link", { name: "View Details" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(dialog.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});
