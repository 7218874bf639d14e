/**
 * Journeys around the store (spec §2), with and without JavaScript, axe on every state: the
 * store locator and its search, the footer's policy pages, 'Please Sign In' for an order in a
 * department that takes guests, and a brand whose shoppers cannot change stores (served by the
 * second e2e server, whose brand has that setting off).
 *
 * Confirming Change Store, the home question and a department change with an item in the cart
 * are in cart-abandon.spec.ts.
 */
import type { Page } from "@playwright/test";
import { STORES } from "../api/db/seed/stores";
import { closeStoreAlerts } from "./support/alerts";
import { demoStore } from "./support/api";
import { deliCartFromApi } from "./support/cart";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, test, visit, waitForHydration } from "./support/test";
import { control } from "./support/page";

const TITLE_SUFFIX = " - Order Express Harvest Market";

const results = (page: Page) =>
  page.getByRole("region", { name: /^(All Stores|Stores matching)/ }).getByRole("listitem");

test("the store locator lists every store, finds the nearest by zip code and starts an order at the one chosen", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await visit(page, "/stores");
  await expect(page).toHaveTitle(`Store Locator${TITLE_SUFFIX}`);
  await expect(page.getByRole("heading", { level: 1, name: "Store Locator" })).toBeVisible();
  const box = page.getByRole("searchbox", { name: "City, State or Zip Code" });
  await expect(box).toBeVisible();

  // No search: every store of the seed, each leading to a new order there.
  await expect(page.getByRole("heading", { level: 2, name: "All Stores" })).toBeVisible();
  await expect(results(page)).toHaveCount(STORES.length);
  for (const store of STORES) {
    await expect(
      results(page).getByRole("link", { name: store.name, exact: true }),
    ).toHaveAttribute("href", /^\/stores\/\d+\/orders\/new$/);
  }

  // Enter searches. Hoboken's zip code: Hoboken first, then the nearest, five in all (§9).
  await box.fill("07030");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/stores\?search=07030$/);
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 2, name: "Stores matching “07030”" }),
  ).toBeVisible();
  await expect(results(page)).toHaveCount(5);
  await expect(results(page).first().getByRole("link")).toHaveText("Hoboken");

  // Clear resets to every store.
  await control(page, "Clear").click();
  await expect(page).toHaveURL(/\/stores$/);
  await waitForHydration(page);
  await expect(results(page)).toHaveCount(STORES.length);

  // The button searches too; a city by name comes first.
  await page.getByRole("searchbox", { name: "City, State or Zip Code" }).fill("Ithaca");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/stores\?search=Ithaca$/);
  await waitForHydration(page);
  const ithaca = results(page).first().getByRole("link");
  await expect(ithaca).toHaveText("Ithaca");

  await ithaca.click();
  await expect(page).toHaveURL(/\/stores\/\d+\/orders\/new$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Create New Order" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Ithaca");
  await expect(control(page, "Order From This Store")).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose A Different Store" })).toHaveAttribute(
    "href",
    "/stores",
  );
});

test("the footer's policy links each open their page", async ({ page }) => {
  test.setTimeout(90_000);
  const policies = [
    "Ordering Policy",
    "Privacy Policy",
    "Terms of Use",
    "SMS Terms",
    "Cookie Preferences",
  ];
  await visit(page, "/");
  // The footer is on every page: each policy page leads to the next.
  for (const name of policies) {
    const footer = page.getByRole("contentinfo");
    await footer
      .getByRole("navigation", { name: "Policies and apps" })
      .getByRole("link", { name })
      .click();
    await expect(page).toHaveURL(/\/policies\/[a-z-]+$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name}${TITLE_SUFFIX}`);
  }
});

test("an order in a department that takes guests: 'Please Sign In' offers Sign In, Register and Checkout As Guest", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { deli } = await deliCartFromApi(page, request);
  await visit(page, "/auth-request");
  await expect(page).toHaveTitle(`Please Sign In${TITLE_SUFFIX}`);
  await expect(page.getByRole("heading", { level: 1, name: "Please Sign In" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`from the ${deli.name} department`);
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Register" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Checkout As Guest" })).toHaveAttribute(
    "href",
    "/checkout",
  );
  // Signing in itself is e2e/sign-in.spec.ts's.

  await page.getByRole("link", { name: "Back to your cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(1);
});

test.describe("a brand whose shoppers cannot change stores", () => {
  test.use({ baseURL: FIXED_STORE_URL });

  test("Create New Order goes straight to the departments, and no page offers another store", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const store = await demoStore(request);
    const departments = `/stores/${store.id}/departments`;

    await visit(page, `/stores/${store.id}/orders/new`);
    await expect(page).toHaveURL(new RegExp(`${departments}$`));
    await closeStoreAlerts(page);
    await expect(page.getByRole("link", { name: "Choose A Different Store" })).toHaveCount(0);
    const header = page.getByRole("banner");
    await expect(header.getByText(store.name)).toBeVisible();
    await expect(control(header, "Change Store")).toHaveCount(0);

    // Home's Start New Order lands on the departments too.
    await visit(page, "/");
    await control(page, "Start New Order").click();
    await expect(page).toHaveURL(new RegExp(`${departments}$`));
    await waitForHydration(page);
    await expect(control(page.getByRole("banner"), "Change Store")).toHaveCount(0);

    // The store locator is not this brand's page: it leads home.
    await visit(page, "/stores");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Store Locator" })).toHaveCount(0);
  });
});
