/**
 * The transactional outbox of the shopper's notifications (issue 30, decision 044). An order
 * event (placed, substitutions made, ready, out for delivery, cancelled) writes one message per
 * channel the shopper chose, in the transaction that made the event, under an idempotency key
 * per event and channel (a second write of the same event is nothing). A worker in every server
 * process delivers due messages: it claims each row with a conditional update (one process wins;
 * a claim older than the lease is taken over), sends it, and marks it sent, or counts the
 * attempt and backs off (core/rules/notifications). Messages survive a restart in the table.
 */
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import {
  backoffMs,
  MAX_ATTEMPTS,
  notificationEmail,
  notificationSms,
  type NotificationEvent,
} from "@core/rules/notifications";
import { formatQuantityWithUnit } from "@core/rules/units";
import type { Database } from "../db/schema";
import { jsonArray, nowIso } from "../db/values";
import type { Messengers } from "../integrations/messaging";
import { logger } from "../logger";
import { repeatEvery } from "./repeating-work";

type Db = Kysely<Database>;
type Tx = Db | Transaction<Database>;

/** How long a claimed message is the claiming process's; past it another may take it over. */
export const OUTBOX_LEASE_MS = 60_000;
/** How often each process looks for due messages. */
export const OUTBOX_POLL_MS = 2_000;
/**
 * How long a delivered message is kept (its record, and its idempotency key against a repeat of
 * the same event) before the worker prunes it.
 */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** How often each process prunes delivered messages. */
const OUTBOX_PRUNE_EVERY_MS = 60 * 60_000;

/** The key of one event's message on one channel: the same event is one message. */
const outboxKeyOf = (orderId: number, event: NotificationEvent, channel: string) =>
  `order-${orderId}-${event}-${channel}`;

/** The store's changes to an order, in the shopper's words. */
async function changesOf(db: Tx, orderId: number): Promise<string[]> {
  const items = await db
    .selectFrom("order_items as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .leftJoin("products as given", "given.id", "i.picked_product_id")
    .select([
      "i.pick_status",
      "i.quantity",
      "i.picked_quantity",
      "p.name",
      "p.unit_of_measure",
      "given.name as given_name",
    ])
    .where("i.order_id", "=", orderId)
    .orderBy("i.id")
    .execute();
  return items.flatMap((i) => {
    if (i.pick_status === "unavailable") return [`${i.name}: unavailable, removed`];
    if (i.pick_status === "substituted")
      return [`${i.name}: substituted with ${i.given_name ?? "a similar product"}`];
    if (
      i.pick_status === "picked" &&
      i.picked_quantity !== null &&
      i.picked_quantity !== i.quantity
    )
      return [
        `${i.name}: ${formatQuantityWithUnit(i.picked_quantity, i.unit_of_measure)} (ordered ${formatQuantityWithUnit(i.quantity, i.unit_of_measure)})`,
      ];
    return [];
  });
}

/**
 * Writes the event's messages (inside the transaction that made it, order row held): one per
 * channel the shopper chose and has an address for. Answers how many were new.
 */
export async function enqueueOrderEvent(
  trx: Tx,
  orderId: number,
  event: NotificationEvent,
): Promise<number> {
  const order = await trx
    .selectFrom("orders")
    .innerJoin("departments", "departments.id", "orders.department_id")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .select([
      "orders.number",
      "orders.customer_first_name",
      "orders.customer_email",
      "orders.customer_phone",
      "orders.notification_type",
      "orders.total",
      "orders.final_total",
      "stores.name as store_name",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order?.number) return 0;
  const facts = {
    number: order.number,
    storeName: order.store_name,
    firstName: order.customer_first_name,
    amount: order.final_total ?? order.total,
    changes: event === "substitutions" ? await changesOf(trx, orderId) : [],
  };
  const now = nowIso();
  let added = 0;
  for (const channel of jsonArray(order.notification_type)) {
    const recipient = channel === "email" ? order.customer_email : order.customer_phone;
    if ((channel !== "email" && channel !== "sms") || !recipient) continue;
    const email = notificationEmail(event, facts);
    const result = await trx
      .insertInto("outbox_messages")
      .values({
        idempotency_key: outboxKeyOf(orderId, event, channel),
        order_id: orderId,
        event,
        channel,
        recipient,
        subject: email.subject,
        body: channel === "email" ? email.text : notificationSms(event, facts),
        status: "pending",
        next_attempt_at: now,
        claimed_at: null,
        last_error: null,
        sent_at: null,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** Whether an order has substitutions or removals to tell the shopper about. */
export async function hasChanges(db: Tx, orderId: number) {
  return (await changesOf(db, orderId)).length > 0;
}

export interface DeliveryOutcome {
  sent: number;
  failed: number;
}

/** A message another process may take: pending, and unclaimed or its claim's lease run out. */
const claimable = (now: Date) => (eb: ExpressionBuilder<Database, "outbox_messages">) => {
  const staleBefore = new Date(now.getTime() - OUTBOX_LEASE_MS).toISOString();
  return eb.and([
    eb("status", "=", "pending"),
    eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", staleBefore)]),
  ]);
};

/** Claims one message for this process: a conditional update, so one process of several wins. */
async function claim(db: Db, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable("outbox_messages")
    .set({ claimed_at: now.toISOString() })
    .where("id", "=", id)
    .where(claimable(now))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Delivers the messages due now, once each: claimed by a conditional update, sent, marked. A
 * failure is counted and the message waits its back-off; nothing is thrown.
 */
export async function deliverOutbox(
  db: Db,
  messengers: Messengers,
  { now = new Date(), batch = 20 }: { now?: Date; batch?: number } = {},
): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { sent: 0, failed: 0 };
  const due = await db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("next_attempt_at", "<=", now.toISOString())
    .where(claimable(now))
    .orderBy("id")
    .limit(batch)
    .execute();
  for (const message of due) {
    if (!(await claim(db, message.id, now))) continue;
    try {
      if (message.channel === "email")
        await messengers.email.send({
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          idempotencyKey: message.idempotency_key,
        });
      else
        await messengers.sms.send({
          to: message.recipient,
          body: message.body,
          idempotencyKey: message.idempotency_key,
        });
      await db
        .updateTable("outbox_messages")
        .set({ status: "sent", sent_at: nowIso(), claimed_at: null, last_error: null })
        .where("id", "=", message.id)
        .execute();
      outcome.sent += 1;
    } catch (error) {
      const attempts = message.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("outbox_messages")
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
          claimed_at: null,
          last_error: reason.slice(0, 500),
        })
        .where("id", "=", message.id)
        .execute();
      outcome.failed += 1;
      logger.warn("notification not sent; it is tried again after its back-off", {
        message: message.id,
        channel: message.channel,
        attempts,
        error: reason,
      });
    }
  }
  return outcome;
}

/**
 * Removes delivered messages sent more than OUTBOX_RETENTION_MS before `now`; answers how many.
 * Pending and failed messages stay, whatever their age.
 */
export async function pruneOutbox(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_RETENTION_MS).toISOString();
  const result = await db
    .deleteFrom("outbox_messages")
    .where("status", "=", "sent")
    .where("sent_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Delivers due messages every OUTBOX_POLL_MS until stopped, and prunes delivered ones at its
 * first poll and every OUTBOX_PRUNE_EVERY_MS after.
 */
export function startOutboxWorker(db: Db, messengers: Messengers): () => void {
  let prunedAt = -Infinity;
  return repeatEvery(
    OUTBOX_POLL_MS,
    async () => {
      await deliverOutbox(db, messengers);
      if (Date.now() - prunedAt < OUTBOX_PRUNE_EVERY_MS) return;
      prunedAt = Date.now();
      await pruneOutbox(db);
    },
    { failure: "outbox delivery failed" },
  );
}
