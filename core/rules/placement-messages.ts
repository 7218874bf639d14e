/**
 * The spec's words when placing an order fails (§8 "Place order"), one home for both halves: the
 * API refuses in them and the checkout page shows them (it maps the refusal's code, never reads
 * the API's wording).
 */

/** An item's quantity was no longer in stock at placement (the API's 422 `out_of_stock`). */
export const ITEM_QUANTITY_GONE =
  "The requested quantity of an item in your cart is no longer available.";

/** The order was placed already (the API's 403 `duplicate_order`). */
export const DUPLICATE_ORDER = "This appears to be a duplicate order.";

/** Any other failure: the API away, an answer the page cannot read. */
export const PLACEMENT_PROBLEM = "There was a problem placing your order. Please try again later.";
