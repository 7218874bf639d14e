/**
 * Price Plus Club prices on the shelf (issue 27 item 7; spec §2 cart row, §6: a signed-in shopper
 * with a club card sees the Price Plus Club discount), with and without JavaScript: a member sees,
 * on the listing's cards and on the product page, the price everyone pays and under it the club
 * price of one unit and the saving in the cart's words, and the cart then saves exactly that;
 * guests and signed-in shoppers without a card see the regular price alone.
 *
 * The first test signs in the demo's member, Pat, through the provider's form (the member state
 * comes from sign-in); the other starts signed in through the API (e2e/support/start.ts).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { clubPricedProduct, demoDepartment } from "./support/api";
import { closeRecommendations } from "./support/cart";
import { PAT, signIn } from "./support/sign-in";
import { startAs } from "./support/start";
import {
  expect,
  expectDialog,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The demo Grocery's club-priced butter (on sale too: 4.49, was 5.49, 0.75 off for members). */
async function clubButter(request: APIRequestContext) {
  const grocery = await demoDepartment(request, "Grocery");
  const butter = await clubPricedProduct(request, grocery.departmentId, "salted butter");
  const pays =
    butter.on_sale && (butter.sale_srp_amount ?? 0) > 0
      ? butter.sale_srp_amount!
      : butter.srp_amount;
  const base = `/stores/${grocery.storeId}/departments/${grocery.departmentId}`;
  return {
    ...butter,
    /** What the tag says, word for word. */
    clubPrice: `Price Plus Club price ${money(pays - butter.discount_amount)}`,
    saving: `Price Plus Club savings −${money(butter.discount_amount)}`,
    listingPath: `${base}/products?query=${encodeURIComponent("salted butter")}`,
    productPath: `${base}/products/${butter.id}`,
  };
}

const card = (page: Page, productId: number) => page.locator(`#product-${productId}`);

/** The product page's header: name, star and price. */
const productHeader = (page: Page) => page.locator(".product-header");

test("Pat, a Price Plus member, signs in and sees the club price on the listing and the product page; her cart saves the same", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const butter = await clubButter(request);

  await visit(page, butter.listingPath);
  await closeStoreAlerts(page);
  await expect(card(page, butter.id)).toContainText(money(butter.sale_srp_amount!));
  await expect(page.getByRole("main")).not.toContainText("Price Plus Club");

  await signIn(page, PAT);
  await closeStoreAlerts(page);
  const tag = card(page, butter.id);
  await expect(tag).toContainText(butter.clubPrice);
  await expect(tag).toContainText(butter.saving);
  // The price everyone pays stays, the club's below it.
  await expect(tag).toContainText(money(butter.sale_srp_amount!));
  await expectNoAxeViolations(page);

  if (jsEnabled()) {
    // The card's quick view says the same.
    await tag.getByRole("link", { name: butter.name }).click();
    const quickView = await expectDialog(page, butter.name);
    await expect(quickView).toContainText(butter.clubPrice);
    await expect(quickView).toContainText(butter.saving);
    await page.keyboard.press("Escape");
    await expect(quickView).toBeHidden();
  }

  await visit(page, butter.productPath);
  await expect(productHeader(page)).toContainText(butter.clubPrice);
  await expect(productHeader(page)).toContainText(butter.saving);
  await expectNoAxeViolations(page);

  // At 320 px the tag fits: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(320);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: /Cart/ })).toBeVisible();
  await waitForHydration(page);
  await visit(page, "/cart");
  await closeRecommendations(page);
  // The cart's line for one unit is the saving the shelf promised.
  await expect(page.locator(".cart-item").filter({ hasText: butter.name })).toContainText(
    butter.saving,
  );
});

test("guests and signed-in shoppers without a club card see the regular price, no club tag", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const butter = await clubButter(request);

  for (const shopper of ["guest", "signed in without a card"] as const) {
    if (shopper === "guest") await startAs(context, request, { department: "Grocery" });
    else await startAs(context, request, { department: "Grocery", signedIn: { firstName: "Sam" } });

    await visit(page, butter.listingPath);
    await closeStoreAlerts(page);
    if (shopper !== "guest") await expect(page.getByRole("banner")).toContainText("Hi, Sam");
    await expect(card(page, butter.id), shopper).toContainText(money(butter.sale_srp_amount!));
    await expect(page.getByRole("main"), shopper).not.toContainText("Price Plus Club");

    await visit(page, butter.productPath);
    await expect(productHeader(page), shopper).toContainText(money(butter.sale_srp_amount!));
    await expect(page.getByRole("main"), shopper).not.toContainText("Price Plus Club");
  }
});
