import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * A promotion may be meant for a shopper's first order only: placement checks that no earlier
 * placed order shares the user, the device or the email address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("promotions")
    .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
