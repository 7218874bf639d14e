/**
 * The quick view's code arrives when the shopper reaches for a card (pointer or focus), and React
 * puts its dialog on the page a moment before it runs that dialog's setup. A click on a card in
 * that moment opens the dialog at once; the setup must not close it again. The click is made from
 * a mutation observer, in the same task that put the dialog on the page, so the moment is met on
 * every run, however fast the machine. JavaScript only: without it there is no quick view.
 */
import { closeStoreAlerts } from "./support/alerts";
import { demoDepartment } from "./support/api";
import { expect, test, visit, waitForHydration } from "./support/test";

test("a card clicked the moment the quick view arrives opens it, and it stays open", async ({
  page,
  request,
}) => {
  const grocery = await demoDepartment(request, "Grocery");
  const listing = `/stores/${grocery.storeId}/departments/${grocery.departmentId}/products`;
  await visit(page, `${listing}?query=Bananas`);
  await waitForHydration(page);
  await closeStoreAlerts(page);
  // Again, with no alert in the way and the pointer off the cards: nothing has reached for one.
  await page.mouse.move(0, 0);
  await visit(page, `${listing}?query=Bananas`);
  await waitForHydration(page);
  await expect(page.locator("#quick-view")).toHaveCount(0);

  await page.evaluate(() => {
    const card = document.querySelector<HTMLAnchorElement>(".product-card__link");
    if (!card) throw new Error("no product card");
    new MutationObserver((_, observer) => {
      if (!document.getElementById("quick-view")) return;
      observer.disconnect();
      card.click();
    }).observe(document.body, { childList: true, subtree: true });
    // What a pointer moving onto the card sends: the quick view's code is fetched from then on.
    card.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
  });

  const dialog = page.getByRole("dialog", { name: "Bananas" });
  await expect(dialog).toBeVisible();
  // Still open once everything React had queued has run.
  await page.waitForLoadState("networkidle");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add to Cart" })).toBeVisible();
});
