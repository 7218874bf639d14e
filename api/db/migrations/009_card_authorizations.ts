import { sql, type Kysely } from "kysely";
import type { DialectName } from "../connection";
import { columns } from "./001_initial";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Online card payment (decision 021).
 * - `card_authorizations` is made again with what an attempt needs: its idempotency key at the
 *   gateway (`attempt_key`), which gateway, the hosted page's address, both return addresses, the
 *   billing address and the fees held; the gateway's reference is known only once it answered.
 *   001 made the table but nothing ever wrote to it, so it is dropped rather than altered (SQLite
 *   cannot drop a NOT NULL). A partial unique index keeps one open attempt per order.
 * - `sandbox_payment_sessions`: the sandbox gateway's own records (never the shop's), so any
 *   worker serves its hosted page. Only a card's brand and last four digits are ever kept.
 * Numbered 009: delivery's 010 comes after it wherever both are merged.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { id, instant } = columns(dialect);

  await db.schema.dropTable("card_authorizations").execute();
  await id(db.schema.createTable("card_authorizations"))
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("attempt_key", "text", (c) => c.notNull().unique())
    .addColumn("gateway", "text", (c) => c.notNull())
    .addColumn("gateway_reference", "text", (c) => c.unique())
    .addColumn("redirect_url", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("fees", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("card_brand", "text")
    .addColumn("card_last_four", "text")
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("cancel_url", "text", (c) => c.notNull())
    .addColumn("billing_address", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("card_authorizations_order_idx")
    .on("card_authorizations")
    .column("order_id")
    .execute();
  await db.schema
    .createIndex("card_authorizations_one_open_uq")
    .unique()
    .on("card_authorizations")
    .column("order_id")
    .where(sql.ref("status"), "in", ["starting", "pending", "approved"])
    .execute();

  await id(db.schema.createTable("sandbox_payment_sessions"))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("merchant_name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("cancel_url", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("card_brand", "text")
    .addColumn("card_last_four", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .addColumn("expires_at", instant, (c) => c.notNull())
    .execute();
}
