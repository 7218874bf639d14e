/**
 * The coupon offer on /confirmation (spec §2, §4 'Coupon', §6, §8), with and without JavaScript,
 * after a Deli order (the Deli offers coupons for website orders, on both e2e servers; this runs on
 * the first). A club member of the test's own (an account made on the sandbox provider, given a
 * card number of its own in the e2e database, then signed in again so its profile carries the
 * card) loads the offer to the card: 'Loaded!'; the same coupon is not offered again, and a page
 * left open on it says it was already loaded. A guest is offered the sign-in; a signed-in shopper
 * without a card is told what is missing.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { demoStore, e2eDatabase } from "./support/api";
import { deliItemInCart } from "./support/cart";
import { fillCustomer } from "./support/checkout";
import { control } from "./support/page";
import { registerShopper, signIn, signOut, type NewAccount } from "./support/sign-in";
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

/** A new account on the provider, signed in (and back on the store's departments). */
async function newShopper(page: Page, request: APIRequestContext) {
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);
  return registerShopper(page, "Robin");
}

/**
 * A new account on the provider with a club card of its own, signed out: its next sign-in
 * carries the card.
 */
async function clubMember(page: Page, context: BrowserContext, request: APIRequestContext) {
  const account = await newShopper(page, request);
  const cardNumber = `4409${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;
  const db = e2eDatabase("main");
  try {
    db.prepare("UPDATE sandbox_sso_accounts SET card_number = ? WHERE email = ?").run(
      cardNumber,
      account.email.toLowerCase(),
    );
  } finally {
    db.close();
  }
  await signOut(page, context);
  return account;
}

/**
 * One Deli item bought for pickup: the cart (made as a guest, then the shopper's on signing in,
 * when `account` is given), the pickup time, the checkout; on /confirmation.
 */
async function placeDeliOrder(page: Page, request: APIRequestContext, account?: NewAccount) {
  await deliItemInCart(page, request);
  if (account) await signIn(page, account);
  await visit(page, "/cart");
  // The cart may offer more products once per order, in a dialog over it.
  const offers = page.getByRole("dialog", { name: "You May Also Like" });
  if (await offers.isVisible()) {
    await control(offers, "Close").click();
    await expect(offers).toBeHidden();
  }
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
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
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
  // Two orders and a second sign-in: long on a loaded two-core machine.
  test.setTimeout(420_000);
  const account = await clubMember(page, context, request);
  await placeDeliOrder(page, request, account);
  const offer = offerOf(page);
  await expect(loadButton(offer)).toHaveText("Load To Card");
  await expect(offer.getByRole("button", { name: "Sign In to Load To Card" })).toHaveCount(0);
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
  await visit(page, "/");
  await placeDeliOrder(page, request);
  await expect(loadButton(offer)).toHaveText("Load To Card");
  expect(await couponLine(offer)).not.toBe(loaded);
  await expect(offer.getByText("Loaded!")).toHaveCount(0);
});

test("the same offer loaded from a page left open: 'Sorry, this coupon was already loaded to your card.'", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  const account = await clubMember(page, context, request);
  await placeDeliOrder(page, request, account);
  const other = await context.newPage();
  await visit(other, "/confirmation");
  await expect(loadButton(offerOf(other))).toHaveText("Load To Card");

  await loadToCard(page);
  await expect(offerOf(page).getByText("Loaded!")).toBeVisible();

  await loadButton(offerOf(other)).click();
  await waitForHydration(other);
  const alert = offerOf(other).getByRole("alert");
  await expect(alert).toHaveText(ALREADY_LOADED);
  await expectNoAxeViolations(other);
});

test("a guest is offered 'Sign In to Load To Card'; a signed-in shopper without a card is told what it needs", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await placeDeliOrder(page, request);
  const offer = offerOf(page);
  await expect(offer.getByRole("button", { name: "Sign In to Load To Card" })).toBeVisible();
  await expect(offer.getByRole("button", { name: "Load To Card", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await newShopper(page, request);
  await placeDeliOrder(page, request);
  await expect(
    offer.getByText(
      "Coupons load to a Price Plus Club card, and your account does not have one yet.",
    ),
  ).toBeVisible();
  await expect(offer.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);
});
