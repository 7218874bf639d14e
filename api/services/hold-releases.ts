/**
 * Card holds released for certain. Every end of a hold (its order cancelled or dropped, 'Pay At
 * Store', a new attempt taking its place, an approval that came after the shopper moved on) marks
 * the authorization 'releasing' inside the transaction that decides it, with the order row held.
 * The void at the gateway runs after the commit (a gateway's seconds never hold the database) and
 * again on every sweep until the gateway confirms it; only then is the row 'voided'. A process
 * claims a row before it calls the gateway, so each hold is voided once however many processes
 * sweep, and a claim left by a process that died is taken over after the lease.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { nowIso } from "../db/values";
import type { PaymentGateway } from "../integrations/payment/gateway";
import { logger } from "../logger";
import { repeatEvery } from "./repeating-work";
import { OPEN_STATES, RELEASING, STARTING, VOIDED } from "./card-authorizations";

type Db = Kysely<Database>;
type Tx = Db | Transaction<Database>;

/** Longer than any gateway call may take (its adapter times out well before). */
export const RELEASE_CLAIM_LEASE_MS = 2 * 60_000;
/** How often each process looks for holds whose release failed or was never tried. */
export const RELEASE_SWEEP_INTERVAL_MS = 60_000;
/** Holds voided per sweep at the most; the rest wait for the next one. */
const SWEEP_BATCH = 100;

/**
 * Marks authorizations to be released (inside the caller's transaction). Only held or pending
 * ones are marked: anything else holds nothing at the gateway.
 */
export async function markForRelease(trx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  await trx
    .updateTable("card_authorizations")
    .set({ status: RELEASING, release_claimed_at: null, updated_at: nowIso() })
    .where("id", "in", ids)
    .execute();
  return ids;
}

/**
 * An order has ended (inside its transaction, order row locked): its authorization in play is
 * to be released. One still starting is dropped: the shopper never saw its page, and the request
 * starting it closes that page itself when it finds its row gone. Answers the ids to release.
 */
export async function releaseOrderHolds(trx: Tx, orderId: number): Promise<number[]> {
  const open = await trx
    .selectFrom("card_authorizations")
    .select(["id", "status"])
    .where("order_id", "=", orderId)
    .where("status", "in", [...OPEN_STATES])
    .execute();
  const starting = open.filter((row) => row.status === STARTING).map((row) => row.id);
  if (starting.length)
    await trx.deleteFrom("card_authorizations").where("id", "in", starting).execute();
  return markForRelease(
    trx,
    open.filter((row) => row.status !== STARTING).map((row) => row.id),
  );
}

export interface ReleaseOutcome {
  released: number;
  failed: number;
}

/**
 * Voids at the gateway each hold still marked 'releasing' (these ids, this order's, or every one
 * due), once each, in one read. A failure leaves the row marked for the next sweep and is logged;
 * nothing is thrown, so a caller's answer never depends on the gateway.
 */
export async function releaseHolds(
  db: Db,
  gateway: PaymentGateway | null,
  ids?: number[],
  orderId?: number,
): Promise<ReleaseOutcome> {
  const outcome: ReleaseOutcome = { released: 0, failed: 0 };
  if (ids?.length === 0) return outcome;
  const staleBefore = new Date(Date.now() - RELEASE_CLAIM_LEASE_MS).toISOString();
  let query = db
    .selectFrom("card_authorizations")
    .select(["id", "gateway", "gateway_reference", "release_attempts"])
    .where("status", "=", RELEASING)
    .where((eb) =>
      eb.or([eb("release_claimed_at", "is", null), eb("release_claimed_at", "<", staleBefore)]),
    )
    .orderBy("id")
    .limit(SWEEP_BATCH);
  if (ids) query = query.where("id", "in", ids);
  if (orderId !== undefined) query = query.where("order_id", "=", orderId);
  for (const row of await query.execute()) {
    // Never reached the gateway (no reference): nothing is held there.
    if (!row.gateway_reference) {
      await finish(db, row.id);
      continue;
    }
    if (!gateway || gateway.name !== row.gateway) {
      logger.error("card hold cannot be released: its payment gateway is not set up here", {
        authorization: row.id,
        gateway: row.gateway,
      });
      outcome.failed += 1;
      continue;
    }
    if (!(await claim(db, row.id, staleBefore))) continue;
    try {
      await gateway.void(row.gateway_reference);
      await finish(db, row.id);
      outcome.released += 1;
    } catch (error) {
      outcome.failed += 1;
      await db
        .updateTable("card_authorizations")
        .set({ release_attempts: row.release_attempts + 1, release_claimed_at: null })
        .where("id", "=", row.id)
        .execute();
      logger.warn("card hold release failed; it is tried again on the next sweep", {
        authorization: row.id,
        reference: row.gateway_reference,
        attempts: row.release_attempts + 1,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}

/** After an order ended (committed): voids the holds it left marked, now. */
export function releaseHoldsOf(db: Db, gateway: PaymentGateway | null, orderId: number) {
  return releaseHolds(db, gateway, undefined, orderId);
}

/** Takes the row for this process; false when another process holds a live claim on it. */
async function claim(db: Db, id: number, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable("card_authorizations")
    .set({ release_claimed_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", RELEASING)
    .where((eb) =>
      eb.or([eb("release_claimed_at", "is", null), eb("release_claimed_at", "<", staleBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function finish(db: Db, id: number) {
  await db
    .updateTable("card_authorizations")
    .set({ status: VOIDED, release_claimed_at: null, updated_at: nowIso() })
    .where("id", "=", id)
    .where("status", "=", RELEASING)
    .execute();
}

/**
 * Sweeps now and then every RELEASE_SWEEP_INTERVAL_MS until stopped: a release that failed, or
 * whose process died before it ran, is tried again.
 */
export function startHoldReleaseSweeper(db: Db, gateway: PaymentGateway | null): () => void {
  return repeatEvery(RELEASE_SWEEP_INTERVAL_MS, () => releaseHolds(db, gateway), {
    failure: "card hold sweep failed",
    runNow: true,
  });
}
