/**
 * The store dialogs: "automatically selected" after a guessed store, and Change Store from the
 * header. With JS a modal <dialog>; without JS the same content as a server-rendered section.
 */
import type { Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { demoStore } from "./support/api";
import { deliCartFromApi } from "./support/cart";
import { expect, expectNoAxeViolations, jsEnabled, test, visit } from "./support/test";
import { control } from "./support/page";

/** With JS, the dialog must be a real modal (rest of the page inert, focus trapped). */
async function expectModalDialog(page: Page, text: string | RegExp) {
  const dialog = page.getByRole("dialog").filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((el) => el.tagName === "DIALOG" && el.matches(":modal")))
    .toBe(true);
  return dialog;
}

test("a guessed store opens the automatically-selected dialog", async ({ page, request }) => {
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/orders/new?guessed=1`);
  await expect(page.getByRole("heading", { name: "Create New Order" })).toBeAttached();

  // Without JS the server renders the same dialog open in the page; with JS it is a modal.
  const dialog = jsEnabled()
    ? await expectModalDialog(page, `Continue at ${store.name}`)
    : page.getByRole("dialog").filter({ hasText: `Continue at ${store.name}` });
  await expect(dialog).toBeVisible();
  await expect(control(dialog, `Continue at ${store.name}`)).toBeVisible();
  await expect(control(dialog, "Change My Home Store")).toBeVisible();
  await expectNoAxeViolations(page);

  await control(dialog, `Continue at ${store.name}`).click();
  await expect(dialog).toBeHidden();
  await expect(control(page, `Continue at ${store.name}`)).toHaveCount(0);
  await expect(control(page, "Order From This Store")).toBeVisible();
});

test.describe("a first visit from Cambridge, as the CDN places the shopper", () => {
  // CloudFront's viewer location headers, as the CDN in front of the shop would add them.
  test.use({ extraHTTPHeaders: { "CloudFront-Viewer-Postal-Code": "02139" } });

  test("Start New Order guesses the Cambridge store and asks to confirm it", async ({ page }) => {
    await visit(page, "/");
    await control(page, "Start New Order").click();
    await expect(page).toHaveURL(/\/stores\/\d+\/orders\/new\?guessed=1$/);
    const dialog = page.getByRole("dialog").filter({ hasText: "Continue at Cambridge" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    // 'Change My Home Store' leads to the locator; the guess is not forced on the shopper.
    await control(dialog, "Change My Home Store").click();
    await expect(page).toHaveURL(/\/stores(\?|$)/);
    await expect(page.getByRole("heading", { name: "Store Locator" })).toBeVisible();
  });
});

test("Change Store in the header asks for confirmation when the cart has items", async ({
  page,
  request,
}) => {
  // With an empty cart there is nothing to lose: it is a plain link (e2e/cart-abandon.spec.ts).
  const { store } = await deliCartFromApi(page, request);
  const departments = `/stores/${store.id}/departments`;
  await visit(page, departments);
  // The store's alerts open first on the departments list (a modal with JS).
  await closeStoreAlerts(page);
  const question = "Are You Sure You Want To Change Your Store?";

  const header = page.getByRole("banner");
  await expect(header.getByText(store.name)).toBeVisible();
  await control(header, "Change Store").click();

  const dialog = page.getByRole("dialog", { name: question });
  if (jsEnabled()) {
    await expectModalDialog(page, question);
  } else {
    // Reached by URL and rendered by the server, open, with a real link and form.
    await expect(page).toHaveURL(/[?&]dialog=change-store\b/);
    await expect(dialog).toBeVisible();
  }
  await expect(control(dialog, "Cancel")).toBeVisible();
  await expect(control(dialog, "Change Store")).toBeVisible();
  // It empties the cart: red like Delete and Cancel Order (--color-danger), not the brand green.
  await expect(control(dialog, "Change Store")).toHaveCSS("background-color", "rgb(180, 35, 24)");
  await expectNoAxeViolations(page);

  if (jsEnabled()) await page.keyboard.press("Escape");
  else await control(dialog, "Cancel").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: question })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${departments}$`));
});
