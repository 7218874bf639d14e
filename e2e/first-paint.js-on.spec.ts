/**
 * The page is painted before its scripts are asked for (decision 049): the server holds Remix's
 * module preloads and module script until the first paint, so on a slow phone they do not share
 * the network with the stylesheet or the main thread with the first paint. The page then hydrates
 * as before. A store alert, painted first as a section and reopened as a modal once hydrated, is
 * not a later, larger paint: the page's largest paint stays its first. (JavaScript only: without
 * it there are no scripts to hold.)
 */
import type { Page } from "@playwright/test";
import { openAlert } from "./support/alerts";
import { demoDepartment } from "./support/api";
import { expect, test, visit } from "./support/test";

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

interface Paints {
  firstContentfulPaint: number;
  /** When each of the page's own scripts was asked for. */
  scriptRequests: number[];
  /** When each largest-contentful-paint entry was painted, in order. */
  largest: number[];
}

function paints(page: Page): Promise<Paints> {
  return page.evaluate(
    () =>
      new Promise<Paints>((resolve) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        const scriptRequests = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^?]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime);
        // Buffered: the entries recorded since the navigation arrive in the first callback.
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve({
            firstContentfulPaint: fcp?.startTime ?? Number.NaN,
            scriptRequests,
            largest: list.getEntries().map((entry) => entry.startTime),
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`scripts are asked for after the first paint, at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const grocery = await demoDepartment(request, "Grocery");
    const department = `/stores/${grocery.storeId}/departments/${grocery.departmentId}`;
    for (const path of [department, "/"]) {
      // visit() waits until the page has hydrated (<html data-js="on">).
      await visit(page, path);
      if (path === department) {
        // A first-time visitor: the store's alert, reopened as a modal by the hydrated page.
        await expect(openAlert(page)).toHaveCount(1);
        expect(await openAlert(page).evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
      }
      const { firstContentfulPaint, scriptRequests, largest } = await paints(page);
      expect(scriptRequests.length, `scripts of ${path}`).toBeGreaterThan(0);
      expect(Math.min(...scriptRequests), `first script of ${path}`).toBeGreaterThanOrEqual(
        firstContentfulPaint,
      );
      // The largest paint is part of the first one, the alert's modal included.
      expect(largest.at(-1), `largest paint of ${path}`).toBe(firstContentfulPaint);
    }
  });
}
