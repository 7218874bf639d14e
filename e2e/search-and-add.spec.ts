/**
 * Issue 10: 'Search Department' searches the department from any of its pages, and Add to Cart
 * leaves a lasting confirmation that takes focus — with JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { demoStore } from "./support/api";
import { closeStoreAlerts } from "./support/alerts";
import { expect, expectNoAxeViolations, test, visit, waitForHydration } from "./support/test";

// Journeys of several pages, each checked with axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const NO_MATCHES = "No products match the current filters.";
const cards = (page: Page) => page.locator("article.product-card");

/** Grocery → Produce → Fresh Fruit, alerts closed; answers the department's id. */
async function openFreshFruit(page: Page, storeId: number): Promise<string> {
  await visit(page, `/stores/${storeId}/departments`);
  await closeStoreAlerts(page);
  await page.getByRole("link", { name: /^Grocery\b/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grocery" })).toBeVisible();
  await waitForHydration(page);
  const departmentId = /\/departments\/(\d+)/.exec(page.url())?.[1];
  if (!departmentId) throw new Error(`not a department URL: ${page.url()}`);
  await page
    .getByRole("region", { name: "Shop by category" })
    .getByRole("link", { name: /^Produce/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Produce" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Fresh Fruit/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fresh Fruit" })).toBeVisible();
  await waitForHydration(page);
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
  await expect(cards(page)).not.toHaveCount(0);
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
  await expect(cards(page)).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  // The notice's own link does the same.
  await visit(page, `${category}?query=milk`);
  await page.getByRole("link", { name: "Search all of Grocery for “milk”" }).click();
  await expect(page).toHaveURL(new RegExp(`/departments/${departmentId}/products\\?query=milk$`));
  await expect(cards(page)).not.toHaveCount(0);
});
