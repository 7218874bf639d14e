import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * The sandbox identity provider's store associates (decision 042): the name of the store an
 * account works at (null: a shopper). The provider releases it as the `store_role` and
 * `store_id` claims, the store's id read by that name when the person signs in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sandbox_sso_accounts").addColumn("associate_store", "text").execute();
}
