/**
 * One page of a department's products (all of them, a category's, or a search), searched,
 * filtered and sorted by the API. A failure here never fails the page (spec §8: category and
 * search failures are reported): it is reported and the page shows the department with a notice.
 */
import { clubShelfPrice } from "@core/rules/club";
import { unitPrice } from "@core/rules/item-configuration";
import { canFilterFavorites, type ListingQuery, type ListingShopper } from "~/lib/listing-query";
import { productPath, textExcerpt, type ListingProduct, type ListingResult } from "~/lib/listing";
import type { Department, Product } from "./api";
import { reportError, requestPath } from "./error-reporting";
import { isAuthenticated, isClubShopper } from "./shopper";
import { type RequestArgs } from "./session";

/** Spec §9: department search limit 50. */
const LISTING_PAGE_SIZE = 50;

export const LISTING_FAILED_MESSAGE =
  "Sorry, products could not be loaded right now. Please try again in a moment.";

/**
 * Who is browsing: a signed-in shopper has favorites (the filter and the stars); a club member
 * sees club prices. Such a page is theirs alone: entry.server.tsx answers it `private, no-store`.
 */
export async function listingShopper(args: RequestArgs): Promise<ListingShopper> {
  const { session } = args.context.shopper;
  return { signedIn: isAuthenticated(session), clubMember: isClubShopper(session) };
}

/** A member's Price Plus Club price of one unit, as the shelf shows it; null for everyone else. */
export const shelfClubPrice = (
  product: Pick<Product, "srp_amount" | "sale_srp_amount" | "on_sale" | "discount_amount">,
  shopper: Pick<ListingShopper, "clubMember">,
) => (shopper.clubMember ? clubShelfPrice(unitPrice(product), product.discount_amount) : null);

export function toListingProduct(
  product: Product,
  department: Department,
  shopper: Pick<ListingShopper, "clubMember">,
): ListingProduct {
  const price = unitPrice(product);
  return {
    id: product.id,
    name: product.name,
    brand: product.hide_brand ? null : product.brand,
    imageUrl: product.image_url,
    unit: product.unit_of_measure,
    price,
    regularPrice: price !== product.srp_amount ? product.srp_amount : null,
    club: shelfClubPrice(product, shopper),
    sticky: product.sticky,
    favorite: product.favorite,
    excerpt: textExcerpt(product.description),
    href: productPath(department.store_id, department.id, product.id),
  };
}

export interface ProductListingLoad {
  /** Null when the API could not answer. */
  result: ListingResult | null;
  /** The notice shown instead of products when the listing failed. */
  error: string | null;
  /** The Favorites filter and the cards' stars are offered (signed-in shoppers). */
  favoritesAllowed: boolean;
}

export async function loadProductListing(
  args: RequestArgs,
  department: Department,
  query: ListingQuery,
  categoryId?: number,
): Promise<ProductListingLoad> {
  const shopper = await listingShopper(args);
  const favoritesAllowed = canFilterFavorites(shopper);
  try {
    const api = args.context.api;
    const answer = await api.listProducts({
      departmentId: department.id,
      categoryId,
      fragment: query.query || undefined,
      brands: query.brands,
      specials: query.specials,
      favorites: favoritesAllowed && query.favorites,
      sort: query.sort,
      limit: LISTING_PAGE_SIZE,
      page: query.page,
    });
    return {
      favoritesAllowed,
      error: null,
      result: {
        products: answer.data.map((product) => toListingProduct(product, department, shopper)),
        total: answer.meta.total,
        page: answer.meta.page,
        perPage: answer.meta.per_page,
        brands: answer.meta.brands,
      },
    };
  } catch (error) {
    reportError(error, {
      action: query.query ? "Product search failed" : "Product listing failed",
      path: requestPath(args.request),
      departmentId: department.id,
      categoryId,
      query: query.query,
    });
    return { favoritesAllowed, error: LISTING_FAILED_MESSAGE, result: null };
  }
}
