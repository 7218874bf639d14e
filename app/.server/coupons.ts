/**
 * The coupon offer on /confirmation (spec §2, §4 'Coupon', §6, §7 GET and POST orders/{id}/coupon,
 * §8): what the page offers, and the offer's one post, 'Load To Card'.
 *
 * - Offered only for order sources the department lists in order_sources_with_coupon_code, and
 *   only with the coupons feature on; any failure to read it hides it.
 * - Read with the shopper's club card, so a coupon already on the card is not offered again.
 * - Loaded, the coupon is kept in the session for its order (`couponLoaded`): the page says
 *   'Loaded!' on it from then on (the API would offer the next coupon), across the redirect that
 *   answers a post without JavaScript. The marker goes with the order (session.ts, forgetOrder).
 * - Refusals by code (§8): `coupon_already_loaded` → 'already loaded'; anything else, a forged
 *   offer included, → 'there was a problem'.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import {
  CLIP_TOKEN_FIELD,
  COUPON_ID_FIELD,
  COUPON_INTENT,
  COUPON_LOAD_FAILED,
  COUPON_REDIRECT_FIELD,
  type CouponAnswer,
  type CouponOfferView,
  type CouponView,
} from "~/lib/coupons";
import { ApiError, type Coupon, type Order, type StorefrontApi } from "./api";
import { couponRefusal } from "./api/refusals";
import { orderParts } from "./order-parts";
import { storefrontConfig } from "./config";
import { readIntent } from "./form-intent";
import { describeError, logWarning } from "./log";
import { redirectTo, type RequestArgs, type StorefrontSession } from "./session";

/** Spec §7: the offer exists only for the order sources its department names (the one rule). */
function offersCoupon(order: Order): boolean {
  const { department } = orderParts(order);
  return (
    storefrontConfig().features.coupons &&
    Boolean(department?.order_sources_with_coupon_code.includes(order.source))
  );
}

/** The signed-in shopper's club card, if they have one. */
const cardNumberOf = (session: StorefrontSession) => session.get("user")?.cardNumber ?? null;

const couponView = (coupon: Coupon): CouponView => ({
  coupon_id: coupon.coupon_id,
  image_url: coupon.image_url,
  brand_name: coupon.brand_name,
  short_description: coupon.short_description,
  requirement_description: coupon.requirement_description,
  expiration_date: coupon.expiration_date,
});

/** The offer as /confirmation shows it, or null when there is none to show. */
export async function couponOffer(
  args: RequestArgs,
  api: StorefrontApi,
  order: Order,
): Promise<CouponOfferView | null> {
  if (!offersCoupon(order)) return null;
  const { session } = args.context.shopper;
  const loaded = session.get("couponLoaded");
  if (loaded?.orderId === order.id) return { coupon: loaded.coupon, state: "loaded" };
  const cardNumber = cardNumberOf(session);
  let coupon: Coupon;
  try {
    coupon = await api.getCoupon(order.id, cardNumber ?? undefined);
  } catch (error) {
    logWarning("Could not load the coupon offer", { orderId: order.id, ...describeError(error) });
    return null;
  }
  const view = couponView(coupon);
  if (cardNumber)
    return { coupon: view, state: "offered", access: "load", clipToken: coupon.clip_token };
  return { coupon: view, state: "offered", access: session.has("user") ? "no-card" : "sign-in" };
}

/** 'Load To Card': the offer's fields, and, without JavaScript, the ask for a redirect. */
const couponPost = z.object({
  intent: z.literal(COUPON_INTENT),
  [COUPON_ID_FIELD]: z.string().min(1).max(64),
  [CLIP_TOKEN_FIELD]: z.string().min(1).max(64),
  [COUPON_REDIRECT_FIELD]: z.string().optional(),
});

/** Whether a /confirmation post is the offer's (the page's other form posts no intent). */
export const isCouponPost = (form: FormData) => form.get("intent") === COUPON_INTENT;

/**
 * Loads the offered coupon to the shopper's card (the CSRF check and the route guard are the
 * caller's, done first). Loaded: without JavaScript a 303 back to /confirmation, with it the
 * answer `loaded`; the page then shows 'Loaded!' from the session's marker either way. Refused:
 * the page (or the fetcher) gets the §8 message.
 */
export async function loadCoupon(args: RequestArgs, order: Order, form: FormData) {
  const { session } = args.context.shopper;
  const failed = (message: string, status: number) =>
    data<CouponAnswer>({ coupon: "failed", message }, { status });
  const posted = readIntent(form, couponPost);
  const cardNumber = cardNumberOf(session);
  // A forged or stale post: no offer here, or no card to load it to.
  if (!posted || !cardNumber || !offersCoupon(order)) return failed(COUPON_LOAD_FAILED, 400);

  const api = args.context.api;
  // The offer as shown, for the page to keep saying 'Loaded!' on once the API offers the next.
  const shown = await api.getCoupon(order.id, cardNumber).catch(() => null);
  try {
    await api.clipCoupon(order.id, {
      card_number: cardNumber,
      coupon_id: posted.coupon_id,
      clip_token: posted.clip_token,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logWarning("Could not load a coupon to the card", {
      orderId: order.id,
      couponId: posted.coupon_id,
      ...describeError(error),
    });
    return failed(couponRefusal(error.code), error.status === 422 ? 422 : 502);
  }
  if (shown?.coupon_id === posted.coupon_id)
    session.set("couponLoaded", { orderId: order.id, coupon: couponView(shown) });
  if (posted[COUPON_REDIRECT_FIELD] !== undefined)
    return redirectTo("/confirmation", { status: 303 });
  return data<CouponAnswer>({ coupon: "loaded" });
}
