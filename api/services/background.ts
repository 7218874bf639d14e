/**
 * The loops every server process runs beside its requests (server.ts): the card hold release
 * sweep, the capture sweep (decision 043) and the outbox worker (decision 044). Each claims its
 * rows, so every process may run all of them; none keeps the process alive.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Messengers } from "../integrations/messaging";
import type { PaymentGateway } from "../integrations/payment/gateway";
import { startCaptureSweeper } from "./captures";
import { startHoldReleaseSweeper } from "./hold-releases";
import { startOutboxWorker } from "./outbox";

/** Starts the three loops; the answer stops them all (at shutdown). */
export function startBackgroundWork(
  db: Kysely<Database>,
  gateway: PaymentGateway | null,
  messengers: Messengers,
): () => void {
  const stops = [
    // Holds whose release failed, or was left to the sweep (a store's cancel), are voided here.
    startHoldReleaseSweeper(db, gateway),
    // Captures of handed-over orders that failed are retried the same way.
    startCaptureSweeper(db, gateway),
    // The shopper's notifications: due outbox messages delivered, delivered ones pruned.
    startOutboxWorker(db, messengers),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
