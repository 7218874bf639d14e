import type { CouponSchema } from "@core/contract/orders";
import type { z } from "zod";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Row } from "../db/schema";
import { nowIso, toIso } from "../db/values";
import type { Caller } from "../http/caller";
import { HttpError, invalid, notFound } from "../http/errors";
import { findOwnedOrder } from "./orders";

/** A clip token ties a coupon offer to one order: only the shopper shown the offer can load it. */
function clipToken(order: Row<"orders">, coupon: Row<"coupons">) {
  return createHash("sha256")
    .update(`${order.id}:${toIso(order.created_at)}:${coupon.coupon_id}`)
    .digest("hex")
    .slice(0, 32);
}

export const ALREADY_LOADED = "Sorry, this coupon was already loaded to your card.";

/** The coupon offered after an order: only for sources whose department offers one. */
export async function couponFor(
  db: Kysely<Database>,
  caller: Caller,
  orderId: number,
  cardNumber: string | null,
): Promise<z.input<typeof CouponSchema>> {
  const order = await findOwnedOrder(db, caller, orderId);
  const department = await db
    .selectFrom("departments")
    .select("order_sources_with_coupon_code")
    .where("id", "=", order.department_id)
    .executeTakeFirstOrThrow();
  const sources = JSON.parse(department.order_sources_with_coupon_code || "[]") as string[];
  if (!sources.includes(order.source)) throw notFound("coupon");
  const today = new Date().toISOString().slice(0, 10);
  let query = db
    .selectFrom("coupons")
    .selectAll()
    .where("brand_id", "=", caller.brandId)
    .where("expiration_date", ">=", today);
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
    clip_token: clipToken(order, coupon),
    image_url: coupon.image_url,
    brand_name: coupon.brand_name,
    short_description: coupon.short_description,
    requirement_description: coupon.requirement_description,
    expiration_date: coupon.expiration_date,
    value: coupon.value,
  };
}

export async function clipCoupon(
  db: Kysely<Database>,
  caller: Caller,
  orderId: number,
  input: { card_number: string; coupon_id: string; clip_token: string },
) {
  const order = await findOwnedOrder(db, caller, orderId);
  const coupon = await db
    .selectFrom("coupons")
    .selectAll()
    .where("brand_id", "=", caller.brandId)
    .where("coupon_id", "=", input.coupon_id)
    .executeTakeFirst();
  if (!coupon || clipToken(order, coupon) !== input.clip_token)
    throw invalid(
      { clip_token: ["This coupon offer is not valid for this order."] },
      undefined,
      "coupon_offer_invalid",
    );
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
