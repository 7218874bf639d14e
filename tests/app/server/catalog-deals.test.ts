/**
 * The catalog's deals without the spread (decision 033): a page at a time with the pages before
 * and after it (none past either end), the spread's other page marked for wide screens only, and
 * `?q=` listing every page with a matching deal.
 */
import { describe, expect, it } from "vitest";
import { catalogDeals, dealMatches } from "~/.server/catalog-deals";
import type { HitboxView } from "~/lib/catalog";

const product = (id: number, name: string): HitboxView => ({
  kind: "product",
  id: id * 10,
  top: 0,
  left: 0,
  width: 10,
  height: 10,
  productId: id,
  name,
  label: `${name}, $1.00`,
  priceWords: "$1.00",
  regularWords: null,
  imageUrl: `/media/${id}.svg`,
  productHref: `/p/${id}`,
  href: `/p/${id}?from=x`,
});

const pageLink = (number: number): HitboxView => ({
  kind: "page",
  id: 900 + number,
  top: 0,
  left: 0,
  width: 10,
  height: 10,
  number,
  label: `Go to page ${number}`,
  href: `/c/pages/${number}`,
});

const pages = [
  { number: 1, hitboxes: [product(1, "Whole Milk"), pageLink(2)] },
  { number: 2, hitboxes: [product(2, "Crème Fraîche"), product(2, "Crème Fraîche")] },
  { number: 3, hitboxes: [product(3, "Chocolate Milk"), product(4, "Bananas")] },
  { number: 4, hitboxes: [product(1, "Whole Milk")] },
];
const pageHref = (n: number) => (n === 1 ? "/c" : `/c/pages/${n}`);
const deals = (page: number, spreadPages: number[], query: string | null = null) =>
  catalogDeals({ pages, page, spreadPages, query, pageHref });

describe("the catalog's deals, page by page", () => {
  it("shows the spread's pages, each product once, linking to it with the way back to its page", () => {
    const view = deals(3, [2, 3]);
    expect(view.pages.map((p) => [p.number, p.besideCurrent, p.deals.length])).toEqual([
      [2, true, 1],
      [3, false, 2],
    ]);
    expect(view.pages[1]!.deals[0]).toMatchObject({
      name: "Chocolate Milk",
      href: "/p/3?from=%2Fc%2Fpages%2F3",
    });
    expect(view).toMatchObject({ page: 3, pageCount: 4, href: "/c/pages/3", query: "" });
    expect(view.matchCount).toBeNull();
  });

  it("turns one page at a time and stops at either end", () => {
    expect(deals(3, [2, 3])).toMatchObject({
      previous: { number: 2, href: "/c/pages/2" },
      next: { number: 4, href: "/c/pages/4" },
    });
    expect(deals(2, [2, 3]).previous).toEqual({ number: 1, href: "/c" });
    expect(deals(1, [1]).previous).toBeNull();
    expect(deals(4, [4]).next).toBeNull();
  });

  it("a page of page links only has no deals", () => {
    const view = catalogDeals({
      pages: [{ number: 1, hitboxes: [pageLink(2)] }],
      page: 1,
      spreadPages: [1],
      query: null,
      pageHref,
    });
    expect(view.pages).toEqual([{ number: 1, href: "/c", deals: [], besideCurrent: false }]);
  });
});

describe("searching the catalog's deals", () => {
  it("lists every page with a match, counting each product once", () => {
    const view = deals(2, [2, 3], "  milk ");
    expect(view.query).toBe("milk");
    expect(view.matchCount).toBe(2);
    expect(view.pages.map((p) => [p.number, p.besideCurrent, p.deals.map((d) => d.name)])).toEqual([
      [1, false, ["Whole Milk"]],
      [3, false, ["Chocolate Milk"]],
      [4, false, ["Whole Milk"]],
    ]);
  });

  it("finds nothing without failing, and a blank search is no search", () => {
    expect(deals(1, [1], "caviar")).toMatchObject({ matchCount: 0, pages: [] });
    expect(deals(1, [1], "   ")).toMatchObject({ matchCount: null, query: "" });
  });

  it("matches every word, whatever the case, accents and punctuation", () => {
    expect(dealMatches("Crème Fraîche", "creme FRAICHE")).toBe(true);
    expect(dealMatches("Chocolate Milk", "milk chocolate")).toBe(true);
    expect(dealMatches("Chocolate Milk", "milk, whole")).toBe(false);
    expect(dealMatches("Ben & Jerry's", "jerry")).toBe(true);
  });
});
