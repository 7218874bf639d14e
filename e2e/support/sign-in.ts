/**
 * Signing in as a shopper does it (decision 016, 018): the storefront's Sign In, the sandbox
 * provider's form (or its registration form, for a shopper of the test's own, so that parallel
 * tests never share a shopper's orders or favorites) and back. Works with and without
 * JavaScript; every provider page is checked with axe.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./test";

/** The demo data's shoppers (api/integrations/identity/sandbox/accounts.ts). */
export const PAT = { email: "pat@example.com", password: "pat-password", firstName: "Pat" };

const banner = (page: Page) => page.getByRole("banner");

/** Waits to be back on the storefront, settled. */
async function backOnStorefront(page: Page) {
  await page.waitForURL((url) => !url.pathname.startsWith("/sandbox/"));
  await waitForHydration(page);
}

/** The provider's form: signs in and waits to be back on the storefront, settled. */
export async function signInOnProvider(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await backOnStorefront(page);
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
}

/**
 * From the provider's sign-in page: 'Create an account' with a new email, which signs the new
 * user in and comes back to the storefront.
 */
export async function registerOnProvider(page: Page, firstName = "Robin"): Promise<NewAccount> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await expectNoAxeViolations(page);
  const account = {
    email: `e2e-${randomUUID().slice(0, 12)}@example.com`,
    password: "e2e-password-1",
    firstName,
  };
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Shopper");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await backOnStorefront(page);
  return account;
}

/** The header's Sign In from the current page, as `shopper`: back on the same page, greeted. */
export async function signIn(
  page: Page,
  shopper: { email: string; password: string; firstName: string },
) {
  await banner(page).getByRole("button", { name: "Sign In" }).click();
  await signInOnProvider(page, shopper.email, shopper.password);
  await expect(banner(page)).toContainText(`Hi, ${shopper.firstName}`);
}

/**
 * A shopper of this test alone (no club card): the header's Sign In, 'Create an account' on the
 * provider, and back on the same page, signed in. Answers the new shopper.
 */
export async function registerShopper(page: Page, firstName = "Robin"): Promise<NewAccount> {
  await banner(page).getByRole("button", { name: "Sign In" }).click();
  const account = await registerOnProvider(page, firstName);
  await expect(banner(page)).toContainText(`Hi, ${firstName}`);
  return account;
}
