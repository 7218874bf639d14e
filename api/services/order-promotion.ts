/**
 * The promotion an order carries, read the one way every total (the cart's, the delivery form's
 * summary, the store's final amount) needs it.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Row } from "../db/schema";

type Tx = Kysely<Database> | Transaction<Database>;

/** The order's promotion row, or undefined when it has none. */
export async function promotionOf(
  db: Tx,
  order: { promotion_id: number | null },
): Promise<Row<"promotions"> | undefined> {
  if (order.promotion_id === null) return undefined;
  return db
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", order.promotion_id)
    .executeTakeFirst();
}
