/**
 * The catalog's deals as a shopper reads them without the spread (a phone, no JavaScript, a
 * screen reader): grouped by the catalog page they are on, one page at a time with the pages
 * before and after it, or with `?q=` every deal whose name has the words, on whichever page.
 * Pure: catalog-spread.ts hands it the pages' product hitboxes already priced and linked.
 */
import { normalizeText } from "@core/rules/store-search";
import type { CatalogDeal, CatalogDealPage, CatalogDealsView, HitboxView } from "~/lib/catalog";
import { productFromCatalogHref } from "~/lib/catalog";
import { searchQueryText } from "@core/rules/search-query";

interface PageHitboxes {
  number: number;
  hitboxes: HitboxView[];
}

/** The deals of one page: each product once, in the order the page shows them. */
function dealsOnPage(page: PageHitboxes, pageHref: string): CatalogDeal[] {
  const seen = new Set<number>();
  const deals: CatalogDeal[] = [];
  for (const box of page.hitboxes) {
    if (box.kind !== "product" || seen.has(box.productId)) continue;
    seen.add(box.productId);
    deals.push({
      productId: box.productId,
      name: box.name,
      priceWords: box.priceWords,
      regularWords: box.regularWords,
      imageUrl: box.imageUrl,
      // The product page's way back is the page the deal was found on.
      href: productFromCatalogHref(box.productHref, pageHref),
    });
  }
  return deals;
}

/** Every word of the query is in the name (case, accents and punctuation aside). */
export function dealMatches(name: string, query: string): boolean {
  const words = normalizeText(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeText(name);
  return words.every((word) => haystack.includes(word));
}

/**
 * The deals view of a catalog opened at `page`, its spread showing `spreadPages`:
 * - no query: the spread's pages, the URL's page marked as the one a narrow screen shows, with
 *   the page before and after it (none past either end: turning does not wrap);
 * - a query: every page with a matching deal, only those deals, and how many products match.
 */
export function catalogDeals(input: {
  pages: PageHitboxes[];
  page: number;
  spreadPages: number[];
  query: string | null;
  pageHref: (page: number) => string;
}): CatalogDealsView {
  const { pages, page, spreadPages, pageHref } = input;
  const query = searchQueryText(input.query);
  const numbers = pages.map((p) => p.number);
  const near = (number: number) =>
    numbers.includes(number) ? { number, href: pageHref(number) } : null;
  const base = {
    page,
    pageCount: pages.length,
    href: pageHref(page),
    previous: near(page - 1),
    next: near(page + 1),
  };

  if (!query) {
    const shown: CatalogDealPage[] = pages
      .filter((p) => spreadPages.includes(p.number))
      .map((p) => ({
        number: p.number,
        href: pageHref(p.number),
        deals: dealsOnPage(p, pageHref(p.number)),
        besideCurrent: p.number !== page,
      }));
    return { ...base, query: "", matchCount: null, pages: shown };
  }

  const matched = new Set<number>();
  const shown: CatalogDealPage[] = [];
  for (const p of pages) {
    const deals = dealsOnPage(p, pageHref(p.number)).filter((d) => dealMatches(d.name, query));
    if (deals.length === 0) continue;
    for (const deal of deals) matched.add(deal.productId);
    shown.push({ number: p.number, href: pageHref(p.number), deals, besideCurrent: false });
  }
  return { ...base, query, matchCount: matched.size, pages: shown };
}
