/**
 * The favorite star's post (spec §2 product page, §4 "Favorite", §6, §7 products/{id}/favorite):
 * one route takes it from any page (`/favorites/{product}`), so the product page and every listing
 * card post the same form. Shared by the star (browser) and the route (server); the post's schema
 * lives with the route (app/.server/favorites.ts) so that zod never reaches the browser.
 */
export const FAVORITE_INTENT = "favorite";
/** The flag wanted: '1' stars, '0' unstars (a set, not a toggle: a double post changes nothing). */
export const FAVORITE_FIELD = "favorite";
/** Without JavaScript: the page to go back to, so the star shows its new state there. */
export const FAVORITE_REDIRECT_FIELD = "redirectTo";

/** Where the star posts. */
export const favoritePath = (productId: number | string) => `/favorites/${productId}`;

/** Shown when the star could not be changed: it goes back to what it was. */
export const FAVORITE_FAILED = "We could not update your favorites. Please try again.";
/** A guest's post (the star is hidden from guests, spec §6; a stale page or a forged post). */
export const FAVORITE_SIGN_IN = "Please sign in to keep favorites.";

/** The route's answer to a post with JavaScript. */
export type FavoriteAnswer = { favorite: boolean } | { favorite: null; message: string };
