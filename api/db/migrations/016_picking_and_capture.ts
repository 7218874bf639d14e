import type { Kysely } from "kysely";
import type { DialectName } from "../connection";
import { columns } from "./001_initial";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Picking an order and charging its final amount (issue 30, decision 043).
 * - `order_items`: what the store did with the item (`pick_status`: picked, substituted,
 *   unavailable; null: not yet), the quantity picked or weighed, the product given in its place,
 *   and the item's final subtotal and club discount, computed by the cart's rules.
 * - `orders.final_*`: the order's final amount from those lines (null until picking changes any).
 * - `card_authorizations`: the amount to capture, set in the transaction that hands the order
 *   over, and what the gateway confirmed; a claim and attempts for the after-commit call and its
 *   retries, as holds are released (migration 013).
 * - `sandbox_payment_sessions`: what the sandbox gateway captured, under which key.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { instant } = columns(dialect);
  const add = async (table: string, name: string, type: string, build = (c: any) => c) => {
    await db.schema
      .alterTable(table)
      .addColumn(name, type as any, build)
      .execute();
  };
  await add("order_items", "pick_status", "text");
  await add("order_items", "picked_quantity", "double precision");
  await add("order_items", "picked_product_id", "integer", (c) =>
    c.references("products.id").onDelete("set null"),
  );
  await add("order_items", "final_subtotal", "integer");
  await add("order_items", "final_club_discount", "integer");
  await add("order_items", "picked_at", instant);
  for (const name of ["final_subtotal", "final_discount", "final_club_savings", "final_total"])
    await add("orders", name, "integer");
  await add("card_authorizations", "capture_amount", "integer");
  await add("card_authorizations", "captured_amount", "integer");
  await add("card_authorizations", "capture_attempts", "integer", (c) => c.notNull().defaultTo(0));
  await add("card_authorizations", "capture_claimed_at", instant);
  await add("card_authorizations", "captured_at", instant);
  await add("sandbox_payment_sessions", "captured_amount", "integer");
  await add("sandbox_payment_sessions", "capture_key", "text");
}
