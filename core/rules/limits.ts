/**
 * Sizes a shopper's entries may reach, checked by the storefront's forms (with the spec's
 * messages) and again by the API: one number each.
 */

/** A customer photo on a cake or platter (the API refuses bigger uploads with 413). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A text choice on an item, such as a cake's message. */
export const ITEM_TEXT_MAX_LENGTH = 500;

/** Special instructions on an item, and the order's notes. */
export const NOTES_MAX_LENGTH = 1000;

/** A search box's query (products and stores); longer input is cut, not refused. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
