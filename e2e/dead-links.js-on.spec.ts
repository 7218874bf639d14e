/**
 * No link of a department's pages leads to a missing page (spec §2, §4). The links are the
 * server's, the same for a shopper with JavaScript or without, so this runs once (js-on) and
 * follows, besides the page's links, those inside its <noscript> elements: what a shopper
 * without JavaScript is shown.
 */
import type { Page } from "@playwright/test";
import { demoStore } from "./support/api";
import { closeStoreAlerts } from "./support/alerts";
import { expect, followLink, test, visit } from "./support/test";

/** Links already followed in this test, per page: each target is fetched once. */
const followed = new WeakMap<Page, Set<string>>();

/** Every link on the page, those a shopper without JavaScript gets (in <noscript>) included. */
function pageLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => a.href);
    // With scripts on, a <noscript>'s markup is text: parsed, it gives the no-JS links.
    for (const noscript of document.querySelectorAll("noscript")) {
      const parsed = new DOMParser().parseFromString(noscript.textContent ?? "", "text/html");
      for (const link of parsed.querySelectorAll("a[href]"))
        links.push(new URL(link.getAttribute("href")!, document.baseURI).href);
    }
    return links;
  });
}

/**
 * Follows every link on the page (as the shopper's browser, cookies and all): none answers an
 * error (any status from 400 up, a 403 or a 500 as much as a 404), and a failure names the link
 * and the page that carries it.
 * Targets go a few at a time, and a target followed earlier in the test is not fetched again.
 */
async function expectNoDeadLinks(page: Page) {
  const origin = new URL(page.url()).origin;
  const hrefs = await pageLinks(page);
  const targets = [...new Set(hrefs)].filter((href) => new URL(href).origin === origin);
  expect(targets.length).toBeGreaterThan(0);
  const seen = followed.get(page) ?? new Set<string>();
  followed.set(page, seen);
  const fresh = targets.filter((href) => !seen.has(href.split("#")[0]!));
  for (let start = 0; start < fresh.length; start += 4) {
    await Promise.all(
      fresh.slice(start, start + 4).map(async (href) => {
        const response = await page.request.get(href);
        expect(
          response.status(),
          `link to ${href} on ${page.url()} answered ${response.status()}`,
        ).toBeLessThan(400);
        seen.add(href.split("#")[0]!);
      }),
    );
  }
}

test("no link of a department, a category or a sub-category leads to a missing page", async ({
  page,
  request,
}) => {
  // Five pages, every link on each followed.
  test.setTimeout(120_000);
  const store = await demoStore(request);
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);
  await followLink(page, page.getByRole("link", { name: /^Grocery\b/ }), "Grocery");
  await expectNoDeadLinks(page);

  // A category with sub-categories, then a sub-category's listing.
  const categories = page.getByRole("region", { name: "Shop by category" });
  await followLink(page, categories.getByRole("link", { name: /^Produce/ }), "Produce");
  await expectNoDeadLinks(page);
  await followLink(page, page.getByRole("link", { name: /^Fresh Fruit/ }), "Fresh Fruit");
  await expectNoDeadLinks(page);

  // The other departments with catalogs.
  for (const name of ["Bakery", "Catering"]) {
    await visit(page, `/stores/${store.id}/departments`);
    await followLink(page, page.getByRole("link", { name: new RegExp(`^${name}\\b`) }), name);
    await expectNoDeadLinks(page);
  }
});
