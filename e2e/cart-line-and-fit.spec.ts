/**
 * Issue 27's small items, with JavaScript and without: a cart line names each option by its facet
 * and has a − / + quantity stepper (plain posts); its price stays inside the card at 320 px; the
 * checkout starts with a pickup location chosen; the pickup day shows in full and the pickup time
 * page is one centred column at 1280 px; the delivery partner's mark stays inside its card.
 */
import type { Locator, Page } from "@playwright/test";
import { demoDepartment, demoProduct, oneClickProduct } from "./support/api";
import { cartLink, closeRecommendations } from "./support/cart";
import { pickUpOneProduct } from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { startAs } from "./support/start";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

const CAKE = '8" Round Celebration Cake';

/** How far `inner`'s box runs past `outer`'s on either side, in px (0 when it fits). */
async function overrun(inner: Locator, outer: Locator): Promise<number> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return Math.max(0, b.x - a.x, a.x + a.width - (b.x + b.width));
}

/** A signed-in shopper with the celebration cake, as the product page sets it, in the cart. */
async function cakeInCart(page: Page, request: Parameters<typeof startAs>[1]) {
  const bakery = await demoDepartment(request, "Bakery");
  await startAs(page.context(), request, { department: bakery, signedIn: {} });
  const cake = await demoProduct(request, "Bakery", "Celebration Cake", "BK-2000");
  await visit(page, cake.path);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
  await visit(page, "/cart");
  await closeRecommendations(page);
  await waitForHydration(page);
  return page.locator("li.cart-item", { hasText: CAKE });
}

test("a cart line names each option by its facet, and − / + change its quantity", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const line = await cakeInCart(page, request);
  for (const text of ['Size: 8" Double Layer', "Cake Flavor: Vanilla", "Icing: Whipped Vanilla"])
    await expect(line.getByText(text, { exact: true })).toBeVisible();

  const stepper = line.getByRole("group", { name: `Quantity of ${CAKE}` });
  const fewer = stepper.getByRole("button", { name: `Fewer ${CAKE}` });
  const more = stepper.getByRole("button", { name: `More ${CAKE}` });
  await expect(stepper).toContainText("1");
  // One is the least there is.
  await expect(fewer).toBeDisabled();
  await expectNoAxeViolations(page);
  await more.click();
  await expect(stepper).toContainText("2");
  await expect(line.locator(".cart-item__price")).toHaveText("$49.98");
  // Its choices are kept.
  await expect(line.getByText("Cake Flavor: Vanilla", { exact: true })).toBeVisible();
  await waitForHydration(page);
  await fewer.click();
  await expect(stepper).toContainText("1");
  await expect(line.locator(".cart-item__price")).toHaveText("$24.99");
  await expect(fewer).toBeDisabled();
});

test("a cart line's price stays inside its card at 320 px", async ({ page, request }) => {
  test.setTimeout(120_000);
  const line = await cakeInCart(page, request);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await overrun(line.locator(".cart-item__price"), line)).toBe(0);
  expect(await overrun(line.locator(".quantity-stepper"), line)).toBe(0);
});

test("the checkout starts with a pickup location chosen", async ({ page, request }) => {
  test.setTimeout(120_000);
  const grocery = await demoDepartment(request, "Grocery");
  await pickUpOneProduct(page, request, grocery);
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Pickup Location" }),
  });
  await expect(section.getByText("No pickup location chosen yet.")).toHaveCount(0);
  if (jsEnabled()) {
    await expect(section.getByRole("button", { name: "Change pickup location" })).toBeVisible();
    await expect(section.locator(".location-field__current .location__name")).not.toBeEmpty();
  } else {
    // Folded away under the chosen location: the row names it, its radio is the checked one.
    await expect(section.locator("summary .location__name")).not.toBeEmpty();
    await expect(section.locator("input[type=radio]:checked")).toHaveCount(1);
    // The heading names the section once on screen (the group's legend is for a reader).
    await expect(section.locator("legend")).toHaveClass(/\bvisually-hidden\b/);
  }
});

test("the pickup day shows in full at 320, 375 and 1280 px, the page a centred column", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);
  await startAs(page.context(), request, { department: grocery, products: [product] });
  await visit(page, "/fulfillment-time");
  const day = page.getByLabel("Day", { exact: true });
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The chosen day's words, measured in the select's own font, fit inside its padding.
    const room = await day.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.textContent ?? "";
      const inner =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, spare: inner - context.measureText(text).width };
    });
    expect(room.text, `at ${width} px`).toMatch(/^\w+day, \w+ \d+$/);
    expect(room.spare, `'${room.text}' at ${width} px`).toBeGreaterThanOrEqual(0);
  }
  // 1280 px: the heading and its card one column in the middle, not a left half.
  const main = (await page.locator("main").boundingBox())!;
  const card = (await page.locator(".fulfillment-card").boundingBox())!;
  const left = card.x - main.x;
  const right = main.x + main.width - (card.x + card.width);
  expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
});

test.describe("delivery", () => {
  test.use({ baseURL: FIXED_STORE_URL });

  test("the delivery partner's mark stays inside its card at 320 px", async ({ page, request }) => {
    test.setTimeout(150_000);
    const grocery = await demoDepartment(request, "Grocery");
    await pickUpOneProduct(page, request, grocery, { way: "delivery" });
    await expect(page).toHaveURL(/\/delivery-info$/);
    await waitForHydration(page);
    await page.setViewportSize({ width: 320, height: 800 });
    const card = page.locator("section.card", {
      has: page.getByRole("heading", { name: "Deliver To" }),
    });
    const mark = card.locator(".partner-mark");
    await expect(mark).toBeVisible();
    // The badge and its picture inside the card's content box (its padding is where nothing runs).
    const padding = await card.evaluate((el) => parseFloat(getComputedStyle(el).paddingRight));
    const cardBox = (await card.boundingBox())!;
    for (const part of [mark, mark.getByRole("img", { name: "DoorDash" })]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width - padding + 0.5);
    }
  });
});
