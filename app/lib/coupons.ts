/**
 * The coupon offer on /confirmation (spec §2, §3 Coupon, §4 Coupon states, §6, §8): its post's
 * fields and every word it says. Shared by the offer (browser) and the route (server); the post's
 * schema lives with the server's module (app/.server/coupons.ts) so that zod never reaches the
 * browser.
 */
export const COUPON_INTENT = "load-coupon";
export const COUPON_ID_FIELD = "coupon_id";
export const CLIP_TOKEN_FIELD = "clip_token";
/** Without JavaScript: present, so the post answers with a redirect back to /confirmation. */
export const COUPON_REDIRECT_FIELD = "redirect";

export const COUPON_BUTTON = "Load To Card";
/** §4: the button while the post is in flight. */
export const COUPON_LOADING = "Loading...";
/** §4: the loaded state. */
export const COUPON_LOADED = "Loaded!";
/** §6: a guest (no card number) is offered the sign-in instead. */
export const COUPON_SIGN_IN = "Sign In to Load To Card";
/**
 * Ours: a signed-in shopper whose account has no club card. Signing in again would change
 * nothing, so they are told what the coupon needs instead of being shown a sign-in button.
 */
export const COUPON_NEEDS_CARD =
  "Coupons load to a Price Plus Club card, and your account does not have one yet.";
/** §8: the API says this card has the coupon already (422). */
export const COUPON_ALREADY_LOADED = "Sorry, this coupon was already loaded to your card.";
/** §8: any other failure. */
export const COUPON_LOAD_FAILED = "Sorry, there was a problem loading this coupon.";

/** The coupon as the offer shows it (the clip token only while it can still be loaded). */
export interface CouponView {
  coupon_id: string;
  image_url: string | null;
  brand_name: string;
  short_description: string;
  requirement_description: string | null;
  expiration_date: string;
}

/**
 * The offer as the page shows it: `load` (a card to load it to), `sign-in` (a guest), `no-card`
 * (signed in without a club card); `loaded` once it is on the card.
 */
export type CouponOfferView =
  | { coupon: CouponView; state: "loaded" }
  | { coupon: CouponView; state: "offered"; access: "load"; clipToken: string }
  | { coupon: CouponView; state: "offered"; access: "sign-in" | "no-card" };

/** The route's answer to the offer's post (with JavaScript; without it, a failure is the same). */
export type CouponAnswer = { coupon: "loaded" } | { coupon: "failed"; message: string };
