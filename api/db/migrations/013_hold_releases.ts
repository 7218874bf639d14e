import { sql, type Kysely } from "kysely";
import type { DialectName } from "../connection";
import { columns } from "./001_initial";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Card holds released for certain (api/services/hold-releases.ts). An authorization whose order
 * ended, or that made way for another, is marked 'releasing' in the same transaction; the void
 * at the gateway happens after the commit and is retried until the gateway confirms it.
 * - `release_attempts`: voids tried and failed so far (for the log and the back-off).
 * - `release_claimed_at`: set by the process that is calling the gateway now, so two processes
 *   never void the same hold at once; a claim older than the lease is taken over.
 * An index finds the holds still to release without reading the whole table.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { instant } = columns(dialect);
  await db.schema
    .alterTable("card_authorizations")
    .addColumn("release_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("card_authorizations")
    .addColumn("release_claimed_at", instant)
    .execute();
  await db.schema
    .createIndex("card_authorizations_releasing_idx")
    .on("card_authorizations")
    .column("status")
    .where(sql.ref("status"), "=", "releasing")
    .execute();
}
