/**
 * With JavaScript the router learns routes ahead from the links on the page (Remix's lazy route
 * discovery): it asks the server about each path it finds, in one request. Every card of a listing
 * leads to the same route, so only the first card's link is offered: the router learns the product
 * page's route once, and the request does not carry fifty paths the server matches one by one.
 * JavaScript only: without it nothing is discovered.
 */
import { demoDepartment } from "./support/api";
import { expect, test, visit, waitForHydration } from "./support/test";

test("a listing has the router learn the product page's route from one card, not each", async ({
  page,
  request,
}) => {
  const grocery = await demoDepartment(request, "Grocery");
  const listing = `/stores/${grocery.storeId}/departments/${grocery.departmentId}/products`;
  const asked: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === "/__manifest") asked.push(...url.searchParams.getAll("p"));
  });

  await visit(page, listing);
  await waitForHydration(page);
  await expect(page.locator(".product-card")).not.toHaveCount(0);
  expect(await page.locator(".product-card").count()).toBeGreaterThan(10);
  await page.waitForLoadState("networkidle");

  // Distinct paths: the router may ask for a path again while its first answer is on the way.
  const productPaths = new Set(asked.filter((path) => /\/products\/\d+$/.test(path)));
  expect([...productPaths]).toHaveLength(1);
});
