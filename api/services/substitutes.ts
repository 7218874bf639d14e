/**
 * The products an item may be substituted with, and the choice a signed-in shopper made last for
 * a product (decision 029). Queries only: the choice itself is saved by the items service, inside
 * the order's transaction.
 */
import type { Kysely } from "kysely";
import {
  MAX_SUBSTITUTES,
  type StoredSubstitution,
  isSubstitutionChoice,
} from "@core/rules/substitution";
import type { Database } from "../db/schema";
import type { Caller } from "../http/caller";
import { pricedProducts, type PricedRow } from "./products";

type Db = Kysely<Database>;

/**
 * Up to 5 similar products for an item: sold and available (not sold out) in the order's
 * department, sharing one of the product's categories there, never the product itself; the
 * department's most popular first.
 */
export async function substituteCandidates(
  db: Db,
  departmentId: number,
  productId: number,
  userId: number | null,
): Promise<PricedRow[]> {
  return (await pricedProducts(db, departmentId, userId)
    .where("p.id", "!=", productId)
    .where((eb) =>
      eb.or([eb("dp.remaining_quantity", "is", null), eb("dp.remaining_quantity", ">", 0)]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("category_products as mine")
          .innerJoin("categories as c", "c.id", "mine.category_id")
          .innerJoin("category_products as theirs", "theirs.category_id", "mine.category_id")
          .select("mine.product_id")
          .where("mine.product_id", "=", productId)
          .where("c.department_id", "=", departmentId)
          .whereRef("theirs.product_id", "=", "p.id"),
      ),
    )
    .orderBy("dp.popularity", "desc")
    .orderBy("p.id")
    .limit(MAX_SUBSTITUTES)
    .execute()) as PricedRow[];
}

/**
 * A choice carried into a new item (a reorder, or a shopper's last choice): kept as it was,
 * except a chosen product no longer offered for it, which leaves the item at the default.
 */
export async function keptSubstitution(
  db: Db,
  departmentId: number,
  productId: number,
  userId: number | null,
  choice: StoredSubstitution,
): Promise<StoredSubstitution> {
  const none = { substitution: null, substitute_product_id: null };
  if (!isSubstitutionChoice(choice.substitution)) return none;
  if (choice.substitution !== "product")
    return { substitution: choice.substitution, substitute_product_id: null };
  const offered = await substituteCandidates(db, departmentId, productId, userId);
  return offered.some((p) => p.id === choice.substitute_product_id) ? choice : none;
}

/** A signed-in shopper's latest choice for the product, on any of their orders; else none. */
export async function rememberedSubstitution(
  db: Db,
  caller: Caller,
  departmentId: number,
  productId: number,
): Promise<StoredSubstitution> {
  const none = { substitution: null, substitute_product_id: null };
  if (caller.userId === null) return none;
  const last = await db
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select(["i.substitution", "i.substitute_product_id"])
    .where("o.user_id", "=", caller.userId)
    .where("o.brand_id", "=", caller.brandId)
    .where("i.product_id", "=", productId)
    .where("i.substitution", "is not", null)
    .orderBy("i.updated_at", "desc")
    .orderBy("i.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return last ? keptSubstitution(db, departmentId, productId, caller.userId, last) : none;
}

/** The names of the products chosen as substitutes, by id, in one query. */
export async function substituteNames(
  db: Db,
  items: { substitute_product_id: number | null }[],
): Promise<Map<number, string>> {
  const ids = [
    ...new Set(items.flatMap((i) => (i.substitute_product_id ? [i.substitute_product_id] : []))),
  ];
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("products")
    .select(["id", "name", "brand", "hide_brand"])
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows.map((r) => [r.id, r.brand && !r.hide_brand ? `${r.brand} ${r.name}` : r.name]),
  );
}
