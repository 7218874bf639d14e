import type { Kysely } from "kysely";
import type { DialectName } from "../connection";
import { columns } from "./001_initial";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Slot capacity (decision 028).
 * - `slot_capacities`: a department's cap on orders per pickup or delivery slot, on one weekday
 *   (0 = Sunday) from `starts_at` up to `ends_at` (local "HH:MM"). No rule: unlimited.
 * - `slot_places`: the place an order takes in a slot, one per order: a hold while `expires_at`
 *   is ahead, a booking once placed (`expires_at` null). Expired holds stop counting by time and
 *   are deleted lazily.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { id, instant } = columns(dialect);

  await id(db.schema.createTable("slot_capacities"))
    .addColumn("department_id", "integer", (c) =>
      c.notNull().references("departments.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("weekday", "integer", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("capacity", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("slot_capacities_department_idx")
    .on("slot_capacities")
    .column("department_id")
    .execute();

  await id(db.schema.createTable("slot_places"))
    .addColumn("order_id", "integer", (c) =>
      c.notNull().unique().references("orders.id").onDelete("cascade"),
    )
    .addColumn("department_id", "integer", (c) => c.notNull().references("departments.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slot_at", instant, (c) => c.notNull())
    .addColumn("expires_at", instant)
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("slot_places_slot_idx")
    .on("slot_places")
    .columns(["department_id", "kind", "slot_at"])
    .execute();
}
