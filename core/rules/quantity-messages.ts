/**
 * The words for each quantity problem (core/rules/quantity-options.ts `quantityProblem`), beside
 * the quantity field: the product form's and the API's. Apart from the rules, so a page that
 * only shows the words (a listing's quick add) loads no quantity arithmetic.
 */

/** "unavailable": more than remains (spec §8). */
export const QUANTITY_UNAVAILABLE = "That quantity is not available.";

/** "invalid": any other quantity not on offer. */
export const QUANTITY_NOT_OFFERED = "Choose one of the quantities offered.";
