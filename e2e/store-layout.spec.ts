/**
 * The store's pages at a phone's 320 and 375 px and a desktop's 1280 px, with and without
 * JavaScript: the queue and the picking page fit the width (no sideways scroll), a keyboard's
 * focus is visible on the picking controls, and axe finds nothing. Each page's screenshot is kept
 * with the test's results for a person to look at.
 */
import { e2eDatabase, newApiKey } from "./support/api";
import { oneClickOf, startAs } from "./support/start";
import { asAssociate } from "./support/store";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, expectNoAxeViolations, test, visit, type Page } from "./support/test";

test.use({ baseURL: FIXED_STORE_URL });

const WIDTHS = [320, 375, 1280];

/** The page is no wider than the window: nothing to scroll sideways to. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test("the queue and the picking page fit 320, 375 and 1280 px, with visible focus", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const product = await oneClickOf(request, "Grocery");
  const shopperContext = await browser.newContext();
  const started = await startAs(shopperContext, request, {
    department: "Grocery",
    products: [{ id: product.id, quantity: 2 }],
    placed: true,
    signedIn: { firstName: "Robin" },
  });
  await shopperContext.close();
  // Substitutions allowed: the page shows all three pick forms, the substitute's too.
  const db = e2eDatabase(started.server);
  try {
    db.prepare("UPDATE orders SET substitutions_allowed = 1 WHERE id = ?").run(started.orderId);
  } finally {
    db.close();
  }
  const day = await asAssociate(page.context(), started, await newApiKey(request));
  const queue = `/store/${started.storeId}?day=${day}`;
  const order = `/store/${started.storeId}/orders/${started.orderId}`;
  await visit(page, order);
  await page.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(page.getByText("The order's status was changed.")).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await visit(page, queue);
    await expect(page.getByRole("link", { name: started.number! })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`queue-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);

    await visit(page, order);
    const picked = page.getByRole("button", { name: "Picked", exact: true });
    await expect(picked).toBeVisible();
    await expect(page.getByRole("button", { name: "Substitute" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // A keyboard user sees where they are: the focus ring on the field, then on its button.
    await page.getByRole("spinbutton").first().focus();
    await page.keyboard.press("Tab");
    await expect(picked).toBeFocused();
    const outline = await picked.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
});
