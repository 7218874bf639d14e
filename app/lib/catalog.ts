/**
 * The catalog viewer's paths and what its pieces share: the spread's URL (page 1 is the catalog's
 * own path), the product page's way back to a spread (`?from=`), and the view of a spread.
 */
import { catalogPath, departmentPath } from "./listing";

/** The catalog's query parameter with the words its deals are searched for. */
export const DEAL_QUERY_PARAM = "q";

/** The product page's query parameter naming the spread to go back to. */
export const FROM_CATALOG_PARAM = "from";

/** A spread's URL: the catalog itself for page 1, else …/pages/{page}. */
export function catalogPagePath(
  storeId: number | string,
  departmentId: number | string,
  catalogId: number | string,
  page: number,
): string {
  const catalog = catalogPath(storeId, departmentId, catalogId);
  return page === 1 ? catalog : `${catalog}/pages/${page}`;
}

/** A product page opened from a spread: the way back rides along in `?from=`. */
export function productFromCatalogHref(productHref: string, spreadHref: string): string {
  return `${productHref}?${new URLSearchParams({ [FROM_CATALOG_PARAM]: spreadHref }).toString()}`;
}

/**
 * `?from=` as the product page's way back: only a spread of the same department passes (never
 * another site, nor any other path of ours), else null.
 */
export function catalogReturnPath(
  value: string | null,
  storeId: number,
  departmentId: number,
): string | null {
  if (!value || value.length > 200) return null;
  const prefix = `${departmentPath(storeId, departmentId)}/catalogs/`;
  if (!value.startsWith(prefix)) return null;
  return /^[1-9]\d{0,8}(\/pages\/[1-9]\d{0,4})?$/.test(value.slice(prefix.length)) ? value : null;
}

export interface ProductHitboxView {
  kind: "product";
  id: number;
  /** Percent of the page. */
  top: number;
  left: number;
  width: number;
  height: number;
  productId: number;
  name: string;
  /** The link's accessible name: the product's name and price. */
  label: string;
  /** '$2.49 per lb', worded by the server (no price module in the catalog's scripts). */
  priceWords: string;
  /** The regular price when on sale ('$2.99'), else null. */
  regularWords: string | null;
  imageUrl: string | null;
  /** The product page (where the quick read and Add to Cart post go). */
  productHref: string;
  /** The product page with the way back to this spread (the link without JavaScript). */
  href: string;
}

interface PageHitboxView {
  kind: "page";
  id: number;
  top: number;
  left: number;
  width: number;
  height: number;
  number: number;
  /** 'Go to page N'. */
  label: string;
  href: string;
}

export type HitboxView = ProductHitboxView | PageHitboxView;

export interface SpreadPageView {
  number: number;
  imageUrl: string;
  hitboxes: HitboxView[];
}

export interface CatalogDeal {
  productId: number;
  name: string;
  priceWords: string;
  regularWords: string | null;
  imageUrl: string | null;
  /** The product page, its way back the catalog page the deal is on. */
  href: string;
}

export interface CatalogDealPage {
  number: number;
  /** The page's own URL (its spread on a wide screen, its deals on a narrow one). */
  href: string;
  deals: CatalogDeal[];
  /** The spread's other page: shown beside the URL's page on wide screens only. */
  besideCurrent: boolean;
}

/** The deals without the spread: a page at a time, or those matching `?q=` (decision 033). */
export interface CatalogDealsView {
  /** The URL's page. */
  page: number;
  pageCount: number;
  /** The URL's page's path: where the search form goes and 'Clear search' returns. */
  href: string;
  /** The pages before and after the URL's page, null at either end. */
  previous: { number: number; href: string } | null;
  next: { number: number; href: string } | null;
  /** The search words, '' without a search. */
  query: string;
  /** How many products match the search; null without one. */
  matchCount: number | null;
  /** The spread's pages, or with a search every page with a match. */
  pages: CatalogDealPage[];
}

type PaginationLink =
  | { type: "spread"; key: string; label: string; name: string; href: string; current: boolean }
  | { type: "ellipsis"; key: string };

export interface CatalogSpreadView {
  catalog: { id: number; name: string; dates: string | null; pageCount: number };
  /** The spread's own URL (what the product page comes back to). */
  href: string;
  /** 'Page 1', 'Pages 2 and 3'. */
  name: string;
  pages: SpreadPageView[];
  previousHref: string | null;
  nextHref: string | null;
  /** The next spread's page images, fetched ahead with JavaScript. */
  nextImages: string[];
  pagination: PaginationLink[];
  deals: CatalogDealsView;
}

/** The catalog pages' drawn size: width and height attributes keep the layout from shifting. */
export const PAGE_IMAGE = { width: 600, height: 800 } as const;
