/**
 * A client-side navigation tells a screen reader what a page load would (issue 27): the new
 * page's title is read from a live region and focus lands on its level-1 heading, so the next Tab
 * starts in the page's content. (JavaScript only: without it every navigation is a page load.)
 * That focus stays on a filter that updates the list in place is held in browse.spec.ts.
 */
import { closeStoreAlerts } from "./support/alerts";
import { demoStore } from "./support/api";
import { expect, test, visit, waitForHydration } from "./support/test";

test("a page reached by a link is announced and its heading takes focus", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);
  const announcer = page.locator("[data-route-announcer]");
  await expect(announcer).toHaveText("");

  // A link in the page, pressed from the keyboard: it is gone with the old page.
  await page.getByRole("link", { name: /^Grocery\b/ }).press("Enter");
  const grocery = page.getByRole("heading", { level: 1, name: "Grocery" });
  await expect(grocery).toBeFocused();
  await waitForHydration(page);
  await expect(announcer).toHaveText(await page.title());
  await expect(announcer).toContainText("Grocery");
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement)),
  ).toBe(true);

  // A link of the trail, which stays on the screen: focus still moves to the new page.
  await page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Departments" })
    .click();
  const departments = page.getByRole("heading", { level: 1 });
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/departments$`));
  await expect(departments).toBeFocused();
  await waitForHydration(page);
  await expect(announcer).toHaveText(await page.title());
});
