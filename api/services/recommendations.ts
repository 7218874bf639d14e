import type { RecommendationsSchema } from "@core/contract/orders";
import type { z } from "zod";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { notFound } from "../http/errors";
import { findOwnedOrder } from "./orders";
import { listProducts } from "./product-listing";
import { pricedProducts, serializeProduct, type PricedRow } from "./products";

const RECOMMENDATION_COUNT = 6;

/**
 * Products to suggest for a cart: what goes with its items (product_suggestions), topped up with
 * the department's most popular, never what is already in the cart.
 */
export async function recommendationsFor(
  db: Kysely<Database>,
  caller: Caller,
  orderId: number,
): Promise<z.input<typeof RecommendationsSchema>> {
  const order = await findOwnedOrder(db, caller, orderId);
  const inCart = (
    await db
      .selectFrom("order_items")
      .select("product_id")
      .where("order_id", "=", order.id)
      .execute()
  ).map((i) => i.product_id);
  const exclude = inCart.length ? inCart : [0];
  const suggested = inCart.length
    ? ((await pricedProducts(db, order.department_id, caller.userId)
        .innerJoin("product_suggestions as s", "s.suggested_product_id", "p.id")
        .where("s.product_id", "in", inCart)
        .where("p.id", "not in", exclude)
        .orderBy("s.weight")
        .orderBy("p.id")
        .limit(RECOMMENDATION_COUNT * 2)
        .execute()) as PricedRow[])
    : [];
  const seen = new Set<number>();
  const products = suggested.map(serializeProduct).filter((p) => !seen.has(p.id) && seen.add(p.id));
  if (products.length < RECOMMENDATION_COUNT) {
    const popular = await listProducts(db, caller.brandId, {
      departmentId: order.department_id,
      userId: caller.userId,
      limit: 20,
    });
    for (const p of popular.products) {
      if (products.length >= RECOMMENDATION_COUNT) break;
      if (!seen.has(p.id) && !inCart.includes(p.id)) {
        seen.add(p.id);
        products.push(p);
      }
    }
  }
  const picked = products.slice(0, RECOMMENDATION_COUNT);
  // The collection names this set of suggestions, so views and adds can be counted against it.
  const collectionId = createHash("sha256")
    .update(`${order.id}:${picked.map((p) => p.id).join(",")}`)
    .digest("hex")
    .slice(0, 16);
  return { title: "You May Also Like", products: picked, collection_id: collectionId };
}

/** Counts a view or an add of a recommended product of the caller's brand (else 404). */
export async function recordRecommendationEvent(
  db: Kysely<Database>,
  caller: Caller,
  input: { collectionId: string; productId: number; event: "view" | "add-to-cart" },
) {
  // An id that names no product of this brand is a 404, not a foreign-key failure (500).
  const product = await db
    .selectFrom("products")
    .select("id")
    .where("id", "=", input.productId)
    .where("brand_id", "=", caller.brandId)
    .executeTakeFirst();
  if (!product) throw notFound("product");
  await db
    .insertInto("recommendation_events")
    .values({
      collection_id: input.collectionId,
      product_id: input.productId,
      order_id: null,
      event: input.event,
      created_at: nowIso(),
    })
    .execute();
}
