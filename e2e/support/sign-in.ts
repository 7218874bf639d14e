/**
 * The sandbox single sign-on provider's pages, as a shopper goes through them after pressing a
 * storefront's Sign In: sign in as a known user, or register a new one (each test its own user,
 * so that parallel tests never share a shopper's orders).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, waitForHydration } from "./test";

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
  firstName: string;
}

/**
 * From the provider's sign-in page: 'Create an account' with a new email, which signs the new
 * user in and comes back to the storefront.
 */
export async function registerOnProvider(page: Page, firstName = "Robin"): Promise<NewAccount> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  const email = `e2e-${randomUUID().slice(0, 12)}@example.com`;
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Shopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("e2e-password-1");
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await backOnStorefront(page);
  return { email, firstName };
}
