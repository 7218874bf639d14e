/**
 * Home → Create New Order → departments: the first steps of every order, with and without JS;
 * and the harness's promise that a shopper without JavaScript never runs a page script, even on
 * a page reached through a redirect.
 */
import type { Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { deliCartFromApi } from "./support/cart";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";
import { control } from "./support/page";

test("a new order starts from home and reaches the departments list", async ({ page }) => {
  await visit(page, "/");
  await expect(page).toHaveTitle(/Order Express/);
  await expect(control(page, "Start New Order")).toBeVisible();
  await expectNoAxeViolations(page);

  await control(page, "Start New Order").click();
  await expect(page).toHaveURL(/\/stores\/\d+\/orders\/new(\?guessed=1)?$/);
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Order Express/);
  await expect(page.getByRole("heading", { name: "Create New Order" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A store the app guessed comes with the "automatically selected" dialog: accept it first.
  if (new URL(page.url()).searchParams.get("guessed") === "1") {
    await control(page, /^Continue at /).click();
    await expect(control(page, /^Continue at /)).toHaveCount(0);
    // Without JavaScript a page of its own.
    await waitForHydration(page);
  }
  const storeId = /\/stores\/(\d+)\//.exec(page.url())?.[1];

  await control(page, "Order From This Store").click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/departments$`));
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Order Express/);
  const departments = page.locator(`a[href^="/stores/${storeId}/departments/"]`);
  expect(await departments.count()).toBeGreaterThanOrEqual(3);
  for (const link of await departments.all()) await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
});

/** Whether the page's scripts are there and ran: the root's marker, Remix's context, <script>s. */
async function expectScriptsOnlyWithJavaScript(page: Page) {
  const state = await page.evaluate(() => ({
    marker: document.documentElement.dataset.js ?? null,
    remixContext: typeof (window as { __remixContext?: unknown }).__remixContext,
    scripts: document.scripts.length,
  }));
  if (jsEnabled()) {
    // The root sets <html data-js="on"> from a script; hydration ran.
    expect(state).toMatchObject({ marker: "on", remixContext: "object" });
    expect(state.scripts).toBeGreaterThan(0);
  } else {
    expect(state).toEqual({ marker: null, remixContext: "undefined", scripts: 0 });
  }
}

test("page scripts run only for the shopper with JavaScript", async ({ page }) => {
  await visit(page, "/");
  await expect(control(page, "Start New Order")).toBeVisible();
  await expectScriptsOnlyWithJavaScript(page);
});

test("a page reached by a form post's redirect runs no scripts for the shopper without JavaScript", async ({
  page,
  request,
}) => {
  // An item in the cart: Change Store asks first (with an empty cart it is a plain link).
  const { store } = await deliCartFromApi(page, request);
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);
  await control(page.getByRole("banner"), "Change Store").click();
  const dialog = page.getByRole("dialog", { name: "Are You Sure You Want To Change Your Store?" });
  // Without JavaScript the dialog is a page of its own (?dialog=change-store).
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  // Without JavaScript a form post to /change-store, answered with a redirect to /stores.
  const posted = jsEnabled()
    ? null
    : page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().endsWith("/change-store"),
      );
  await dialog.getByRole("button", { name: "Change Store" }).click();
  // (The harness answers the browser a page standing for the redirect, named in x-e2e-redirect.)
  if (posted) expect((await posted).headers()["x-e2e-redirect"]).toMatch(/^30[23]$/);
  await expect(page).toHaveURL(/\/stores$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Store Locator" })).toBeVisible();
  await expectScriptsOnlyWithJavaScript(page);
});
