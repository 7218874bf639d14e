/**
 * Posts that change nothing any loader shows: the recommendations dialog saying it is on screen
 * (its view event) and the substitutions box saved as it is ticked (the box already shows the
 * choice). No route reads its data again after them, so nothing on screen changes under the
 * shopper: a flash message stays, and no reload races the shopper's next press.
 */
export const RECOMMENDATIONS_VIEWED = "recommendations-viewed";
export const SAVE_SUBSTITUTIONS = "substitutions";

const QUIET_INTENTS = new Set<unknown>([RECOMMENDATIONS_VIEWED, SAVE_SUBSTITUTIONS]);

export function isQuietPost(formData: FormData | undefined): boolean {
  return QUIET_INTENTS.has(formData?.get("intent"));
}
