/**
 * The coupon offer on /confirmation (spec §2, §4 'Coupon', §6, §8), with and without JavaScript,
 * after a Deli order (the Deli offers coupons for website orders, on both e2e servers; this runs on
 * the first). A club member of the test's own (signed in, a card number of its own) loads the offer
 * to the card: 'Loaded!'; the same coupon is not offered again, and a page left open on it says it
 * was already loaded. A guest is offered the sign-in; a signed-in shopper without a card is told
 * what is missing.
 *
 * The guest walks the Deli order through the pages (cart, pickup time, checkout) to the offer; the
 * other orders are placed through the API (e2e/support/start.ts), the page opened on them.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { closeRecommendations, deliItemInCart } from "./support/cart";
import { expectThankYou, fillCustomer } from "./support/checkout";
import { newCardNumber, oneClickOf, placeAnother, startAs, type Started } from "./support/start";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

const ALREADY_LOADED = "Sorry, this coupon was already loaded to your card.";

const offerOf = (page: Page) => page.getByRole("region", { name: "A Coupon for Your Next Trip" });
const loadButton = (offer: Locator) =>
  offer.getByRole("button", { name: /^(Load To Card|Loading\.\.\.)$/ });

/** A Deli product for the orders placed through the API. */
const deliProduct = (request: APIRequestContext) => oneClickOf(request, "Deli");

/**
 * A Deli order placed through the API, opened on /confirmation: a guest's, or a signed-in
 * shopper's (a club member when `cardNumber` is given).
 */
async function placedDeliOrder(
  page: Page,
  request: APIRequestContext,
  signedIn?: { cardNumber?: string },
): Promise<Started> {
  const product = await deliProduct(request);
  const started = await startAs(page.context(), request, {
    department: "Deli",
    products: [product],
    signedIn,
    placed: true,
  });
  await openConfirmation(page);
  return started;
}

async function openConfirmation(page: Page) {
  await visit(page, "/confirmation");
  await expectThankYou(page);
}

/**
 * One Deli item bought for pickup by a guest, through the pages: the product page's Add to Cart,
 * the cart, the pickup time, the checkout; on /confirmation.
 */
async function placeDeliOrder(page: Page, request: APIRequestContext) {
  await deliItemInCart(page, request);
  await visit(page, "/cart");
  // The cart may offer more products once per order, in a dialog over it.
  await closeRecommendations(page);
  await page.getByRole("button", { name: /^(Next|Pick Up in Store)$/ }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await fillCustomer(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await waitForHydration(page);
  await expectThankYou(page);
}

/** The offer's coupon, by its one line no other coupon has. */
async function couponLine(offer: Locator) {
  return (await offer.locator(".coupon__brand + .coupon__value + p").textContent())?.trim() ?? "";
}

/** 'Load To Card' pressed; with scripts the post is held a moment to see it in flight. */
async function loadToCard(page: Page) {
  const offer = offerOf(page);
  const button = loadButton(offer);
  if (!jsEnabled()) {
    await button.click();
    await waitForHydration(page);
    return;
  }
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/confirmation.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.fallback();
  });
  await button.click();
  // §4: loading, the button disabled (it keeps focus) until the answer.
  await expect(button).toHaveText("Loading...");
  await expect(button).toBeDisabled();
  await expect(button).toBeFocused();
  release();
  await page.unroute("**/confirmation.data*");
}

test("a club member loads the offer to the card: 'Loaded!', kept; the next order offers another coupon", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await placedDeliOrder(page, request, { cardNumber: newCardNumber() });
  const offer = offerOf(page);
  await expect(loadButton(offer)).toHaveText("Load To Card");
  await expect(offer.getByRole("button", { name: "Sign In to Load To Card" })).toHaveCount(0);
  // The expiry as shoppers write dates: 'Expires December 18, 2026'.
  await expect(offer.getByText(/^Expires [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  const loaded = await couponLine(offer);

  await loadToCard(page);
  await expect(offer.getByText("Loaded!")).toBeVisible();
  await expect(loadButton(offer)).toHaveCount(0);
  // With scripts focus follows the button's place: the 'Loaded!' status.
  if (jsEnabled()) await expect(offer.getByRole("status")).toBeFocused();
  await expectNoAxeViolations(page);
  // Kept for the order: the page read again still says so, on the same coupon.
  await visit(page, "/confirmation");
  await expect(offer.getByText("Loaded!")).toBeVisible();
  expect(await couponLine(offer)).toBe(loaded);

  // A new order: the coupon on the card is not offered again.
  await placeAnother(context, request, member, [await deliProduct(request)]);
  await openConfirmation(page);
  await expect(loadButton(offer)).toHaveText("Load To Card");
  expect(await couponLine(offer)).not.toBe(loaded);
  await expect(offer.getByText("Loaded!")).toHaveCount(0);
});

test("the same offer loaded from a page left open: 'Sorry, this coupon was already loaded to your card.'", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await placedDeliOrder(page, request, { cardNumber: newCardNumber() });
  const other = await context.newPage();
  await visit(other, "/confirmation");
  await expect(loadButton(offerOf(other))).toHaveText("Load To Card");

  await loadToCard(page);
  await expect(offerOf(page).getByText("Loaded!")).toBeVisible();

  await loadButton(offerOf(other)).click();
  await waitForHydration(other);
  const alert = offerOf(other).getByRole("alert");
  await expect(alert).toHaveText(ALREADY_LOADED);
  // The refusal alone: not 'Loaded!' beside it as well.
  await expect(offerOf(other).getByText("Loaded!")).toHaveCount(0);
  await expectNoAxeViolations(other);
});

test("a guest is offered 'Sign In to Load To Card'; a signed-in shopper without a card is told what it needs", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await placeDeliOrder(page, request);
  const offer = offerOf(page);
  await expect(offer.getByRole("button", { name: "Sign In to Load To Card" })).toBeVisible();
  await expect(offer.getByRole("button", { name: "Load To Card", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Signed in, without a card.
  await placedDeliOrder(page, request, {});
  await expect(
    offer.getByText(
      "Coupons load to a Price Plus Club card, and your account does not have one yet.",
    ),
  ).toBeVisible();
  await expect(offer.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
});
