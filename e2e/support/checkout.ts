import type { Page } from "@playwright/test";
import { expect, jsEnabled } from "./test";

/** /checkout's pickup location: a dialog with scripts, a plain radio group without them. */
export async function choosePickupLocation(page: Page) {
  if (jsEnabled()) {
    await page.getByRole("button", { name: /^Choose pickup location/ }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a Pickup Location" });
    await dialog.getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await page.getByRole("group", { name: "Pickup Location" }).getByRole("radio").first().check();
  }
}
