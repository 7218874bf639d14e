import { decodeHTML } from "entities";
import type { ClubShelfPrice } from "@core/rules/club";
/**
 * What a product listing shows, shared by its loaders (which build it) and its components: the
 * storefront paths of a department, the card data of a product, and plain-text excerpts of the
 * HTML descriptions the API sends.
 */

/** `/stores/{store}/departments/{department}`: the department home. */
export function departmentPath(storeId: number | string, departmentId: number | string): string {
  return `/stores/${storeId}/departments/${departmentId}`;
}

/** Every product of the department (and the search results with `?query=`). */
export function productsPath(storeId: number | string, departmentId: number | string): string {
  return `${departmentPath(storeId, departmentId)}/products`;
}

export function categoryPath(
  storeId: number | string,
  departmentId: number | string,
  categoryId: number | string,
): string {
  return `${departmentPath(storeId, departmentId)}/categories/${categoryId}`;
}

/** The product page. */
export function productPath(
  storeId: number | string,
  departmentId: number | string,
  productId: number | string,
): string {
  return `${productsPath(storeId, departmentId)}/${productId}`;
}

export function catalogPath(
  storeId: number | string,
  departmentId: number | string,
  catalogId: number | string,
): string {
  return `${departmentPath(storeId, departmentId)}/catalogs/${catalogId}`;
}

/** A product as its card (and the quick view) shows it. */
export interface ListingProduct {
  id: number;
  name: string;
  /** Null when the product has none or hides it. */
  brand: string | null;
  imageUrl: string | null;
  /** unit_of_measure as the API names it ('pound', 'each'…). */
  unit: string;
  /** Cents the shopper pays per unit: the sale price when on sale. */
  price: number;
  /** The regular price, only when a sale price applies. */
  regularPrice: number | null;
  /** One unit at the Price Plus Club price: for a signed-in member only, else null. */
  club: ClubShelfPrice | null;
  /** Pinned to the top of the listing by the store. */
  sticky: boolean;
  /** In the signed-in shopper's favorites (always false for guests). */
  favorite: boolean;
  /** The description as plain text, shortened; null when there is none. */
  excerpt: string | null;
  /** The product page. */
  href: string;
}

/** The listing of one page of products. */
export interface ListingResult {
  products: ListingProduct[];
  total: number;
  page: number;
  perPage: number;
  /** Brands among the matches before the brand filter (what the menu offers). */
  brands: string[];
}

/** The category grid's tile. */
export interface CategoryTile {
  id: number;
  name: string;
  imageUrl: string | null;
  iconUrl: string | null;
  featured: boolean;
  href: string;
}

/**
 * The readable text of an HTML description: paragraphs and list items become separate phrases
 * joined by ' · ', tags go, entities are decoded, and the result is cut at a word boundary.
 */
export function textExcerpt(html: string | null | undefined, maxLength = 180): string | null {
  if (!html) return null;
  const blocks = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<\/(p|li|h[1-6]|div|tr)\s*>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .split("\n")
    .map((line) => decodeHTML(line).replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const text = blocks.join(" · ");
  if (!text) return null;
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s·,;:.-]+$/, "")}…`;
}

/** Featured categories first (spec §9), then by weight and name. */
function sortCategories<T extends { featured: boolean; weight?: number | null; name: string }>(
  categories: readonly T[],
): T[] {
  const byName = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });
  return [...categories].sort(
    (a, b) =>
      Number(b.featured) - Number(a.featured) ||
      (a.weight ?? 0) - (b.weight ?? 0) ||
      byName.compare(a.name, b.name),
  );
}

/** A category of the API as a tile linking to its page. */
export function toCategoryTiles(
  categories: readonly {
    id: number;
    name: string;
    image_url: string | null;
    icon_image_url: string | null;
    featured: boolean;
    weight: number;
  }[],
  storeId: number,
  departmentId: number,
): CategoryTile[] {
  return sortCategories(categories).map((category) => ({
    id: category.id,
    name: category.name,
    imageUrl: category.image_url,
    iconUrl: category.icon_image_url,
    featured: category.featured,
    href: categoryPath(storeId, departmentId, category.id),
  }));
}

const MONTH_DAY = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** '2026-11-15', '2026-11-21' → 'Nov 15 – Nov 21'; null when either date is missing or bad. */
export function dateRange(from: string | null, to: string | null): string | null {
  const parse = (value: string | null) => {
    const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
    return match
      ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
      : null;
  };
  const start = parse(from);
  const end = parse(to);
  if (!start || !end) return null;
  return `${MONTH_DAY.format(start)} – ${MONTH_DAY.format(end)}`;
}
