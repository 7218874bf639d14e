/**
 * The shopper's notifications through the transactional outbox (issue 30, decision 044), on
 * SQLite and on PostgreSQL: written in the transaction of the event, once per event and channel;
 * delivered with back-off through a mail server that is down for five minutes; exactly once with
 * several workers at once; a dead worker's claim taken over.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import { createMessengers, type Messengers } from "../../api/integrations/messaging";
import { sandboxMessagesPage } from "../../api/integrations/messaging/sandbox/pages";
import { deliverOutbox, OUTBOX_LEASE_MS } from "../../api/services/outbox";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  GUEST,
  newOrder,
  place,
  plainProduct,
  prepareForPlacement,
} from "../support/orders";
import { associateKey, setStatus, storeOf } from "../support/store";

let api: TestApi;
let sandbox: Messengers;
beforeAll(async () => {
  api = await startTestApi();
  sandbox = createMessengers(api.db.kysely, {
    smtpUrl: null,
    mailFrom: "Harvest Market <orders@example.com>",
    smsGatewayUrl: null,
    smsGatewayKey: null,
  });
});
afterAll(() => api.close());

const both = { ...GUEST, notification_type: ["email", "sms"] };

/** A placed order whose shopper asked for email and SMS. */
async function placed() {
  const product = await plainProduct(api, 0);
  const key = await api.newKey();
  const { id } = await newOrder(api, product.department_id, key);
  expect((await addItem(api, id, product, 1, key)).status).toBe(201);
  await prepareForPlacement(api, id, { key, customer: both });
  expect((await place(api, id, undefined, key)).status).toBe(200);
  return { id, product };
}

const outbox = (orderId: number) =>
  api.db.kysely
    .selectFrom("outbox_messages")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();

const mailbox = (recipient: string) =>
  api.db.kysely
    .selectFrom("sandbox_messages")
    .selectAll()
    .where("recipient", "=", recipient)
    .orderBy("id")
    .execute();

/** Delivers every message now due everywhere, so a test starts from an empty queue. */
const drain = (now = new Date()) => deliverOutbox(api.db.kysely, sandbox, { now, batch: 500 });

describe("writing the outbox", () => {
  it("writes 'order placed' for each chosen channel with the placement, and the store's events with its moves", async () => {
    const { id, product } = await placed();
    expect((await outbox(id)).map((m) => [m.event, m.channel, m.recipient])).toEqual([
      ["placed", "email", GUEST.email],
      ["placed", "sms", GUEST.phone],
    ]);
    const store = await storeOf(api, product.department_id);
    const key = await associateKey(api, store.id);
    expect((await setStatus(api, key, store.id, id, "ready")).status).toBe(409);
    // A refused move writes nothing.
    expect(await outbox(id)).toHaveLength(2);
    expect((await setStatus(api, key, store.id, id, "in_progress")).status).toBe(200);
    const [item] = await api.db.kysely
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", id)
      .execute();
    const res = await api.call("PUT", `/stores/${store.id}/orders/${id}/items/${item!.id}`, {
      key,
      body: { pick_status: "unavailable" },
    });
    expect(res.status).toBe(200);
    expect((await setStatus(api, key, store.id, id, "ready")).status).toBe(200);
    const messages = await outbox(id);
    expect(messages.map((m) => `${m.event}/${m.channel}`)).toEqual([
      "placed/email",
      "placed/sms",
      "substitutions/email",
      "substitutions/sms",
      "ready/email",
      "ready/sms",
    ]);
    const changes = messages.find((m) => m.event === "substitutions" && m.channel === "email")!;
    expect(changes.body).toContain("unavailable, removed");
    expect(messages.find((m) => m.event === "ready")!.subject).toMatch(/is ready for pickup$/);
  });
});

describe("delivering the outbox", () => {
  it("survives a mail server down for five minutes: retried with back-off, delivered once", async () => {
    await drain();
    const { id } = await placed();
    const start = Date.now();
    let tries = 0;
    const down: Messengers = {
      ...sandbox,
      email: {
        async send(message) {
          tries += 1;
          if (clock < start + 5 * 60_000) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
          await sandbox.email.send(message);
        },
      },
    };
    let clock = start;
    // Five minutes and a half, a poll every two seconds, as a worker would.
    for (; clock <= start + 330_000; clock += 2_000)
      await deliverOutbox(api.db.kysely, down, { now: new Date(clock) });
    const [email, sms] = await outbox(id);
    expect(email).toMatchObject({ status: "sent" });
    expect(sms).toMatchObject({ status: "sent", attempts: 0 });
    // Backing off (5 s doubling, at most 5 min): a handful of tries, not one per poll.
    expect(tries).toBeGreaterThan(3);
    expect(tries).toBeLessThan(12);
    expect(email!.attempts).toBe(tries - 1);
    const kept = (await mailbox(GUEST.email)).filter((m) => m.subject === email!.subject);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.body).toContain("Thank you!");
  });

  it("delivers each message exactly once with several workers at once", async () => {
    await drain();
    const orders = await Promise.all([placed(), placed(), placed()]);
    const sent: string[] = [];
    const slow: Messengers = {
      ...sandbox,
      email: {
        async send(message) {
          sent.push(message.idempotencyKey);
          await new Promise((resolve) => setTimeout(resolve, 20));
          await sandbox.email.send(message);
        },
      },
      sms: {
        async send(message) {
          sent.push(message.idempotencyKey);
          await sandbox.sms.send(message);
        },
      },
    };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => deliverOutbox(api.db.kysely, slow)),
    );
    expect(outcomes.reduce((sum, o) => sum + o.sent, 0)).toBe(6);
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
    for (const { id } of orders)
      expect((await outbox(id)).every((m) => m.status === "sent")).toBe(true);
  });

  it("takes over a claim a dead worker left, once its lease ran out", async () => {
    await drain();
    const { id } = await placed();
    const now = new Date();
    await api.db.kysely
      .updateTable("outbox_messages")
      .set({ claimed_at: now.toISOString() })
      .where("order_id", "=", id)
      .execute();
    expect((await deliverOutbox(api.db.kysely, sandbox, { now })).sent).toBe(0);
    const later = new Date(now.getTime() + OUTBOX_LEASE_MS + 1_000);
    expect((await deliverOutbox(api.db.kysely, sandbox, { now: later })).sent).toBe(2);
  });
});

describe("the sandbox mailbox page", () => {
  it("lists what the sandboxes received, email and SMS, escaped", async () => {
    await sandbox.email.send({
      to: "robin@example.com",
      subject: "Order <1> is ready",
      text: "Your order is ready.",
      idempotencyKey: "page-test-email",
    });
    await sandbox.sms.send({
      to: "(609) 555-0100",
      body: "Ready!",
      idempotencyKey: "page-test-sms",
    });
    const app = express().use("/sandbox/messages", sandboxMessagesPage(api.db.kysely));
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/sandbox/messages`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<h1>Sandbox mailbox</h1>");
      expect(html).toContain("Order &lt;1&gt; is ready");
      expect(html).toContain("(609) 555-0100");
      expect(html).toContain("Ready!");
    } finally {
      server.close();
    }
  });
});
