/**
 * Paying online (decision 021), the steps several journeys share: a new shopper signed in with a
 * product in the cart presses the pickup time's Next; 'Pay Online' (through /addresses, where the
 * billing address is chosen); and the sandbox provider's page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { demoDepartment, oneClickProduct } from "./api";
import { cartLink } from "./cart";
import { chooseTimeAhead } from "./checkout";
import { control } from "./page";
import { registerShopper, signIn } from "./sign-in";
import { expect, expectNoAxeViolations, visit, waitForHydration } from "./test";

export const APPROVES = "4242 4242 4242 4242";
export const DECLINES = "4000 0000 0000 0002";

/**
 * A new shopper (or `shopper`) signed in, with one of the department's products in the cart, goes
 * on from the cart (Pick Up in Store, or Delivery) and presses the time's Next. Answers the
 * product.
 */
export async function pickUpOneProduct(
  page: Page,
  request: APIRequestContext,
  department: { storeId: number; departmentId: number },
  {
    shopper,
    way = "pickup",
  }: {
    shopper?: { email: string; password: string; firstName: string };
    way?: "pickup" | "delivery";
  } = {},
) {
  const product = await oneClickProduct(request, department.departmentId, { anyLeadTime: true });
  await visit(
    page,
    `/stores/${department.storeId}/departments/${department.departmentId}/products/${product.id}`,
  );
  if (shopper) await signIn(page, shopper);
  else await registerShopper(page, "Robin");
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
  await chooseTimeAhead(page);
  return product;
}

/** A new shopper, signed in, with one Grocery item in the cart: on /payment-options. */
export async function toPaymentOptions(page: Page, request: APIRequestContext) {
  const product = await pickUpOneProduct(page, request, await demoDepartment(request, "Grocery"));
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Options" })).toBeVisible();
  // Cart, time, payment, review.
  await expect(page.getByText("Step 3 of 4", { exact: true })).toBeVisible();
  // The hold is said before the card is asked for.
  await expect(page.getByText(/^We hold up to \$\d+\.\d\d on your card/)).toBeVisible();
  await expectNoAxeViolations(page);
  return product;
}

/**
 * 'Pay Online' on /payment-options: the billing address picker first (FEATURE_BILLING_ADDRESSES,
 * on in the e2e servers), whose 'Continue to Payment' goes on to the provider's page.
 */
export async function payOnline(page: Page) {
  await page.getByRole("button", { name: "Pay Online" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pay Online" })).toBeVisible();
  // Still the payment stage of a pickup: cart, time, payment, review.
  await expect(page.getByText("Step 3 of 4", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
}

/** On the provider's page: the card typed and authorized. */
export async function payWithCard(page: Page, card: string) {
  await payOnline(page);
  await authorizeOnProvider(page, card);
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
