/**
 * Signing in through the single sign-on provider from the storefront (spec §2 /auth-request and
 * /sso-return, §4 "Authentication", decision 016), with and without JavaScript: the provider's
 * page and back to where the shopper was, signed in, with the checkout filled from the profile;
 * Sign Out ends it; a forged or missing state signs nobody in, and sends the shopper back to the
 * page last shown. The guest's Deli cart they start with is made through the API
 * (e2e/support/start.ts).
 */
import type { Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { demoDepartment } from "./support/api";
import { deliCartFromApi } from "./support/cart";
import { signInOnProvider } from "./support/sign-in";
import { expect, expectNoAxeViolations, test, visit, waitForHydration } from "./support/test";

const banner = (page: Page) => page.getByRole("banner");

test("Sign In on 'Please Sign In' comes back signed in, the checkout filled from the profile; Sign Out ends it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { deli } = await deliCartFromApi(page, request);
  await visit(page, "/auth-request");
  await expect(page.getByRole("main")).toContainText(`from the ${deli.name} department`);
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Register" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Checkout As Guest" })).toHaveAttribute(
    "href",
    "/checkout",
  );

  await main.getByRole("button", { name: "Sign In" }).click();
  await signInOnProvider(page, "pat@example.com", "pat-password");
  // Back to the checkout, which first asks for a pickup time.
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  // The welcome survives /auth-request moving a signed-in shopper on.
  await expect(page.getByText("Welcome back, Pat. You are signed in.")).toBeVisible();
  await expect(banner(page)).toContainText("Hi, Pat");
  await expect(banner(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed in, the pickup time leads straight to the checkout, with Pat's details.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Pat");
  await expect(page.getByLabel("Last Name", { exact: true })).toHaveValue("Rivera");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("pat@example.com");

  await banner(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await waitForHydration(page);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await expect(banner(page).getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(banner(page)).not.toContainText("Hi, Pat");
  await expectNoAxeViolations(page);
});

test("Register on 'Please Sign In' opens the provider's registration; the new shopper is signed in at once", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await deliCartFromApi(page, request);
  await visit(page, "/auth-request");
  await page.getByRole("main").getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await expectNoAxeViolations(page);
  const email = `robin-${test.info().project.name}-${Date.now()}@example.com`;
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("robin-password");
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sandbox/"));
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await expect(banner(page)).toContainText("Hi, Robin");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
});

test("the header's Sign In comes back to the page it was pressed on", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { store, deli } = await deliCartFromApi(page, request);
  const departmentPath = `/stores/${store.id}/departments/${deli.id}`;
  await visit(page, departmentPath);
  await banner(page).getByRole("button", { name: "Sign In" }).click();
  await signInOnProvider(page, "sam@example.com", "sam-password");
  await expect(page).toHaveURL(new RegExp(`${departmentPath}$`));
  await expect(page.getByText("Welcome back, Sam. You are signed in.")).toBeVisible();
  await expect(banner(page)).toContainText("Hi, Sam");
  // The cart made as a guest is the signed-in shopper's now.
  await expect(banner(page).getByRole("link", { name: /^Cart/ })).toHaveAccessibleName(/1 item/);
});

test("a forged or missing state at /sso-return signs nobody in", async ({ page }) => {
  test.setTimeout(90_000);
  for (const query of ["?state=forged&code=abc", "?code=abc", ""]) {
    await visit(page, `/sso-return${query}`);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByText("We could not sign you in. Please try again.")).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Sign In" })).toBeVisible();
  }
});

test("the page last shown is the return path (spec §2): a sign-in that fails there comes back to it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const grocery = await demoDepartment(request, "Grocery");
  await visit(page, `/stores/${grocery.storeId}/departments/${grocery.departmentId}`);
  await closeStoreAlerts(page);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  // With scripts the router's own navigation; without, a page load.
  await page
    .getByRole("region", { name: "Shop by category" })
    .getByRole("link", { name: /^Produce/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Produce" })).toBeVisible();
  await waitForHydration(page);
  const produce = new URL(page.url()).pathname;
  await expectNoAxeViolations(page);

  await visit(page, "/sso-return?state=forged&code=abc");
  await expect(page).toHaveURL(new RegExp(`${produce}$`));
  await expect(page.getByText("We could not sign you in. Please try again.")).toBeVisible();
  await expectNoAxeViolations(page);
});
