/**
 * Layout promises of issue 10, with JavaScript and without: every page type reflows at 320 px
 * (WCAG 1.4.10), a page that does not with a 320/375/1280 px screenshot set attached to the
 * report; the sticky Add to Cart bar never covers the focused control (WCAG 2.4.11); the phone
 * header fits in 100 px; and nothing moves after first paint (cumulative layout shift ≤ 0.01),
 * alert or no alert.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import {
  demoDepartment,
  demoProduct,
  demoShop,
  oneClickProduct,
  type DemoShop,
} from "./support/api";
import { closeStoreAlerts, openAlert } from "./support/alerts";
import { closeRecommendations } from "./support/cart";
import { startAs } from "./support/start";
import { choosableValues, choosePickupLocation } from "./support/checkout";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

// Each test walks many pages.
test.describe.configure({ timeout: 120_000 });

/** A department's id in the demo store, by name. */
function departmentId(shop: DemoShop, name: string): number {
  const found = shop.departments.get(name);
  if (!found) throw new Error(`the demo store has no ${name} department`);
  return found.id;
}

/** A product page's path by department name and SKU. */
async function productPath(
  request: APIRequestContext,
  department: string,
  fragment: string,
  sku: string,
): Promise<string> {
  return (await demoProduct(request, department, fragment, sku)).path;
}

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Content wider than its box, found cheaply: a box that clips it (overflow hidden) while holding
 * text, or a bordered or filled box (a tile, a card, a button) that it spills out of. Scroll
 * containers and the gallery's slider (one picture shown, the others beside it) scroll or clip
 * on purpose; visually hidden text is clipped on purpose.
 */
async function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      // A 1 px box is the screen-reader-only pattern: its text is hidden on purpose.
      if (element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 1) continue;
      // A viewport clips what is panned out of it on purpose: the gallery's and the store map's.
      if (element.closest(".visually-hidden, .gallery__viewport, .store-map")) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
      const clips = style.overflowX !== "visible";
      const boxed =
        parseFloat(style.borderRightWidth) > 0 || style.backgroundColor !== "rgba(0, 0, 0, 0)";
      if ((clips && element.innerText.trim()) || (!clips && boxed)) {
        const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} (${element.scrollWidth} > ${element.clientWidth}): ${text}`,
        );
      }
    }
    return found;
  });
}

/**
 * The page at 320 px: no horizontal scroll and nothing cut off. Leaves the page at 375 px. When
 * the page fails, its screenshot set (320, 375 and 1280 px, full page) is attached to the report;
 * a test failing elsewhere has Playwright's own screenshot and trace.
 */
async function checkReflow(page: Page, name: string) {
  await page.setViewportSize({ width: 320, height: 800 });
  try {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} scrolls sideways at 320 px`).toBeLessThanOrEqual(320);
    expect(await clippedContent(page), `${name}: content cut off or spilling at 320 px`).toEqual(
      [],
    );
  } catch (error) {
    await attachScreenshots(page, name);
    throw error;
  }
  await page.setViewportSize(PHONE);
}

/** The page's full-page screenshots at 320, 375 and 1280 px, attached to the report. */
async function attachScreenshots(page: Page, name: string) {
  const info = test.info();
  const mode = jsEnabled(info) ? "js-on" : "js-off";
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await info.attach(`${name} ${width}px ${mode}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  }
}

test("every page type reflows at 320 px: browsing, products, policies and errors", async ({
  page,
  request,
}) => {
  const shop = await demoShop(request);
  const grocery = `/stores/${shop.storeId}/departments/${departmentId(shop, "Grocery")}`;
  await page.setViewportSize(PHONE);

  const pages: [string, string][] = [
    ["home", "/"],
    ["start", "/start"],
    ["store locator", "/stores"],
    ["departments", `/stores/${shop.storeId}/departments`],
    ["department home", grocery],
  ];
  for (const [name, path] of pages) {
    await visit(page, path);
    await checkReflow(page, name);
  }
  await closeStoreAlerts(page);

  // A category from the department's grid, then a search listing.
  const category = await page
    .getByRole("region", { name: "Shop by category" })
    .getByRole("link")
    .first()
    .getAttribute("href");
  // The weekly circular's launcher (hidden on a phone, its link still there) and a spread.
  const circular = await page
    .getByRole("link", { name: /Weekly Circular/, includeHidden: true })
    .getAttribute("href");
  const products: [string, string][] = [
    ["category", category!],
    ["catalog cover", circular!],
    ["catalog spread", `${circular!}/pages/2`],
    ["search listing", `${grocery}/products?query=milk`],
    ["product", await productPath(request, "Grocery", "Whole Milk", "GR-6300")],
    ["product by the pound", await productPath(request, "Deli", "Oven Roasted Turkey", "DL-1000")],
    [
      "product builder (cake designer)",
      await productPath(request, "Bakery", "Celebration Cake", "BK-2000"),
    ],
    ["product bundle", await productPath(request, "Catering", "Game Day", "CT-3700")],
    ["policy", "/policies/privacy"],
    ["404", "/no-such-page"],
    ["error", "/oops"],
  ];
  for (const [name, path] of products) {
    await visit(page, path);
    await closeStoreAlerts(page);
    await checkReflow(page, name);
  }
});

test("every page type reflows at 320 px: cart, pickup time, checkout and confirmation", async ({
  page,
  request,
}) => {
  const shop = await demoShop(request);
  await page.setViewportSize(PHONE);
  await visit(page, `/stores/${shop.storeId}/departments`);
  await closeStoreAlerts(page);
  await visit(page, await productPath(request, "Grocery", "Whole Milk", "GR-6300"));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const cart = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName(/1 item/);

  await visit(page, "/auth-request");
  await checkReflow(page, "auth request");

  await visit(page, "/cart");
  const recommendations = page.getByRole("dialog", { name: "You May Also Like" });
  await checkReflow(page, "cart with recommendations");
  if (await recommendations.count()) {
    await recommendations
      .getByRole("link", { name: "Close" })
      .or(recommendations.getByRole("button", { name: "Close" }))
      .first()
      .click();
    await expect(recommendations).toBeHidden();
    // Without JavaScript the cart again, a page of its own.
    await waitForHydration(page);
  }
  await checkReflow(page, "cart");

  await page.getByRole("button", { name: /^(Pick Up in Store|Next)$/ }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await checkReflow(page, "pickup time");
  const time = page.getByLabel("Time", { exact: true });
  const times = (await choosableValues(time)).filter(Boolean);
  await time.selectOption(times[0]!);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await checkReflow(page, "checkout");
  await page.getByLabel("First Name", { exact: true }).fill("Pat");
  await page.getByLabel("Last Name", { exact: true }).fill("Lee");
  await page.getByLabel("Email", { exact: true }).fill("pat.lee@example.com");
  await page.getByLabel("Mobile Phone", { exact: true }).fill("(609) 555-0142");
  await choosePickupLocation(page);
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/confirmation$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  await checkReflow(page, "confirmation");
});

/** The sticky bar's box and the focused control's (a choice's whole tile), as the page shows them. */
async function focusAgainstBar(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const bar = document.querySelector(".sticky-preview");
    if (!focused || focused === document.body || !bar) return null;
    const form = bar.closest("form");
    const inForm = !!form?.contains(focused);
    const box = (focused.closest(".choice") ?? focused).getBoundingClientRect();
    const barBox = bar.getBoundingClientRect();
    const covered =
      !bar.contains(focused) &&
      box.bottom > barBox.top &&
      box.top < barBox.bottom &&
      box.right > barBox.left &&
      box.left < barBox.right;
    return {
      inForm,
      inBar: bar.contains(focused),
      covered,
      what: `${focused.tagName.toLowerCase()}#${focused.id} ${Math.round(box.top)}–${Math.round(box.bottom)}, bar ${Math.round(barBox.top)}–${Math.round(barBox.bottom)}`,
    };
  });
}

test("the sticky Add to Cart bar never covers the focused control", async ({ page, request }) => {
  const cake = await productPath(request, "Bakery", "Celebration Cake", "BK-2000");
  const turkey = await productPath(request, "Deli", "Oven Roasted Turkey", "DL-1000");
  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of [cake, turkey]) {
      await page.setViewportSize({ width: viewport.width, height: 700 });
      await visit(page, path);
      await page.getByRole("heading", { level: 1 }).click();
      // Every control of the form, in Tab order, up to the bar's own button.
      let controls = 0;
      for (let presses = 0; presses < 200; presses += 1) {
        await page.keyboard.press("Tab");
        const focus = await focusAgainstBar(page);
        if (!focus) continue;
        if (focus.inBar) break;
        if (!focus.inForm) continue;
        controls += 1;
        expect(focus.covered, `${viewport.width} px: ${focus.what}`).toBe(false);
      }
      expect(controls, `${path} at ${viewport.width} px`).toBeGreaterThan(2);
    }
  }
});

test("the phone header fits in 100 px and keeps every control", async ({ page, request }) => {
  const shop = await demoShop(request);
  const milk = await productPath(request, "Grocery", "Whole Milk", "GR-6300");
  await page.setViewportSize(PHONE);
  await visit(page, `/stores/${shop.storeId}/departments`);
  await closeStoreAlerts(page);
  // The fullest header: a store, Change Store and a Cart with an item.
  await visit(page, milk);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: /^Cart/ })).toHaveAccessibleName(/1 item/);

  for (const path of [
    `/stores/${shop.storeId}/departments/${departmentId(shop, "Grocery")}`,
    milk,
  ]) {
    await visit(page, path);
    await closeStoreAlerts(page);
    const height = await banner.evaluate((header) => header.getBoundingClientRect().height);
    expect(height, `header on ${path}`).toBeLessThanOrEqual(100);
    for (const name of [/ home$/, "Order Express", /^Change Store/, /^Cart/]) {
      const control = banner.getByRole("link", { name }).or(banner.getByRole("button", { name }));
      await expect(control.first()).toBeVisible();
    }
    await expect(banner).toContainText("Shopping at");
    await expectNoAxeViolations(page);
  }
});

/** Sum of layout shifts since navigation not caused by the shopper, as Lighthouse counts them. */
async function layoutShift(page: Page): Promise<number> {
  // Shifts are reported a moment after they happen: let the page settle first.
  await page.waitForTimeout(1_000);
  return page.evaluate(() => {
    const w = window as unknown as { __layoutShift?: number };
    if (w.__layoutShift === undefined) throw new Error("the layout-shift observer did not run");
    return w.__layoutShift;
  });
}

/** Counts each page's layout shifts from its first paint, for `layoutShift` to read. */
async function observeLayoutShift(page: Page) {
  // Injected through DevTools: it runs in js-off too, where the page's own scripts are stripped.
  await page.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number };
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test("nothing moves after first paint, with and without an alert showing", async ({
  page,
  request,
}) => {
  await observeLayoutShift(page);
  const shop = await demoShop(request);
  const departments = `/stores/${shop.storeId}/departments`;
  const deli = `${departments}/${departmentId(shop, "Deli")}`;
  await page.setViewportSize(PHONE);

  // A first-time visitor: the store's alerts show on the department pages.
  for (const path of [deli, departments]) {
    await visit(page, path);
    await expect(openAlert(page)).toHaveCount(1);
    expect(await layoutShift(page), `layout shift on ${path} with an alert`).toBeLessThanOrEqual(
      0.01,
    );
  }
  await closeStoreAlerts(page);

  const pages = [
    "/",
    departments,
    deli,
    `${departments}/${departmentId(shop, "Grocery")}`,
    `${departments}/${departmentId(shop, "Grocery")}/products?query=milk`,
    await productPath(request, "Deli", "Oven Roasted Turkey", "DL-1000"),
    await productPath(request, "Bakery", "Celebration Cake", "BK-2000"),
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of pages) {
      await visit(page, path);
      // A department's own alerts, not shown so far, close first (without JS, a new page).
      await closeStoreAlerts(page);
      expect(
        await layoutShift(page),
        `layout shift on ${path} at ${viewport.width} px`,
      ).toBeLessThanOrEqual(0.01);
    }
  }
});

test("nothing moves after first paint on the cart and the checkout", async ({ page, request }) => {
  await observeLayoutShift(page);
  // Grocery has three pickup locations: the checkout has a choice to show.
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);
  await startAs(page.context(), request, { department: "Grocery", products: [product] });
  await visit(page, "/cart");
  await closeRecommendations(page);
  await page.getByRole("button", { name: /^(Pick Up in Store|Next)$/ }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  const time = page.getByLabel("Time", { exact: true });
  await time.selectOption((await choosableValues(time)).filter(Boolean)[0]!);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    for (const path of ["/cart", "/checkout"]) {
      // A fresh document each time: the shift is counted from its own first paint.
      await visit(page, path);
      await waitForHydration(page);
      await expect(
        page
          .getByRole("heading", { name: "Pickup Location" })
          .or(page.getByRole("heading", { level: 1 }))
          .first(),
      ).toBeVisible();
      expect(
        await layoutShift(page),
        `layout shift on ${path} at ${viewport.width} px`,
      ).toBeLessThanOrEqual(0.01);
    }
  }
});
