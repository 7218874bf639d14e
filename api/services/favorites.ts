/**
 * A signed-in shopper's favorite products (spec §4 "Favorite", §7 products/{id}/favorite). The
 * same `favorites` rows give the product answer's `favorite` and the listing's favorites filter,
 * so the three always agree. Guests have none: 401.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { forUpdate, writeTransaction } from "../db/transaction";
import { nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { notFound, unauthenticated } from "../http/errors";

type Db = Kysely<Database>;

function signedIn(caller: Caller): number {
  if (caller.userId === null) throw unauthenticated();
  return caller.userId;
}

/** A product of the caller's brand (favorites are brand-wide, whatever the department). */
async function assertProduct(db: Db, caller: Caller, productId: number) {
  const product = await db
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where("brand_id", "=", caller.brandId)
    .executeTakeFirst();
  if (!product) throw notFound("product");
}

async function hasFavorite(db: Db, userId: number, productId: number) {
  const row = await db
    .selectFrom("favorites")
    .select("product_id")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** GET products/{id}/favorite. */
export async function isFavorite(db: Db, caller: Caller, productId: number) {
  const userId = signedIn(caller);
  await assertProduct(db, caller, productId);
  return hasFavorite(db, userId, productId);
}

/**
 * PUT products/{id}/favorite: sets the flag to `favorite` when given, toggles it otherwise; answers
 * the flag as it now is. The user's row is held meanwhile, so two quick toggles take turns instead
 * of both reading "not a favorite" and inserting twice.
 */
export async function setFavorite(
  db: Db,
  caller: Caller,
  productId: number,
  favorite: boolean | undefined,
) {
  const userId = signedIn(caller);
  return writeTransaction(db, async (trx) => {
    await forUpdate(trx, trx.selectFrom("users").select("id").where("id", "=", userId)).execute();
    await assertProduct(trx, caller, productId);
    const current = await hasFavorite(trx, userId, productId);
    const next = favorite ?? !current;
    if (next && !current) {
      await trx
        .insertInto("favorites")
        .values({ user_id: userId, product_id: productId, created_at: nowIso() })
        .execute();
    } else if (!next && current) {
      await trx
        .deleteFrom("favorites")
        .where("user_id", "=", userId)
        .where("product_id", "=", productId)
        .execute();
    }
    return next;
  });
}
