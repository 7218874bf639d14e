import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Price Plus Club savings are stored like every other amount of an order: per item (the club
 * discount of its quantity) and summed on the order, so stored totals always equal their items
 * (decision 017). The per-unit club discount itself is `department_products.discount_amount`.
 * Numbered 008: single sign-on's 007 (decision 016) comes first wherever both are merged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("order_items")
    .addColumn("club_discount_amount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("club_savings", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
