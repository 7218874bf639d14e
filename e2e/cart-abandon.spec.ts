/**
 * Issue 10: a cart is never thrown away without asking. Every way that would abandon an order
 * with items (another department's link, home, Change Store, another store) shows the question
 * first, with and without JavaScript; Cancel keeps the cart where the shopper was, and only
 * 'Yes, I'm Sure' gives the order up. The first test adds the Deli item on its product page; the
 * others start with it in the cart (made through the API, e2e/support/start.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { demoStore } from "./support/api";
import { apiGet, cartLink, deliCartFromApi, deliItemInCart, deliAndBakeryOf } from "./support/cart";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";
import { control } from "./support/page";

const QUESTION = "Your Cart is NOT Empty!";

/** The question is open: a modal with focus inside it (JS), or the server-rendered section. */
async function expectQuestion(page: Page, confirm: string) {
  const dialog = page.getByRole("dialog", { name: QUESTION });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("your current order will be lost");
  await expect(control(dialog, "Cancel")).toBeVisible();
  await expect(dialog.getByRole("button", { name: confirm })).toBeVisible();
  // The order is lost: the confirm looks destructive, red as Delete and Cancel Order are (read
  // with the pointer away from it: the click that opened the question may have left it hovered).
  await page.mouse.move(0, 0);
  await expect(dialog.getByRole("button", { name: confirm })).toHaveCSS(
    "background-color",
    "rgb(180, 35, 24)",
  );
  if (jsEnabled()) {
    await expect.poll(() => dialog.evaluate((el) => el.matches("dialog:modal"))).toBe(true);
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
  }
  return dialog;
}

/** Cancel: the question goes, the shopper stays on `where` and the cart still holds the item. */
async function decline(page: Page, dialog: Locator, where: RegExp) {
  await control(dialog, "Cancel").click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(where);
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
}

async function expectItemInCart(page: Page) {
  await visit(page, "/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
  await expect(page.getByText("Your cart is empty. Go shopping.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(1);
}

/**
 * The order was given up: back in the same store (where the header counted the item before) no
 * Cart shows, and the cart page has nothing in it.
 */
async function expectNoOrder(page: Page, storeId: number) {
  await visit(page, `/stores/${storeId}/departments`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(cartLink(page)).toHaveCount(0);
  await visit(page, "/cart");
  await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
}

test("the issue: a Deli item, Princeton → Order From This Store → Bakery asks before dropping it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { store, deli, bakery } = await deliItemInCart(page, request);
  const departments = `/stores/${store.id}/departments`;

  await visit(page, `/stores/${store.id}/orders/new`);
  await control(page, "Order From This Store").click();
  await expect(page).toHaveURL(new RegExp(`${departments}$`));
  await waitForHydration(page);
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);

  const bakeryLink = page.locator(`a[href="${departments}/${bakery.id}"]`).first();
  await bakeryLink.click();
  let dialog = await expectQuestion(page, `Yes, I'm Sure — Go To ${bakery.name}`);
  // Asked over the departments list, where the shopper was.
  await expect(page).toHaveURL(new RegExp(`${departments}\\?dialog=leave-order&`));
  await expectNoAxeViolations(page);

  await decline(page, dialog, new RegExp(`${departments}$`));
  // With JS focus goes back to the link that asked.
  if (jsEnabled()) await expect(bakeryLink).toBeFocused();
  await expectItemInCart(page);

  // The same department is no question at all.
  await visit(page, `${departments}/${deli.id}`);
  await expect(page.getByRole("dialog", { name: QUESTION })).toHaveCount(0);
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);

  await visit(page, departments);
  await page.locator(`a[href="${departments}/${bakery.id}"]`).first().click();
  dialog = await expectQuestion(page, `Yes, I'm Sure — Go To ${bakery.name}`);
  await dialog.getByRole("button", { name: `Yes, I'm Sure — Go To ${bakery.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`${departments}/${bakery.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: bakery.name })).toBeVisible();
  await expect(cartLink(page)).toHaveCount(0);
  // The new department starts with an empty cart, and "Go shopping" leads back to it.
  await visit(page, "/cart");
  await expect(page.getByText("Your cart is empty. Go shopping.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go shopping" })).toHaveAttribute(
    "href",
    `${departments}/${bakery.id}`,
  );
});

test("home asks first, from its links and from the address bar", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { store, deli } = await deliCartFromApi(page, request);
  const deliPath = `/stores/${store.id}/departments/${deli.id}`;
  await visit(page, deliPath);

  await page.getByRole("banner").getByRole("link", { name: "Order Express" }).click();
  let dialog = await expectQuestion(page, "Yes, I'm Sure — Go Home");
  await expectNoAxeViolations(page);
  await decline(page, dialog, new RegExp(`${deliPath}$`));

  // Typed in: nowhere to go back to, so the question comes over the order's own department.
  await visit(page, "/");
  await expect(page).toHaveURL(new RegExp(`${deliPath}\\?dialog=leave-order&leave-to=%2F$`));
  dialog = await expectQuestion(page, "Yes, I'm Sure — Go Home");
  await expectNoAxeViolations(page);
  await decline(page, dialog, new RegExp(`${deliPath}$`));
  await expectItemInCart(page);

  await visit(page, deliPath);
  await page.getByRole("banner").getByRole("link", { name: "Order Express" }).click();
  dialog = await expectQuestion(page, "Yes, I'm Sure — Go Home");
  await dialog.getByRole("button", { name: "Yes, I'm Sure — Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(control(page, "Start New Order")).toBeVisible();
  await expectNoOrder(page, store.id);
});

test("Change Store asks first; Cancel keeps the cart", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { store, deli } = await deliCartFromApi(page, request);
  const deliPath = `/stores/${store.id}/departments/${deli.id}`;
  await visit(page, deliPath);

  const question = "Are You Sure You Want To Change Your Store?";
  await control(page.getByRole("banner"), "Change Store").click();
  let dialog = page.getByRole("dialog", { name: question });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("remove the contents of your cart");
  await expectNoAxeViolations(page);
  await decline(page, dialog, new RegExp(`${deliPath}$`));
  await expectItemInCart(page);

  await visit(page, deliPath);
  await control(page.getByRole("banner"), "Change Store").click();
  dialog = page.getByRole("dialog", { name: question });
  await dialog.getByRole("button", { name: "Change Store" }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByRole("heading", { level: 1, name: "Store Locator" })).toBeVisible();
  await expectNoOrder(page, store.id);
});

test("Change Store with nothing in the cart goes straight to the Store Locator", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/orders/new`);
  await control(page, "Order From This Store").click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/departments$`));
  await waitForHydration(page);
  await closeStoreAlerts(page);
  await control(page.getByRole("banner"), "Change Store").click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByRole("heading", { level: 1, name: "Store Locator" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("switching to another store asks before its departments drop the order", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { store, deli } = await deliCartFromApi(page, request);
  const stores = await apiGet<{ id: number; name: string }[]>(request, "/stores?limit=1000");
  const other = stores.find((s) => s.id !== store.id);
  if (!other) throw new Error("the demo data has one store only");
  const otherDeli = (await deliAndBakeryOf(request, other.id)).deli;
  const otherDepartments = `/stores/${other.id}/departments`;

  // The locator's link to another store, then its departments: still nothing is lost.
  await visit(page, `/stores/${other.id}/orders/new`);
  await control(page, "Order From This Store").click();
  await expect(page).toHaveURL(new RegExp(`${otherDepartments}$`));
  await waitForHydration(page);
  await closeStoreAlerts(page);
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);

  // Even the Deli of the other store is another department.
  await page.locator(`a[href="${otherDepartments}/${otherDeli.id}"]`).first().click();
  let dialog = await expectQuestion(page, `Yes, I'm Sure — Go To ${otherDeli.name}`);
  await expectNoAxeViolations(page);
  await decline(page, dialog, new RegExp(`${otherDepartments}$`));

  // Typed in: the question comes over the order's own department.
  await visit(page, `${otherDepartments}/${otherDeli.id}`);
  await expect(page).toHaveURL(
    new RegExp(`/stores/${store.id}/departments/${deli.id}\\?dialog=leave-order&`),
  );
  // That page's store does not know the other store's department by name.
  dialog = await expectQuestion(page, "Yes, I'm Sure — Change Department");
  await decline(page, dialog, new RegExp(`/stores/${store.id}/departments/${deli.id}$`));
  await expectItemInCart(page);

  await visit(page, otherDepartments);
  await page.locator(`a[href="${otherDepartments}/${otherDeli.id}"]`).first().click();
  dialog = await expectQuestion(page, `Yes, I'm Sure — Go To ${otherDeli.name}`);
  await dialog.getByRole("button", { name: `Yes, I'm Sure — Go To ${otherDeli.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`${otherDepartments}/${otherDeli.id}$`));
  await expect(cartLink(page)).toHaveCount(0);
});
