/**
 * The product listing's state lives in its URL (spec §2, §9), so that every search, filter, sort
 * and page is a plain GET that works without JavaScript and can be shared or bookmarked:
 *
 *   ?query=apples&brands=Sunny+Acres&brands=Maple+Ridge&specials=1&favorites=1&sort=price&page=2
 *
 * Parsing forgives anything malformed (it falls back to the default); serializing leaves defaults
 * out, so the same listing always has the same, shortest URL.
 */
import { searchQueryText } from "@core/rules/search-query";

export type ListingSort = "relevance" | "popular" | "brand" | "price" | "specials";

export interface ListingQuery {
  /** The search words, trimmed; empty when not searching. */
  query: string;
  /** Brands to keep, sorted and without duplicates (spec §9: the whitelist is kept sorted). */
  brands: string[];
  specials: boolean;
  favorites: boolean;
  sort: ListingSort;
  /** From 1. */
  page: number;
}

export interface SortOption {
  value: ListingSort;
  label: string;
}

/** The four orders of spec §9, in its order. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: "popular", label: "Most Popular" },
  { value: "brand", label: "Brand Alphabetical" },
  { value: "price", label: "Price Low to High" },
  { value: "specials", label: "Specials First" },
];

/** Only a search has a relevance order; it is then the default. */
const RELEVANCE_OPTION: SortOption = { value: "relevance", label: "Best Match" };

export const QUERY_PARAM = "query";
export const BRANDS_PARAM = "brands";
export const SPECIALS_PARAM = "specials";
export const FAVORITES_PARAM = "favorites";
export const SORT_PARAM = "sort";
const PAGE_PARAM = "page";

/** What the API accepts (docs/api.md): longer input would be a 422, never a listing. */
export const MAX_BRANDS = 50;
const MAX_BRAND_LENGTH = 100;
const MAX_PAGE = 10_000;

const byName = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });

/** The sort a listing has when the URL names none. */
export function defaultSort(query: string): ListingSort {
  return query ? "relevance" : "popular";
}

/** The sort select's options: 'Best Match' first when searching. */
export function sortOptions(query: string): SortOption[] {
  return query ? [RELEVANCE_OPTION, ...SORT_OPTIONS] : [...SORT_OPTIONS];
}

const TRUE_VALUES = new Set(["1", "true", "on", "yes"]);

function flag(params: URLSearchParams, name: string): boolean {
  return params.getAll(name).some((value) => TRUE_VALUES.has(value.trim().toLowerCase()));
}

/** Distinct (case-insensitive), trimmed, non-empty, sorted by name. */
function normalizeBrands(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of values) {
    const brand = raw.replace(/\s+/g, " ").trim();
    if (!brand || brand.length > MAX_BRAND_LENGTH) continue;
    const key = brand.toLowerCase();
    if (!seen.has(key)) seen.set(key, brand);
  }
  return [...seen.values()].sort(byName.compare).slice(0, MAX_BRANDS);
}

function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  const page = Number.parseInt(value, 10);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

function parseSort(value: string | null, query: string): ListingSort {
  const wanted = value?.trim().toLowerCase();
  if (wanted === "relevance") return query ? "relevance" : defaultSort(query);
  const known = SORT_OPTIONS.find((option) => option.value === wanted);
  return known ? known.value : defaultSort(query);
}

/**
 * A listing's state from its URL. `brands[]` is read too (the API's bracket style), so a URL
 * copied from an API call still works.
 */
export function parseListingQuery(search: URLSearchParams | string): ListingQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const query = searchQueryText(params.get(QUERY_PARAM));
  return {
    query,
    brands: normalizeBrands([
      ...params.getAll(BRANDS_PARAM),
      ...params.getAll(`${BRANDS_PARAM}[]`),
    ]),
    specials: flag(params, SPECIALS_PARAM),
    favorites: flag(params, FAVORITES_PARAM),
    sort: parseSort(params.get(SORT_PARAM), query),
    page: parsePage(params.get(PAGE_PARAM)),
  };
}

/** The URL parameters of a listing, defaults left out, always in the same order. */
export function serializeListingQuery(input: Partial<ListingQuery>): URLSearchParams {
  const query = searchQueryText(input.query);
  const params = new URLSearchParams();
  if (query) params.set(QUERY_PARAM, query);
  for (const brand of normalizeBrands(input.brands ?? [])) params.append(BRANDS_PARAM, brand);
  if (input.specials) params.set(SPECIALS_PARAM, "1");
  if (input.favorites) params.set(FAVORITES_PARAM, "1");
  const sort = input.sort && input.sort !== "relevance" ? input.sort : null;
  // An explicit relevance without a query is meaningless; the default sort is left out.
  if (sort && sort !== defaultSort(query)) params.set(SORT_PARAM, sort);
  if (input.page && input.page > 1) params.set(PAGE_PARAM, String(Math.min(input.page, MAX_PAGE)));
  return params;
}

/** `pathname` with the listing's parameters, e.g. '/stores/1/departments/4/products?query=milk'. */
export function listingHref(pathname: string, input: Partial<ListingQuery>): string {
  const search = serializeListingQuery(input).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A brand, specials or favorites filter narrows the listing (the sort and page do not). */
export function hasActiveFilters(query: Pick<ListingQuery, "brands" | "specials" | "favorites">) {
  return query.brands.length > 0 || query.specials || query.favorites;
}

/** How many filters are on: each brand counts, as do specials and favorites. */
export function activeFilterCount(query: Pick<ListingQuery, "brands" | "specials" | "favorites">) {
  return query.brands.length + (query.specials ? 1 : 0) + (query.favorites ? 1 : 0);
}

/** 'Clear All': every filter and the sort back to their defaults; the search stays. */
export function clearedFilters(query: Pick<ListingQuery, "query">): ListingQuery {
  return {
    query: query.query,
    brands: [],
    specials: false,
    favorites: false,
    sort: defaultSort(query.query),
    page: 1,
  };
}

/** The same listing at another page. */
export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page };
}

/** Number of pages for `total` results at `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  if (perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The page numbers a pagination shows: the first, the last, and those within `around` of the
 * current page; `null` marks a gap (an ellipsis).
 */
export function pageWindow(current: number, pages: number, around = 1): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let page = current - around; page <= current + around; page += 1) {
    if (page >= 1 && page <= pages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  });
  return result;
}

/** Who is browsing, as far as the listing cares. */
export interface ListingShopper {
  signedIn: boolean;
  /** A signed-in Price Plus Club member: the cards show club prices (spec §6). */
  clubMember: boolean;
}

/** The Favorites filter is for signed-in shoppers only (spec §6: guests have no favorites). */
export function canFilterFavorites(
  shopper: Pick<ListingShopper, "signedIn"> | null | undefined,
): boolean {
  return shopper?.signedIn === true;
}

/** The brands the filter menu offers: the API's, plus any chosen one it no longer lists. */
export function brandChoices(available: readonly string[], chosen: readonly string[]): string[] {
  return normalizeBrands([...available, ...chosen]);
}
