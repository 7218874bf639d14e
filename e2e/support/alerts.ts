/**
 * Store alerts open on the departments list and the department pages until the shopper closes
 * them (with JavaScript as a modal that blocks the page). Specs that are not about alerts close
 * them first; each Playwright test starts with fresh cookies, so they show every time.
 */
import { expect, type Page } from "@playwright/test";

/** The open alert, if any (a server-rendered section without JS, a modal with it). */
export function openAlert(page: Page) {
  return page.locator("dialog.alert-dialog[open]");
}

/** Closes every alert on the page, one after the other. */
export async function closeStoreAlerts(page: Page): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const alert = openAlert(page);
    if ((await alert.count()) === 0) return;
    const id = await alert.getAttribute("aria-labelledby");
    await alert.getByRole("button", { name: "Close" }).click();
    await expect(page.locator(`[id="${id}"]`)).toHaveCount(0);
  }
  throw new Error("store alerts kept coming back");
}
