import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * A substitution choice per item (decision 029): what the store does when the item is
 * unavailable. `substitution` is 'best_match', 'none' or 'product' (null: never chosen, the
 * default applies); `substitute_product_id` names the product for 'product'. The order-wide
 * `orders.substitutions_allowed` still rules over both (core/rules/substitution.ts).
 * Numbered 012: slot capacity's 011 comes first wherever both are merged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").addColumn("substitution", "text").execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("substitute_product_id", "integer", (c) =>
      c.references("products.id").onDelete("set null"),
    )
    .execute();
}
