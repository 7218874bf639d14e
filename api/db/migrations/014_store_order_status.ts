import type { Kysely } from "kysely";
import type { DialectName } from "../connection";
import { columns } from "./001_initial";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * The store's side of an order (issue 30, decision 042).
 * - `order_status_changes`: every status an order took after it was placed, who set it (an
 *   associate's user id, or null for the shopper or the system) and when; the shopper's history.
 * - `users.associate_store_id`: the store a signed-in person works at, as the identity provider's
 *   claims say (null: a shopper). Only such a user reaches that store's queue and picking calls.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { id, instant } = columns(dialect);
  await id(db.schema.createTable("order_status_changes"))
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("from_status", "text", (c) => c.notNull())
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("changed_by_user_id", "integer", (c) =>
      c.references("users.id").onDelete("set null"),
    )
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_status_changes_order_idx")
    .on("order_status_changes")
    .columns(["order_id", "id"])
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("associate_store_id", "integer", (c) =>
      c.references("stores.id").onDelete("set null"),
    )
    .execute();
}
