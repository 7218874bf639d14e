/**
 * An order's card authorization as the rest of the API sees it (decision 021): the one shown (the
 * newest attempt that is neither starting, voided nor cleared), its JSON, and the placement rule.
 * Imports nothing of the order services, so they and the payment service can both use it.
 */
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { CardAuthorizationSchema } from "@core/contract/payments";
import {
  AUTHORIZATION_TOO_SMALL,
  DELIVERY_PAID_ONLINE,
  holdCovers,
  ONLINE_PAYMENT_REQUIRED,
} from "@core/rules/card-authorization";
import type { Database, Row } from "../db/schema";
import { toIso } from "../db/values";
import { invalid } from "../http/errors";

type Tx = Kysely<Database> | Transaction<Database>;

/**
 * Internal states, never answered: not yet at the gateway, to be voided there (./hold-releases),
 * voided there, or put aside.
 */
export const STARTING = "starting";
export const RELEASING = "releasing";
export const VOIDED = "voided";
export const CLEARED = "cleared";
/** The states of an attempt still in play: at most one per order (a unique index says so). */
export const OPEN_STATES = [STARTING, "pending", "approved"] as const;

/** The authorization an order shows, or undefined. */
export function shownAuthorization(db: Tx, orderId: number) {
  return db
    .selectFrom("card_authorizations")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "not in", [STARTING, RELEASING, VOIDED, CLEARED])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function serializeCardAuthorization(
  row: Row<"card_authorizations">,
): z.input<typeof CardAuthorizationSchema> {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    card_brand: row.card_brand,
    card_last_four: row.card_last_four,
    reference: row.gateway_reference,
    redirect_url: row.status === "pending" ? row.redirect_url : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/**
 * Placement's payment check, inside the placing transaction with the order row locked and its
 * totals just recomputed: where the department requires online payment, and for every delivery
 * order (its fee and tip are paid online: there is no store counter at the door), the order needs
 * an approved authorization; any approved authorization must still cover the estimated total.
 */
export async function assertPaymentForPlacement(
  trx: Tx,
  orderId: number,
  department: Pick<Row<"departments">, "remote_orders_require_online_payment">,
  delivery: boolean,
) {
  const authorization = await shownAuthorization(trx, orderId);
  const approved = authorization?.status === "approved" ? authorization : undefined;
  if (!approved) {
    if (!department.remote_orders_require_online_payment && !delivery) return;
    // A delivery is refused for itself, not its department (which may take payment at the store).
    const why = delivery ? DELIVERY_PAID_ONLINE : ONLINE_PAYMENT_REQUIRED;
    throw invalid({ card_authorization: [why] }, why, "online_payment_required");
  }
  const { total } = await trx
    .selectFrom("orders")
    .select("total")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (!holdCovers(approved.amount, total))
    throw invalid(
      { card_authorization: [AUTHORIZATION_TOO_SMALL] },
      AUTHORIZATION_TOO_SMALL,
      "card_authorization_insufficient",
    );
}
