import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Placing an order is idempotent: the key of the request that placed it is kept, so a retry of
 * that same request answers the placed order instead of a duplicate-order error.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("placement_key", "text").execute();
}
