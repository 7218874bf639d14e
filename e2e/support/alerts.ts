/**
 * Store alerts open on the departments list and the department pages until the shopper closes
 * them (with JavaScript as a modal that blocks the page). Specs that are not about alerts close
 * them first; each Playwright test starts with fresh cookies, so they show every time.
 */
import { expect, type Page } from "@playwright/test";
import { routerSettled, waitForHydration } from "./test";

/** The open alert, if any (a server-rendered section without JS, a modal with it). */
export function openAlert(page: Page) {
  return page.locator("dialog.alert-dialog[open]");
}

/**
 * Closes the open alert and waits until closing it is recorded (a form post without JS, a
 * background request with it), so that it does not come back on the next page.
 */
export async function closeAlert(page: Page): Promise<void> {
  const alert = openAlert(page).first();
  const id = await alert.getAttribute("aria-labelledby");
  const alertId = /^alert-(\d+)-title$/.exec(id ?? "")?.[1];
  const recorded = page.waitForResponse((response) =>
    response.url().includes(`/alerts/${alertId}/dismiss`),
  );
  await alert.getByRole("button", { name: "Close" }).click();
  await recorded;
  await expect(page.locator(`[id="${id}"]`)).toHaveCount(0);
  // Without JavaScript the close is a post whose redirect stands in as a page of its own: the
  // page it leads to must be loaded (its styles applied) before anything measures it. With it,
  // the revalidation that follows is let finish: a reload would cut it short.
  await waitForHydration(page);
  await routerSettled(page);
}

/**
 * Closes every alert on the page, one after the other. An alert that opens again after it was
 * closed is a failure of its own (the shopper closed it), not one more to close.
 */
export async function closeStoreAlerts(page: Page): Promise<void> {
  const closed = new Set<string>();
  for (let i = 0; i < 10; i += 1) {
    await routerSettled(page);
    const open = openAlert(page).first();
    if ((await open.count()) === 0) return;
    const id = (await open.getAttribute("aria-labelledby")) ?? "";
    if (closed.has(id)) throw new Error(`the store alert ${id} opened again after it was closed`);
    closed.add(id);
    await closeAlert(page);
  }
  throw new Error("store alerts kept coming back");
}
