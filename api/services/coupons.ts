import type { CouponSchema } from "@core/contract/orders";
import type { z } from "zod";
import { isSignedBy, signatureOf } from "@core/contract/api-secret";
import type { Kysely } from "kysely";
import type { Database, Row } from "../db/schema";
import { nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { forbidden, HttpError, invalid, notFound } from "../http/errors";
import { findOwnedOrder } from "./orders";

const CLIP_TOKEN_PURPOSE = "coupon-clip";

/**
 * A clip token is the API's signature of one offer (this order, this coupon): only what the API
 * offered to the order's shopper can be loaded, and no one without the secret can make one.
 */
const clipToken = (secret: string, order: Row<"orders">, couponId: string) =>
  signatureOf(secret, CLIP_TOKEN_PURPOSE, `${order.id}:${couponId}`);

const ALREADY_LOADED = "Sorry, this coupon was already loaded to your card.";

/** Spec §7: coupons are offered only for the order sources its department lists. */
async function offersCoupons(db: Kysely<Database>, order: Row<"orders">): Promise<boolean> {
  const department = await db
    .selectFrom("departments")
    .select("order_sources_with_coupon_code")
    .where("id", "=", order.department_id)
    .executeTakeFirstOrThrow();
  const sources = JSON.parse(department.order_sources_with_coupon_code || "[]") as string[];
  return sources.includes(order.source);
}

/** The brand's coupons still valid today. */
const currentCoupons = (db: Kysely<Database>, caller: Caller) =>
  db
    .selectFrom("coupons")
    .selectAll()
    .where("brand_id", "=", caller.brandId)
    .where("expiration_date", ">=", new Date().toISOString().slice(0, 10));

/** The coupon offered after an order: only for sources whose department offers one. */
export async function couponFor(
  db: Kysely<Database>,
  secret: string,
  caller: Caller,
  orderId: number,
  cardNumber: string | null,
): Promise<z.input<typeof CouponSchema>> {
  const order = await findOwnedOrder(db, caller, orderId);
  if (!(await offersCoupons(db, order))) throw notFound("coupon");
  let query = currentCoupons(db, caller);
  if (cardNumber) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("coupon_clips")
            .select("coupon_clips.id")
            .whereRef("coupon_clips.coupon_id", "=", "coupons.id")
            .where("coupon_clips.card_number", "=", cardNumber),
        ),
      ),
    );
  }
  const coupon = await query.orderBy("value", "desc").orderBy("id").executeTakeFirst();
  if (!coupon) throw notFound("coupon");
  return {
    coupon_id: coupon.coupon_id,
    clip_token: clipToken(secret, order, coupon.coupon_id),
    image_url: coupon.image_url,
    brand_name: coupon.brand_name,
    short_description: coupon.short_description,
    requirement_description: coupon.requirement_description,
    expiration_date: coupon.expiration_date,
    value: coupon.value,
  };
}

const offerInvalid = (field: "clip_token" | "card_number", message: string) =>
  invalid({ [field]: [message] }, undefined, "coupon_offer_invalid");

/**
 * Loads an offered coupon to the signed-in shopper's own club card: the token must be the API's
 * for this order and coupon, the coupon still valid, and the order's department still offering
 * coupons for its source.
 */
export async function clipCoupon(
  db: Kysely<Database>,
  secret: string,
  caller: Caller,
  orderId: number,
  input: { card_number: string; coupon_id: string; clip_token: string },
) {
  const order = await findOwnedOrder(db, caller, orderId);
  if (caller.userId === null) throw forbidden("Sign in to load a coupon to your card.");
  const user = await db
    .selectFrom("users")
    .select("card_number")
    .where("id", "=", caller.userId)
    .executeTakeFirst();
  if (!user?.card_number || user.card_number !== input.card_number)
    throw offerInvalid("card_number", "This is not the club card of the signed-in shopper.");
  if (!isSignedBy(secret, CLIP_TOKEN_PURPOSE, `${order.id}:${input.coupon_id}`, input.clip_token))
    throw offerInvalid("clip_token", "This coupon offer is not valid for this order.");
  const coupon = await currentCoupons(db, caller)
    .where("coupon_id", "=", input.coupon_id)
    .executeTakeFirst();
  if (!coupon || !(await offersCoupons(db, order)))
    throw offerInvalid("clip_token", "This coupon offer has ended.");
  try {
    await db
      .insertInto("coupon_clips")
      .values({
        coupon_id: coupon.id,
        card_number: input.card_number,
        order_id: order.id,
        created_at: nowIso(),
      })
      .execute();
  } catch {
    // The unique (coupon, card) constraint: loaded before.
    throw new HttpError(
      422,
      ALREADY_LOADED,
      { generic: [ALREADY_LOADED] },
      "coupon_already_loaded",
    );
  }
}
