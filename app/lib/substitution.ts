/**
 * The cart's per-item substitution choice (decision 029), as the pages post it: the cart row's
 * form (its intent) and the page listing the products to substitute with.
 */

/** The cart row's 'If unavailable:' form. */
export const SAVE_ITEM_SUBSTITUTION = "item-substitution";

/** Sent by the page's scripts (a fetcher): the answer is data, not a redirect. */
export const ENHANCED_FIELD = "enhanced";

/** The plain page of 'Substitute with…' for a cart item. */
export const substitutePath = (itemId: number) => `/cart/items/${itemId}/substitute`;

/** The cart's Continue form without scripts: save the order-wide box and stay on the cart. */
export const STAY_ON_CART = "cart";
