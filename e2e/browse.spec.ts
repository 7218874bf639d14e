/**
 * Browsing a department (spec §2, §4, §9): categories, search, sort, filters, the empty state,
 * the quick view, the store's alerts and the listing's failures — with JavaScript and without.
 * (The dead-link crawl of these pages is e2e/dead-links.js-on.spec.ts's.)
 */
import type { Locator, Page } from "@playwright/test";
import { demoStore } from "./support/api";
import { closeAlert, closeStoreAlerts, openAlert } from "./support/alerts";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";
import { NO_MATCHES, cents, departmentIdOf, productCards } from "./support/page";

// Journeys of several pages, each checked with axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** Opens Grocery from the departments list, alerts closed. */
async function openGrocery(page: Page, storeId: number) {
  await visit(page, `/stores/${storeId}/departments`);
  await closeStoreAlerts(page);
  await page.getByRole("link", { name: /^Grocery\b/ }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/departments/\\d+$`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Grocery" })).toBeVisible();
}

async function search(page: Page, words: string) {
  const box = page.getByRole("searchbox", { name: "Search Department" });
  await box.fill(words);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

/** The filter menu's controls: with JS a menu behind a button, without it a disclosure. */
async function openFilterMenu(page: Page): Promise<Locator> {
  if (jsEnabled()) {
    const toggle = page.getByRole("button", { name: /^Filters/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    return panel;
  }
  const disclosure = page.locator("details.filter-menu");
  await disclosure.locator("summary").click();
  await expect(disclosure).toHaveAttribute("open", "");
  return disclosure;
}

/** Without JS a choice takes effect with 'Apply'; with JS it already did. */
async function applyFilters(page: Page) {
  if (!jsEnabled()) await page.getByRole("button", { name: "Apply" }).click();
}

test("the departments list shows the store's alerts; closing one records it", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/departments`);

  const first = openAlert(page);
  await expect(first).toBeVisible();
  await expect(first.getByRole("heading", { name: "Holiday ordering is open" })).toBeAttached();
  await expect(first).toContainText("Holiday dinners and party platters");
  if (jsEnabled()) {
    await expect.poll(() => first.evaluate((el) => el.matches(":modal"))).toBe(true);
  }
  await expectNoAxeViolations(page);

  await closeAlert(page);
  // The next alert shows: an image alert, its picture described by its alt text.
  const image = openAlert(page).getByRole("img", { name: /Curbside pickup now at/ });
  await expect(image).toBeVisible();
  await expect(page.getByRole("heading", { name: "Holiday ordering is open" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await closeAlert(page);
  await expect(openAlert(page)).toHaveCount(0);
  // With scripts focus comes back to the page's heading, not to nowhere.
  if (jsEnabled())
    await expect(page.getByRole("heading", { level: 1, name: store.name })).toBeFocused();

  // Recorded as seen: neither comes back, here or on a department page.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: store.name })).toBeVisible();
  await expect(openAlert(page)).toHaveCount(0);
  await page.getByRole("link", { name: /^Grocery\b/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grocery" })).toBeVisible();
  await expect(openAlert(page)).toHaveCount(0);
});

// Every link of these pages is followed once, with JavaScript, by e2e/dead-links.js-on.spec.ts.
test("a department shows its categories, catalogs and breadcrumbs", async ({ page, request }) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);

  await expect(page).toHaveTitle(/^Grocery - Order Express/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(crumbs).toHaveText(["Home", store.name, "Departments", "Grocery"]);

  const grid = page.getByRole("region", { name: "Shop by category" });
  await expect(grid.getByRole("link")).not.toHaveCount(0);
  // Featured categories come first.
  await expect(grid.getByRole("link").first()).toContainText("Featured");
  // The department's catalogs launch the catalog viewer.
  await expect(page.getByRole("link", { name: /Weekly Circular/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // A category with sub-categories shows them; a sub-category lists its products.
  await grid.getByRole("link", { name: /^Produce/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Produce" })).toBeVisible();
  await expect(page).toHaveTitle(/^Produce - /);
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Fresh Fruit/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fresh Fruit" })).toBeVisible();
  await waitForHydration(page);
  await expect(crumbs).toHaveText(["Home", store.name, "Departments", "Grocery", "Fresh Fruit"]);
  await expect(productCards(page)).not.toHaveCount(0);
  await expect(page.getByRole("link", { name: "Bananas" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the catalog launchers are hidden on small screens", async ({ page, request }) => {
  const store = await demoStore(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await openGrocery(page, store.id);
  await expect(page.getByRole("link", { name: /Weekly Circular/ })).toBeHidden();
  await expect(page.getByRole("region", { name: "Shop by category" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("search, then sort by price", async ({ page, request }) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);
  const departmentId = departmentIdOf(page);

  await search(page, "milk");
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products\\?query=milk$`));
  await waitForHydration(page);
  await expect(page).toHaveTitle(/^Search: milk - /);
  await expect(page.getByText(/\d+ results? for “milk”/)).toBeVisible();
  // No category grid for a search without a category.
  await expect(page.getByRole("region", { name: "Shop by category" })).toHaveCount(0);
  const names = await page.locator(".product-card__link").allTextContents();
  expect(names.length).toBeGreaterThan(2);
  expect(names.filter((name) => /milk/i.test(name)).length).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("relevance");
  await expectNoAxeViolations(page);

  // Price Low to High: ascending prices after the sticky products the store pins on top.
  await page
    .getByRole("combobox", { name: "Sort by" })
    .selectOption({ label: "Price Low to High" });
  await applyFilters(page);
  await expect(page).toHaveURL(/[?&]sort=price\b/);
  await waitForHydration(page);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price");
  // Read once the new order is on the page (with JS the URL changes before the list does).
  const shownPrices = async () =>
    (
      await page.locator("article.product-card:not([data-sticky]) .price__amount").allTextContents()
    ).map(cents);
  await expect
    .poll(async () => {
      const prices = await shownPrices();
      return prices.length > 2 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);
});

test("a brand filter narrows the results; Clear All restores them", async ({ page, request }) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);
  const products = `${new URL(page.url()).pathname}/products`;
  await visit(page, `${products}?query=milk&sort=price`);
  await expect(productCards(page).first()).toBeVisible();
  const before = await productCards(page).count();

  const menu = await openFilterMenu(page);
  await expectNoAxeViolations(page);
  const brand = (await menu.locator(".filter-menu__brands label").first().textContent())?.trim();
  if (!brand) throw new Error("no brand to filter by");
  // With scripts the change itself navigates, so the box is clicked and the new URL awaited
  // (check() would re-read the box mid-navigation); without them Apply submits.
  const box = menu.getByRole("checkbox", { name: brand });
  if (jsEnabled()) await box.click();
  else await box.check();
  await applyFilters(page);
  await expect(page).toHaveURL(
    new RegExp(`brands=${encodeURIComponent(brand).replace(/%20/g, "\\+")}`),
  );
  await waitForHydration(page);
  // With scripts the list updates in place: focus stays on the box the shopper changed.
  if (jsEnabled()) await expect(box).toBeFocused();
  // The search and the sort stay.
  await expect(page).toHaveURL(/[?&]query=milk\b.*[?&]sort=price\b/);
  await expect
    .poll(async () => {
      const brands = await page.locator(".product-card__brand").allTextContents();
      return (
        brands.length > 0 &&
        brands.length < before &&
        brands.every((shown) => shown.trim().toLowerCase() === brand.toLowerCase())
      );
    })
    .toBe(true);

  if (jsEnabled()) {
    // The menu stays open while filtering; Escape closes it and gives focus back to its button.
    const toggle = page.getByRole("button", { name: /^Filters/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    // A click outside closes it too.
    await toggle.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
  } else {
    await page.locator("details.filter-menu summary").click();
  }
  // 'Clear All' restores the defaults and keeps the search.
  await page.getByRole("link", { name: "Clear All" }).click();
  await expect(page).toHaveURL(new RegExp(`${products}\\?query=milk$`));
  await waitForHydration(page);
  await expect(productCards(page)).toHaveCount(before);
  await expectNoAxeViolations(page);
});

test("a search matching nothing offers to clear all filters", async ({ page, request }) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);
  const departmentId = departmentIdOf(page);

  await search(page, "qqzzyxnothing");
  await expect(page).toHaveURL(/\/products\?query=qqzzyxnothing$/);
  await waitForHydration(page);
  await expect(page.getByText(NO_MATCHES)).toBeVisible();
  await expect(productCards(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products$`));
  await waitForHydration(page);
  await expect(page.getByText(NO_MATCHES)).toHaveCount(0);
  await expect(productCards(page).first()).toBeVisible();
  await expect(page.getByText(/^[\d,]+ products/)).toBeVisible();
});

test("an empty search stays put with JS and returns to the department without", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);
  const department = new URL(page.url()).pathname;
  await visit(page, `${department}/products?query=milk`);
  await waitForHydration(page);
  await closeStoreAlerts(page);

  // Spaces only: the required field lets them through, the search does not.
  await search(page, "   ");
  if (jsEnabled()) {
    await expect(page).toHaveURL(/\/products\?query=milk$/);
    const valid = await page
      .getByRole("searchbox", { name: "Search Department" })
      .evaluate((el) => (el as HTMLInputElement).validity.valid);
    expect(valid).toBe(false);
  } else {
    await expect(page).toHaveURL(new RegExp(`${department}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Grocery" })).toBeVisible();
  }
});

test("a product card opens the quick view with JS and the product page without", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);
  const departmentId = departmentIdOf(page);
  await page.getByRole("link", { name: "Shop all Grocery" }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products$`));
  await waitForHydration(page);

  const links = page.locator(".product-card__link");
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  expect(count).toBeGreaterThan(2);
  const firstName = (await links.first().textContent())!.trim();
  const lastName = (await links.last().textContent())!.trim();
  const thirdName = (await links.nth(2).textContent())!.trim();
  const productHref = await links.first().getAttribute("href");
  expect(productHref).toMatch(new RegExp(`/departments/${departmentId}/products/\\d+$`));
  const listing = page.url();

  await links.first().click();
  if (!jsEnabled()) {
    // No JavaScript: the card is a plain link to the product page.
    await expect(page).toHaveURL(new RegExp(`${productHref}$`));
    return;
  }

  const dialog = page.getByRole("dialog", { name: firstName });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
  await expect(dialog.getByText(`1 of ${count}`)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "View Details" })).toHaveAttribute(
    "href",
    productHref!,
  );
  await expect(dialog.locator(".price__amount")).toHaveText(/^\$\d/);
  await expectNoAxeViolations(page);

  // Wraps at both ends: before the first is the last, after the last the first.
  await dialog.getByRole("button", { name: "Previous" }).click();
  const wrapped = page.getByRole("dialog", { name: lastName });
  await expect(wrapped.getByText(`${count} of ${count}`)).toBeVisible();
  await wrapped.getByRole("button", { name: "Next" }).click();
  await expect(
    page.getByRole("dialog", { name: firstName }).getByText(`1 of ${count}`),
  ).toBeVisible();
  // A dot shows its product.
  await page.getByRole("button", { name: `${thirdName} (3 of ${count})` }).click();
  await expect(
    page.getByRole("dialog", { name: thirdName }).getByText(`3 of ${count}`),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(page.url()).toBe(listing);
});

test("pages of results link to each other", async ({ page, request }) => {
  const store = await demoStore(request);
  await openGrocery(page, store.id);
  await page.getByRole("link", { name: "Shop all Grocery" }).click();
  await waitForHydration(page);
  const pages = page.getByRole("navigation", { name: "Pages of results" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  const firstOnPage1 = await page.locator(".product-card__link").first().textContent();
  // With JavaScript the next page comes in the app, not as a new document (decision 048).
  const stayed = () => page.evaluate(() => "stayedOnPage" in window);
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2$/);
  await waitForHydration(page);
  expect(await stayed()).toBe(jsEnabled());
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  expect(await page.locator(".product-card__link").first().textContent()).not.toBe(firstOnPage1);
  await expectNoAxeViolations(page);
});

test("unknown departments and categories are error pages", async ({ page, request }) => {
  const store = await demoStore(request);
  let response = await visit(page, `/stores/${store.id}/departments/999999`);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByText(
      "An unknown department was requested in the URL. The request could not be completed.",
    ),
  ).toBeVisible();

  await openGrocery(page, store.id);
  const department = new URL(page.url()).pathname;
  response = await visit(page, `${department}/categories/999999`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error 404: Not Found." })).toBeVisible();

  // Another store's department.
  const other = store.id === 1 ? 2 : 1;
  response = await visit(page, `/stores/${other}${department.replace(/^\/stores\/\d+/, "")}`);
  expect(response?.status()).toBe(400);
  await expect(
    page.getByText(
      "An invalid department / store combo was provided in the URL. The request could not be completed.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
