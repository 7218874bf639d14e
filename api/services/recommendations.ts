import { sameInConstantTime, signatureOf } from "@core/contract/api-secret";
import { COLLECTION_ID_PATTERN, type RecommendationsSchema } from "@core/contract/orders";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { notFound } from "../http/errors";
import { findOwnedOrder } from "./orders";
import { listProducts } from "./product-listing";
import { pricedProducts, serializeProduct, type PricedRow } from "./products";

const RECOMMENDATION_COUNT = 6;

const COLLECTION_PURPOSE = "recommendation-collection";

/** An order's suggestions are one collection: its id, signed so that none can be made up. */
function collectionIdOf(secret: string, orderId: number): string {
  const signature = Buffer.from(
    signatureOf(secret, COLLECTION_PURPOSE, String(orderId)),
    "base64url",
  );
  return orderId.toString(16).padStart(8, "0") + signature.toString("hex").slice(0, 24);
}

/** The order a collection id names, or null for an id the API did not give out. */
function orderOfCollection(secret: string, collectionId: string): number | null {
  if (!COLLECTION_ID_PATTERN.test(collectionId)) return null;
  const orderId = Number.parseInt(collectionId.slice(0, 8), 16);
  return sameInConstantTime(collectionId, collectionIdOf(secret, orderId)) ? orderId : null;
}

/**
 * Products to suggest for a cart: what goes with its items (product_suggestions), topped up with
 * the department's most popular, never what is already in the cart.
 */
export async function recommendationsFor(
  db: Kysely<Database>,
  secret: string,
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
  return {
    title: "You May Also Like",
    products: products.slice(0, RECOMMENDATION_COUNT),
    // Views and adds are counted against the order's collection.
    collection_id: collectionIdOf(secret, order.id),
  };
}

/**
 * Counts a view or an add of a recommended product of the caller's brand, against a collection the
 * API suggested for an order of the brand (else 404).
 */
export async function recordRecommendationEvent(
  db: Kysely<Database>,
  secret: string,
  caller: Caller,
  input: { collectionId: string; productId: number; event: "view" | "add-to-cart" },
) {
  const orderId = orderOfCollection(secret, input.collectionId);
  const order =
    orderId === null
      ? undefined
      : await db
          .selectFrom("orders")
          .select("id")
          .where("id", "=", orderId)
          .where("brand_id", "=", caller.brandId)
          .executeTakeFirst();
  if (!order) throw notFound("collection");
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
      order_id: order.id,
      event: input.event,
      created_at: nowIso(),
    })
    .execute();
}
