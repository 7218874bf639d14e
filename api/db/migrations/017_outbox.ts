import type { Kysely } from "kysely";
import type { DialectName } from "../connection";
import { columns } from "./001_initial";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * The transactional outbox of the shopper's notifications (issue 30, decision 044).
 * - `outbox_messages`: one email or SMS per order event and channel, written in the transaction
 *   that made the event; `idempotency_key` (unique) makes a second write of the same event
 *   nothing. A worker claims a due row (`claimed_at`, a lease), sends it, and marks it sent, or
 *   counts the attempt and sets the next one (`next_attempt_at`, backing off).
 * - `sandbox_messages`: what the sandbox mail and SMS transports received, once per message id.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { id, instant } = columns(dialect);
  await id(db.schema.createTable("outbox_messages"))
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", instant, (c) => c.notNull())
    .addColumn("claimed_at", instant)
    .addColumn("last_error", "text")
    .addColumn("sent_at", instant)
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_messages_due_idx")
    .on("outbox_messages")
    .columns(["status", "next_attempt_at"])
    .execute();
  await id(db.schema.createTable("sandbox_messages"))
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();
}
