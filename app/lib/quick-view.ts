/**
 * The quick view's read of a product (the listing's QuickViewDialog and the catalog spread's
 * product dialog): its own resource route beside the product page,
 * `…/products/{id}/quick-view`, answering only what the dialogs use: where Add to Cart posts
 * (the product page's action), whether the product needs choices first, and the defaults the
 * reduced form posts. Its failures come back as data, not thrown: a fetcher's thrown error would
 * replace the whole listing with the error page.
 */
import type { DepartmentLink } from "~/components/product/ProductError";
import type { ItemFormState } from "./item-form";

const QUICK_VIEW_SEGMENT = "/quick-view";

/** The quick view's read of the product at the product page `productHref`. */
export const quickViewHref = (productHref: string) => `${productHref}${QUICK_VIEW_SEGMENT}`;

/**
 * The page a path shows: a product's quick view read is a look at its product page (the return
 * path kept for sign-in is that page, never the read's data); any other path is its own page.
 */
export function pagePath(pathname: string): string {
  return /^\/stores\/[^/]+\/departments\/[^/]+\/products\/[^/]+\/quick-view$/.test(pathname)
    ? pathname.slice(0, -QUICK_VIEW_SEGMENT.length)
    : pathname;
}

/** What the quick view's Add to Cart needs of the product. */
export interface QuickViewProduct {
  /** The product page: its action takes the add, as the page's own form. */
  productHref: string;
  /** Nothing to choose (no required facet, not a builder, a quantity to start from). */
  needsNoChoices: boolean;
  /** The defaults posted: the starting quantity and the preselected choices. */
  quantity: ItemFormState["quantity"];
  preferences: ItemFormState["preferences"];
}

/** What the quick view's read answers when the product could not be read. */
export type QuickViewFailure =
  | { quickView: "not-found"; department: DepartmentLink }
  | { quickView: "failed"; code: number; message: string };

export type QuickViewAnswer = QuickViewProduct | QuickViewFailure;

/** The product, when the read found it. */
export const quickViewProduct = (answer: QuickViewAnswer | undefined | null) =>
  answer && "productHref" in answer ? answer : null;

/** The read answered 404: the product is gone since the listing loaded. */
export const quickViewGone = (answer: QuickViewAnswer | undefined | null) =>
  answer != null && "quickView" in answer && answer.quickView === "not-found";
