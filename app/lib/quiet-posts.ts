/**
 * Posts that change nothing any loader shows: the recommendations dialog saying it is on screen
 * (its view event), the substitutions box saved as it is ticked (the box already shows the
 * choice) and the checkout's entries saved as they are typed. No route reads its data again after
 * them, so nothing on screen changes under the shopper: a flash message stays, and no reload
 * races the shopper's next press.
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";

export const RECOMMENDATIONS_VIEWED = "recommendations-viewed";
export const SAVE_SUBSTITUTIONS = "substitutions";
/** The checkout's entries kept on the order as they are typed (the form shows them already). */
export const SYNC_CHECKOUT_ENTRIES = "sync-entries";

const QUIET_INTENTS = new Set<unknown>([
  RECOMMENDATIONS_VIEWED,
  SAVE_SUBSTITUTIONS,
  SYNC_CHECKOUT_ENTRIES,
]);

export function isQuietPost(formData: FormData | undefined): boolean {
  return QUIET_INTENTS.has(formData?.get("intent"));
}

/** `shouldRevalidate` of a route that takes quiet posts: no reload after them. */
export const skipReloadAfterQuietPosts: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (isQuietPost(formData) ? false : defaultShouldRevalidate);
