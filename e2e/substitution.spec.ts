/**
 * A substitution choice per item (decision 029), with and without JavaScript: a signed-in
 * shopper allows substitutions, chooses 'Substitute with…' a similar product for a cart item
 * (a dialog on the cart with scripts, a page of its own without), and the choice is on the
 * checkout, the confirmation and the order in past orders. 'Don't substitute' is every row's
 * while substitutions are off. Axe on the cart, the dialog or page, and the confirmation.
 *
 * Runs on the second e2e server (past orders need its order-system integration), as a shopper
 * of its own, signed in with the item in the cart from the start (e2e/support/start.ts: the sign-in
 * and the add to cart have journeys of their own).
 */
import { demoDepartment, oneClickProduct } from "./support/api";
import { closeRecommendations } from "./support/cart";
import { chooseTimeAhead, fillCustomer } from "./support/checkout";
import { FIXED_STORE_URL } from "./support/servers";
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

test.use({ baseURL: FIXED_STORE_URL });

const SUBSTITUTIONS_OFF = /Substitutions are off for this order/;

test("a per-item 'Substitute with…' choice survives to the confirmation and past orders", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);
  const ordersPath = `/stores/${grocery.storeId}/orders`;

  await startAs(page.context(), request, {
    department: "Grocery",
    products: [product],
    signedIn: {},
  });
  await visit(page, "/cart");
  await closeRecommendations(page);

  // Substitutions off (a new order's default): the row says "Don't substitute", and why.
  const row = page.locator(".cart-item").filter({ hasText: product.name });
  await expect(page.getByText(SUBSTITUTIONS_OFF)).toBeVisible();
  await expect(row).toContainText("If unavailable: Don't substitute");
  await expect(row.getByRole("combobox")).toHaveCount(0);

  // Allowed: saved as ticked with scripts, by the box's Save without them.
  await page.getByLabel("Please substitute unavailable items").check();
  if (!jsEnabled()) {
    await page.getByRole("button", { name: "Save substitution choice" }).click();
    await waitForHydration(page);
  }
  // The row names the product with its brand.
  const name = (await row.locator(".cart-item__name").innerText()).trim();
  const choice = row.getByRole("combobox", { name: `If unavailable: ${name}` });
  await expect(choice).toHaveValue("best_match");
  await expect(page.getByText(SUBSTITUTIONS_OFF)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // 'Substitute with…' and Save: the similar products, in a dialog or on a page.
  await choice.selectOption("product");
  const save = row.getByRole("button", { name: `Save choice for ${name}` });
  await save.click();
  const title = `Substitute ${name} with…`;
  const list = jsEnabled() ? await expectDialog(page, title) : page.getByRole("main");
  if (!jsEnabled()) {
    await expect(page).toHaveURL(/\/cart\/items\/\d+\/substitute$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Substitute with…");
    await expectNoAxeViolations(page);
  }
  const options = list.getByRole("radio");
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(5);
  // Saving without a product says what is missing (focus on the message with scripts).
  await list.getByRole("button", { name: "Save", exact: true }).click();
  const alert = list.getByRole("alert");
  await expect(alert).toHaveText("Choose the product to substitute with.");
  if (jsEnabled()) await expect(alert).toBeFocused();
  await expectNoAxeViolations(page);

  const chosen = options.last();
  const label = (await list.locator(`label[for="${await chosen.getAttribute("id")}"]`).innerText())
    .replace(/\s*\$[\d.]+ \/ .*$/s, "")
    .trim();
  await chosen.check();
  await list.getByRole("button", { name: "Save", exact: true }).click();
  if (jsEnabled()) {
    await expect(page.getByRole("dialog", { name: title })).toBeHidden();
    // Focus back on the row's control that opened the dialog.
    await expect(save).toBeFocused();
  } else {
    await expect(page).toHaveURL(/\/cart$/);
    await waitForHydration(page);
  }
  await expect(row).toContainText(`Substitute with ${label}.`);
  await expect(choice).toHaveValue("product");
  await expectNoAxeViolations(page);

  // On through the pickup time to the checkout, then placed.
  await page.getByRole("button", { name: /^(Next|Pick Up in Store)$/ }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await chooseTimeAhead(page);
  // The Grocery takes cards online; paying at the store leads to the checkout.
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Pay At Store" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  const line = `If unavailable: Substitute with ${label}`;
  await expect(page.getByText(line)).toBeVisible();
  await fillCustomer(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await waitForHydration(page);
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText(product.name);
  await expect(items).toContainText(line);
  await expectNoAxeViolations(page);

  // Past orders: the order's item line keeps the choice.
  await visit(page, ordersPath);
  const order = page.locator(".past-order").first();
  await expect(order).toContainText(product.name);
  await expect(order).toContainText(line);
  await expectNoAxeViolations(page);
});
