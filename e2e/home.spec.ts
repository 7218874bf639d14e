/** Home → Create New Order → departments: the first steps of every order, with and without JS. */
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

/** A link or a button: the spec names controls, and either is right for a shopper. */
function control(page: import("@playwright/test").Page, name: string | RegExp) {
  return page.getByRole("link", { name }).or(page.getByRole("button", { name }));
}

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

test("page scripts run only for the shopper with JavaScript", async ({ page }) => {
  await visit(page, "/");
  await expect(control(page, "Start New Order")).toBeVisible();
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
});
