/**
 * The way to the payment provider's page shared by the payment and delivery journeys: a new
 * shopper signs in with one product in the cart and goes on from the cart (Pick Up in Store or
 * Delivery) through the time; the provider's sandbox page and its test cards.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { oneClickProduct } from "./api";
import { cartLink } from "./cart";
import { control } from "./page";
import { registerShopper } from "./sign-in";
import { expect, expectNoAxeViolations, visit, waitForHydration } from "./test";

export const APPROVES = "4242 4242 4242 4242";
export const DECLINES = "4000 0000 0000 0002";

/**
 * A new shopper, signed in, with one of the department's products in the cart, presses the
 * pickup time's Next. Answers the product.
 */
export async function shopOneProduct(
  page: Page,
  request: APIRequestContext,
  department: { storeId: number; departmentId: number },
  way: "pickup" | "delivery" = "pickup",
) {
  const product = await oneClickProduct(request, department.departmentId, { anyLeadTime: true });
  await visit(
    page,
    `/stores/${department.storeId}/departments/${department.departmentId}/products/${product.id}`,
  );
  await registerShopper(page, "Robin");
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
  await waitForHydration(page);
  await visit(page, "/cart");
  // The cart may offer more products once per order, in a dialog over it.
  const offers = page.getByRole("dialog", { name: "You May Also Like" });
  if (await offers.isVisible()) {
    await control(offers, "Close").click();
    await expect(offers).toBeHidden();
  }
  await page
    .getByRole("button", { name: way === "delivery" ? "Delivery" : /^(Next|Pick Up in Store)$/ })
    .click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  // A time a while ahead: a slow run must not outlive the soonest one (gone by placement).
  const time = page.getByLabel("Time", { exact: true });
  const times = await time
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await time.selectOption(times[Math.min(6, times.length - 1)]!);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  return product;
}

/** The provider's page, reached: the card typed and authorized. */
export async function authorizeOnProvider(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry date (MM/YY)").fill("12/35");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Robin Shopper");
  await page.getByRole("button", { name: /^Authorize \$/ }).click();
}
