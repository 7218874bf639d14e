import type { Kysely } from "kysely";
import type { DialectName } from "../connection";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Delivery orders (decision 022): a delivery keeps the minutes its service quoted and when it was
 * last changed (set again, or booked at placement). Numbered 010: card payment's 009 comes first
 * wherever both are merged.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("order_deliveries")
    .addColumn("estimated_minutes", "integer")
    .execute();
  await db.schema
    .alterTable("order_deliveries")
    .addColumn("updated_at", dialect === "postgres" ? "timestamptz" : "text")
    .execute();
}
