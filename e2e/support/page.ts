/** Small locators and readers the journeys share. */
import type { Locator, Page } from "@playwright/test";

/** A link or a button: the spec names controls, and either is right for a shopper. */
export function control(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.getByRole("link", { name }).or(scope.getByRole("button", { name }));
}

/** The product cards of a listing. */
export const productCards = (page: Page): Locator => page.locator("article.product-card");

/** The listing's empty state (spec §8). */
export const NO_MATCHES = "No products match the current filters.";

/** Dollars shown on a price, as cents. */
export const cents = (text: string): number =>
  Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

/** The department's id in a /stores/{store}/departments/{department} URL. */
export function departmentIdOf(page: Page): string {
  const id = /\/departments\/(\d+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`not a department URL: ${page.url()}`);
  return id;
}
