/**
 * Who the shopper of this request is, as the session says: signed in or a guest, and a Price Plus
 * Club member or not. Pages and rules ask here rather than reading the session's user themselves.
 */
import { isClubMember } from "@core/rules/club";
import type { StorefrontSession } from "./session";

/** Signed in through single sign-on (app/.server/sign-on.ts); everyone else is a guest. */
export function isAuthenticated(session: StorefrontSession): boolean {
  return session.has("user");
}

/** A signed-in Price Plus Club member (spec §6): a card number on the profile kept at sign-in. */
export function isClubShopper(session: StorefrontSession): boolean {
  return isClubMember({ card_number: session.get("user")?.cardNumber ?? null });
}
