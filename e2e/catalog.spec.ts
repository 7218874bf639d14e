/**
 * The shoppable catalog (issue 15, spec §2 and §9), with JavaScript and without: the weekly
 * circular opened from the department home, its cover alone then two-page spreads, the pagination
 * (first, last, the 5 near the current spread, ellipses), a page hitbox jumping, a product hitbox
 * opening the catalog product dialog (JavaScript) or the product page with a way back (without),
 * Add to Cart from there; on a phone the spec's message and the deals a page at a time, turning
 * page by page, and on every screen a search over the deals (decision 033). axe on every page
 * and open dialog.
 */
import type { Page } from "@playwright/test";
import { demoDepartment } from "./support/api";
import { closeStoreAlerts } from "./support/alerts";
import { cartLink } from "./support/cart";
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

// Each journey walks several pages, each scanned with axe.
test.describe.configure({ timeout: 120_000 });

const HINT = "Click items to view details or add to your cart.";
const SMALL_SCREEN = "A device with a larger screen is needed to view this catalog.";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 320, height: 800 };

const pagination = (page: Page) => page.getByRole("navigation", { name: "Catalog pages" });
const spread = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const deals = (page: Page) => page.getByRole("region", { name: "Deals in the Weekly Circular" });
/** A catalog page's deals (by page, after the spread). */
const dealsOnPage = (page: Page, number: number) =>
  deals(page).getByRole("region", { name: `Page ${number} of 16`, exact: true });
/** The deals' way to the page before and after (a narrow screen's). */
const turn = (page: Page) => page.getByRole("navigation", { name: "Deals page by page" });
const dealLinkHrefs = (page: Page, number: number) =>
  dealsOnPage(page, number)
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));

async function searchDeals(page: Page, words: string) {
  const form = page.getByRole("search", { name: "Deals" });
  await form.getByRole("searchbox", { name: "Search the deals" }).fill(words);
  await form.getByRole("button", { name: "Search" }).click();
}

async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** The pagination as the shopper reads it: spread labels and '…'. */
const paginationItems = (page: Page) =>
  pagination(page)
    .locator("li")
    .evaluateAll((items) => items.map((item) => (item.textContent ?? "").trim()));

/** From the department home, the Weekly Circular's launcher: the cover. */
async function openCircular(page: Page, request: Parameters<typeof demoDepartment>[0]) {
  const grocery = await demoDepartment(request, "Grocery");
  await page.setViewportSize(DESKTOP);
  await visit(page, `/stores/${grocery.storeId}/departments`);
  await closeStoreAlerts(page);
  await visit(page, `/stores/${grocery.storeId}/departments/${grocery.departmentId}`);
  await closeStoreAlerts(page);
  await page.getByRole("link", { name: /Weekly Circular/ }).click();
  await expect(page).toHaveURL(/\/departments\/\d+\/catalogs\/\d+$/);
  await waitForHydration(page);
  return new URL(page.url()).pathname;
}

/**
 * The cover's address, for a shopper at the Grocery who has seen the store's alerts
 * (e2e/support/start.ts) to open directly: the way there from the department home is the first
 * test's.
 */
async function coverOfCircular(page: Page, request: Parameters<typeof demoDepartment>[0]) {
  const { storeId, departmentId, headers } = await startAs(page.context(), request, {
    department: "Grocery",
  });
  const answer = await request.get(`/api/1/catalogs?department=${departmentId}`, { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  const circular = ((await answer.json()) as { data: { id: number; name: string }[] }).data.find(
    (c) => c.name === "Weekly Circular",
  );
  if (!circular) throw new Error("the demo Grocery has no Weekly Circular");
  return `/stores/${storeId}/departments/${departmentId}/catalogs/${circular.id}`;
}

test("the circular: the cover alone, two-page spreads, pagination with ellipses, page hitboxes", async ({
  page,
  request,
}) => {
  const cover = await openCircular(page, request);
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Circular" })).toBeVisible();
  await expect(page.getByText(HINT)).toBeVisible();
  await expect(page.getByText(SMALL_SCREEN)).toBeHidden();
  await expect(spread(page, "Page 1").getByRole("img")).toHaveCount(1);
  // 16 pages: 9 spreads; the first five, a gap, the last.
  expect(await paginationItems(page)).toEqual(["1", "2–3", "4–5", "6–7", "8–9", "…", "16"]);
  await expect(pagination(page).getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Every hitbox is a link named for what it leads to.
  const cover1 = spread(page, "Page 1");
  await expect(cover1.getByRole("link", { name: "Go to page 2" })).toBeVisible();
  await expect(cover1.getByRole("link", { name: /, \$\d+\.\d\d/ })).toHaveCount(4);

  // A spread in the middle: gaps on both sides of the 5 near it.
  await pagination(page).getByRole("link", { name: "Pages 8 and 9", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/8$`));
  await waitForHydration(page);
  await expect(spread(page, "Pages 8 and 9").getByRole("img")).toHaveCount(2);
  expect(await paginationItems(page)).toEqual([
    "1",
    "…",
    "4–5",
    "6–7",
    "8–9",
    "10–11",
    "12–13",
    "…",
    "16",
  ]);
  await expect(
    pagination(page).getByRole("link", { name: "Pages 8 and 9", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await pagination(page).getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/10$`));
  await waitForHydration(page);
  await expect(spread(page, "Pages 10 and 11")).toBeVisible();

  // A page hitbox jumps to that page's spread: the cover's to the last page, alone.
  await visit(page, cover);
  await spread(page, "Page 1").getByRole("link", { name: "Go to page 16" }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/16$`));
  await waitForHydration(page);
  await expect(spread(page, "Page 16").getByRole("img")).toHaveCount(1);
  expect(await paginationItems(page)).toEqual(["1", "…", "8–9", "10–11", "12–13", "14–15", "16"]);

  if (jsEnabled()) {
    // The arrow keys turn the spread through real URLs: back and forward still work.
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(new RegExp(`${cover}/pages/14$`));
    await expect(spread(page, "Pages 14 and 15")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${cover}/pages/16$`));
    await waitForHydration(page);

    // Zoom on a page: a dialog, Escape closes it.
    await page.getByRole("button", { name: "Zoom in on page 16" }).click();
    const zoom = await expectDialog(page, "Page 16, zoomed in");
    await page.keyboard.press("Escape");
    await expect(zoom).toBeHidden();
  }

  // A page the catalog does not have is the 404 page.
  const missing = await visit(page, `${cover}/pages/17`);
  expect(missing?.status()).toBe(404);
  await expectNoAxeViolations(page);
});

test("a product hitbox: the product dialog with JavaScript, the product page and back without; Add to Cart", async ({
  page,
  request,
}) => {
  const cover = await coverOfCircular(page, request);
  await page.setViewportSize(DESKTOP);
  await visit(page, cover);
  const hitbox = spread(page, "Page 1")
    .getByRole("link", { name: /, \$\d+\.\d\d/ })
    .first();
  const label = (await hitbox.getAttribute("aria-label")) ?? "";
  const productName = label.replace(/, \$.*$/, "");
  await hitbox.click();

  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: productName });
    await expect(dialog.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expectDialog(page, productName);
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
    await expect(dialog.getByText(/added to your cart/i).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    // Still on the spread, the hitbox focused again.
    await expect(page).toHaveURL(new RegExp(`${cover}$`));
    await expect(hitbox).toBeFocused();
  } else {
    await expect(page).toHaveURL(/\/products\/\d+\?from=/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: productName })).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await waitForHydration(page);
    await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
    // The page after the add keeps the way back to the same spread.
    await page.getByRole("link", { name: "Back to the catalog" }).click();
    await expect(page).toHaveURL(new RegExp(`${cover}$`));
    await waitForHydration(page);
    await expect(spread(page, "Page 1")).toBeVisible();
  }

  await visit(page, "/cart");
  await expect(page.getByRole("main")).toContainText(productName);
});

test("on a phone: the circular a page at a time, turning without looping back, each deal to its product", async ({
  page,
  request,
}) => {
  const cover = await coverOfCircular(page, request);
  await page.setViewportSize(PHONE);
  await visit(page, cover);
  await expect(page.getByText(SMALL_SCREEN)).toBeVisible();
  await expect(page.getByText(HINT)).toBeHidden();
  await expect(spread(page, "Page 1")).toBeHidden();
  // The cover's four deals, not the whole catalog's: a page at a time.
  await expect(dealsOnPage(page, 1)).toBeVisible();
  await expect(dealsOnPage(page, 1).getByRole("listitem")).toHaveCount(4);
  await expect(deals(page).getByRole("listitem").filter({ visible: true })).toHaveCount(4);
  for (const href of await dealLinkHrefs(page, 1)) expect(href).toMatch(/\/products\/\d+\?from=/);
  await expect(turn(page).getByRole("link", { name: /Previous/ })).toHaveCount(0);
  await expectNoSideScroll(page, PHONE.width);

  // Next: page 2 alone (its spread's other page is for a wide screen), then page 3.
  await turn(page).getByRole("link", { name: "Next page, Page 2" }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/2$`));
  await waitForHydration(page);
  await expect(dealsOnPage(page, 2)).toBeVisible();
  await expect(dealsOnPage(page, 3)).toBeHidden();
  const page2 = await dealLinkHrefs(page, 2);
  expect(page2.length).toBeGreaterThan(0);
  await turn(page).getByRole("link", { name: "Next page, Page 3" }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/3$`));
  await waitForHydration(page);
  await expect(dealsOnPage(page, 3)).toBeVisible();
  await expect(dealsOnPage(page, 2)).toBeHidden();
  expect(await dealLinkHrefs(page, 3)).not.toEqual(page2);
  await turn(page).getByRole("link", { name: "Previous page, Page 2" }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/2$`));
  await waitForHydration(page);
  await expect(dealsOnPage(page, 2)).toBeVisible();

  // The last page: no next page.
  await visit(page, `${cover}/pages/16`);
  await expect(dealsOnPage(page, 16)).toBeVisible();
  await expect(turn(page).getByRole("link", { name: /Next/ })).toHaveCount(0);
  await expect(turn(page).getByRole("link", { name: "Previous page, Page 15" })).toBeVisible();
  await expectNoSideScroll(page, PHONE.width);

  // A deal leads to its product, and back to the page it is on.
  const first = dealsOnPage(page, 16).getByRole("link").first();
  const name = (await first.textContent())?.trim() ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/products\/\d+\?from=/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("link", { name: "Back to the catalog" }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/16$`));
  await waitForHydration(page);
  await expect(dealsOnPage(page, 16)).toBeVisible();
});

test("on a phone: searching the circular's deals (?q=), a result's page, nothing found, Clear search", async ({
  page,
  request,
}) => {
  const cover = await coverOfCircular(page, request);
  await page.setViewportSize({ width: 375, height: 800 });
  await visit(page, `${cover}/pages/5`);
  await searchDeals(page, "MILK");
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/5\\?q=MILK(#catalog-deals)?$`));
  await waitForHydration(page);
  await expect(deals(page).getByRole("status")).toHaveText(/^\d+ deals match “MILK”\.$/);
  // The matches on every page they are on, each page a link to it.
  const names = await deals(page).getByRole("listitem").getByRole("link").allTextContents();
  expect(names.length).toBeGreaterThan(2);
  for (const found of names) expect(found).toMatch(/milk/i);
  const pages = deals(page).getByRole("heading", { level: 3 });
  expect(await pages.count()).toBeGreaterThan(1);
  await expectNoSideScroll(page, 375);

  const second = ((await pages.nth(1).textContent()) ?? "").trim();
  const number = Number(/^Page (\d+)$/.exec(second)?.[1]);
  await pages.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/${number}$`));
  await waitForHydration(page);
  await expect(dealsOnPage(page, number)).toBeVisible();

  await searchDeals(page, "no such deal");
  await expect(page).toHaveURL(/\?q=no\+such\+deal(#catalog-deals)?$/);
  await waitForHydration(page);
  await expect(deals(page).getByRole("status")).toHaveText("No deals match “no such deal”.");
  await deals(page).getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(new RegExp(`${cover}/pages/${number}$`));
  await waitForHydration(page);
  await expect(dealsOnPage(page, number)).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search the deals" })).toHaveValue("");
});

test("on a wide screen: the spread as before, its two pages' deals after it, a search landing on its answer", async ({
  page,
  request,
}) => {
  const cover = await coverOfCircular(page, request);
  await page.setViewportSize(DESKTOP);
  await visit(page, `${cover}/pages/2`);
  await expect(spread(page, "Pages 2 and 3").getByRole("img")).toHaveCount(2);
  await expect(page.getByText(SMALL_SCREEN)).toBeHidden();
  // The deals of both pages of the spread, as many as the pages' product links; the spread's
  // pagination turns them, not the phone's page by page.
  for (const number of [2, 3]) {
    const hitboxes = spread(page, "Pages 2 and 3")
      .getByRole("group", { name: `Items on page ${number}` })
      .getByRole("link", { name: /, \$\d+\.\d\d/ });
    await expect(dealsOnPage(page, number).getByRole("listitem")).toHaveCount(
      await hitboxes.count(),
    );
  }
  await expect(turn(page)).toBeHidden();

  await searchDeals(page, "milk");
  await waitForHydration(page);
  await expect(deals(page).getByRole("status")).toHaveText(/^\d+ deals match “milk”\.$/);
  await expect(deals(page).getByRole("status")).toBeInViewport();
  await expect(spread(page, "Pages 2 and 3")).toBeVisible();
});
