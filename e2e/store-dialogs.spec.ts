/**
 * The store dialogs: "automatically selected" after a guessed store, and Change Store from the
 * header. With JS a modal <dialog>; without JS the same content as a server-rendered section.
 */
import type { Locator, Page } from "@playwright/test";
import { demoStore } from "./support/api";
import { expect, expectNoAxeViolations, jsEnabled, test, visit } from "./support/test";

function control(scope: Page | Locator, name: string | RegExp) {
  return scope.getByRole("link", { name }).or(scope.getByRole("button", { name }));
}

/** With JS, the dialog must be a real modal (rest of the page inert, focus trapped). */
async function expectModalDialog(page: Page, text: string | RegExp) {
  const dialog = page.getByRole("dialog").filter({ hasText: text });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.tagName === "DIALOG" && el.matches(":modal"))).toBe(true);
  return dialog;
}

test("a guessed store opens the automatically-selected dialog", async ({ page, request }) => {
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/orders/new?guessed=1`);
  await expect(page.getByRole("heading", { name: "Create New Order" })).toBeAttached();

  const scope = jsEnabled() ? await expectModalDialog(page, `Continue at ${store.name}`) : page;
  await expect(control(scope, `Continue at ${store.name}`)).toBeVisible();
  await expect(control(scope, "Change My Home Store")).toBeVisible();
  await expectNoAxeViolations(page);

  await control(scope, `Continue at ${store.name}`).click();
  await expect(control(page, `Continue at ${store.name}`)).toHaveCount(0);
  await expect(control(page, "Order From This Store")).toBeVisible();
});

test("Change Store in the header asks for confirmation", async ({ page, request }) => {
  const store = await demoStore(request);
  const departments = `/stores/${store.id}/departments`;
  await visit(page, departments);
  const question = "Are You Sure You Want To Change Your Store?";

  const header = page.getByRole("banner");
  await expect(header.getByText(store.name)).toBeVisible();
  await control(header, "Change Store").click();

  if (jsEnabled()) {
    const dialog = await expectModalDialog(page, question);
    await expect(dialog.getByRole("heading", { name: question })).toBeVisible();
    await expect(control(dialog, "Cancel")).toBeVisible();
    await expect(control(dialog, "Change Store")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${departments}$`));
  } else {
    // Reached by URL: a page section with real links/forms.
    await expect(page).toHaveURL(/[?&]dialog=change-store\b/);
    await expect(page.getByRole("heading", { name: question })).toBeVisible();
    await expectNoAxeViolations(page);
    const section = page.locator("section, [role=region], [role=dialog]").filter({
      has: page.getByRole("heading", { name: question }),
    });
    await expect(control(section.last(), "Change Store")).toBeVisible();
    await control(section.last(), "Cancel").click();
    await expect(page.getByRole("heading", { name: question })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${departments}$`));
  }
});
