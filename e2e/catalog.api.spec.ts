/**
 * The catalog without any script, as issue 15 asks it to be shown: curl with one cookie jar opens
 * the weekly circular's first page (the cover and its hitbox links), follows a product hitbox to
 * the product, adds it, and finds it in the cart, the way back to the spread kept throughout.
 * (HTTP only: the "api" project, no browser.)
 */
import { expect, test } from "@playwright/test";
import { decodeHTML } from "entities";
import { demoDepartment } from "./support/api";
import { CurlShopper, pageText, type CurlPage } from "./support/curl";

/** The hitbox links of a page: their addresses and accessible names. */
function hitboxes(page: CurlPage) {
  return [...page.html.matchAll(/<a\b[^>]*class="hitbox hitbox--(product|page)"[^>]*>/g)].map(
    ([tag, kind]) => ({
      kind,
      href: decodeHTML(/\shref="([^"]*)"/.exec(tag)?.[1] ?? ""),
      label: decodeHTML(/\saria-label="([^"]*)"/.exec(tag)?.[1] ?? ""),
    }),
  );
}

test("curl: the circular's cover and its hitbox links, a product hitbox to the product, Add to Cart", async ({
  request,
  baseURL,
}) => {
  const grocery = await demoDepartment(request, "Grocery");
  const answer = await request.get(`/api/1/catalogs?department=${grocery.departmentId}`, {
    headers: grocery.headers,
  });
  const catalogs = ((await answer.json()) as { data: { id: number; name: string }[] }).data;
  expect(catalogs.map((c) => c.name)).toContain("Weekly Circular");
  const circular = catalogs.find((c) => c.name === "Weekly Circular");
  const cover = `/stores/${grocery.storeId}/departments/${grocery.departmentId}/catalogs/${circular!.id}`;
  const shopper = new CurlShopper(baseURL!);

  let page = await shopper.get(cover);
  expect(page.status).toBe(200);
  expect(pageText(page)).toContain("Click items to view details or add to your cart.");
  expect(page.html).toContain('alt="Weekly Circular, page 1"');
  const links = hitboxes(page);
  expect(links.filter((l) => l.kind === "page").map((l) => l.label)).toContain("Go to page 2");
  const products = links.filter((l) => l.kind === "product");
  expect(products.length).toBeGreaterThanOrEqual(4);
  const hitbox = products[0]!;
  expect(hitbox.label).toMatch(/, \$\d+\.\d\d/);
  const productName = hitbox.label.replace(/, \$.*$/, "");

  // The product hitbox: the product page, with the way back to the same spread.
  page = await shopper.get(hitbox.href);
  expect(page.status).toBe(200);
  expect(page.url.pathname).toMatch(/\/products\/\d+$/);
  expect(pageText(page)).toContain(productName);
  expect(page.html).toContain(`href="${cover}"`);
  expect(pageText(page)).toContain("Back to the catalog");

  page = await shopper.press(page, "Add to Cart");
  expect(page.status, pageText(page)).toBe(200);
  expect(pageText(page)).toContain(`${productName} was added to your cart.`);
  // Still the way back after the add.
  expect(pageText(page)).toContain("Back to the catalog");

  page = await shopper.get("/cart");
  expect(pageText(page)).toContain(productName);

  // A page the catalog does not have is the 404 page.
  page = await shopper.get(`${cover}/pages/99`);
  expect(page.status).toBe(404);
});
