/**
 * Charging the final amount (issue 30, decision 043). When the store hands an order over
 * (picked up, or out for delivery), the transaction that moves it also decides the charge: the
 * final amount (or the estimate, when picking changed nothing), never more than the hold
 * (core/rules/final-amount `captureOf`); nothing to charge voids the hold instead. The capture at
 * the gateway runs after the commit, under one idempotency key per hold, and a sweep in every
 * process retries a capture that failed; a claim per row keeps each call to one process at a time.
 */
import type { Kysely, Transaction } from "kysely";
import { captureOf } from "@core/rules/final-amount";
import type { Database } from "../db/schema";
import { nowIso } from "../db/values";
import type { PaymentGateway } from "../integrations/payment/gateway";
import { logger } from "../logger";
import { repeatEvery } from "./repeating-work";
import { RELEASE_CLAIM_LEASE_MS, RELEASE_SWEEP_INTERVAL_MS, markForRelease } from "./hold-releases";

type Db = Kysely<Database>;
type Tx = Db | Transaction<Database>;

/** The gateway's idempotency key of a hold's one capture. */
const captureKeyOf = (authorizationId: number) => `capture-${authorizationId}`;

/**
 * Inside the hand-over's transaction (order row held): sets the amount to capture on the order's
 * approved hold, or marks the hold for release when nothing is to be charged. Answers what it did.
 */
export async function decideCapture(trx: Tx, orderId: number) {
  const order = await trx
    .selectFrom("orders")
    .select(["total", "final_total"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const hold = await trx
    .selectFrom("card_authorizations")
    .select(["id", "amount", "capture_amount"])
    .where("order_id", "=", orderId)
    .where("status", "=", "approved")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!hold || hold.capture_amount !== null) return null;
  const decision = captureOf(order.final_total ?? order.total, hold.amount);
  if (decision.kind === "void") {
    await markForRelease(trx, [hold.id]);
    return decision;
  }
  await trx
    .updateTable("card_authorizations")
    .set({ capture_amount: decision.amount, updated_at: nowIso() })
    .where("id", "=", hold.id)
    .execute();
  return decision;
}

export interface CaptureOutcome {
  captured: number;
  failed: number;
}

/**
 * Captures at the gateway each decided, unconfirmed capture (this order's, or every one due).
 * A failure stays for the next sweep and is logged; nothing is thrown.
 */
export async function captureHolds(
  db: Db,
  gateway: PaymentGateway | null,
  orderId?: number,
): Promise<CaptureOutcome> {
  const outcome: CaptureOutcome = { captured: 0, failed: 0 };
  const staleBefore = new Date(Date.now() - RELEASE_CLAIM_LEASE_MS).toISOString();
  let query = db
    .selectFrom("card_authorizations")
    .select(["id", "gateway", "gateway_reference", "capture_amount", "capture_attempts"])
    .where("status", "=", "approved")
    .where("capture_amount", "is not", null)
    .where("captured_amount", "is", null)
    .where((eb) =>
      eb.or([eb("capture_claimed_at", "is", null), eb("capture_claimed_at", "<", staleBefore)]),
    )
    .orderBy("id")
    .limit(100);
  if (orderId !== undefined) query = query.where("order_id", "=", orderId);
  for (const row of await query.execute()) {
    if (!gateway || gateway.name !== row.gateway || !row.gateway_reference) {
      logger.error("card hold cannot be captured: its payment gateway is not set up here", {
        authorization: row.id,
        gateway: row.gateway,
      });
      outcome.failed += 1;
      continue;
    }
    const claimed = await db
      .updateTable("card_authorizations")
      .set({ capture_claimed_at: nowIso() })
      .where("id", "=", row.id)
      .where("captured_amount", "is", null)
      .where((eb) =>
        eb.or([eb("capture_claimed_at", "is", null), eb("capture_claimed_at", "<", staleBefore)]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const { capturedAmount } = await gateway.capture(row.gateway_reference, {
        amount: row.capture_amount!,
        idempotencyKey: captureKeyOf(row.id),
      });
      await db
        .updateTable("card_authorizations")
        .set({
          captured_amount: capturedAmount,
          captured_at: nowIso(),
          capture_claimed_at: null,
          updated_at: nowIso(),
        })
        .where("id", "=", row.id)
        .execute();
      outcome.captured += 1;
    } catch (error) {
      outcome.failed += 1;
      await db
        .updateTable("card_authorizations")
        .set({ capture_attempts: row.capture_attempts + 1, capture_claimed_at: null })
        .where("id", "=", row.id)
        .execute();
      logger.warn("card capture failed; it is tried again on the next sweep", {
        authorization: row.id,
        attempts: row.capture_attempts + 1,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}

/** Retries captures now and every RELEASE_SWEEP_INTERVAL_MS until stopped. */
export function startCaptureSweeper(db: Db, gateway: PaymentGateway | null): () => void {
  return repeatEvery(RELEASE_SWEEP_INTERVAL_MS, () => captureHolds(db, gateway), {
    failure: "card capture sweep failed",
    runNow: true,
  });
}
