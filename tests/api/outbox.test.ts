/**
 * The shopper's notifications through the transactional outbox (issue 30, decision 044), on
 * SQLite and on PostgreSQL: written in the transaction of the event, once per event and channel;
 * delivered with back-off through a mail server that is down for five minutes; exactly once with
 * several workers at once; a dead worker's claim taken over.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import { openDatabase } from "../../api/db/connection";
import { createMessengers, type Messengers } from "../../api/integrations/messaging";
import { sandboxMessagesPage } from "../../api/integrations/messaging/sandbox/pages";
import { backoffMs } from "@core/rules/notifications";
import {
  deliverOutbox,
  OUTBOX_LEASE_MS,
  OUTBOX_POLL_MS,
  OUTBOX_RETENTION_MS,
  pruneOutbox,
  startOutboxWorker,
} from "../../api/services/outbox";
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
afterEach(() => {
  vi.useRealTimers();
});

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

describe("two worker loops on the same database", () => {
  it("deliver each message exactly once, each on its own connection and timer, as two processes", async () => {
    await drain();
    const orders = await Promise.all([placed(), placed(), placed(), placed()]);
    const sent: string[] = [];
    // A slow mail server: both loops find the same due rows before either has sent one.
    const slow = (worker: string): Messengers => ({
      ...sandbox,
      email: {
        async send(message) {
          sent.push(`${worker}:${message.idempotencyKey}`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          await sandbox.email.send(message);
        },
      },
      sms: {
        async send(message) {
          sent.push(`${worker}:${message.idempotencyKey}`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          await sandbox.sms.send(message);
        },
      },
    });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    // The second process's own handle: its own SQLite connection or PostgreSQL pool.
    const other = openDatabase(api.db.url);
    const stops = [
      startOutboxWorker(api.db.kysely, slow("a")),
      startOutboxWorker(other.kysely, slow("b")),
    ];
    try {
      // One poll fires both loops at the same moment.
      vi.advanceTimersByTime(OUTBOX_POLL_MS);
      await vi.waitFor(
        async () => {
          const rows = (await Promise.all(orders.map(({ id }) => outbox(id)))).flat();
          expect(rows.map((m) => m.status)).toEqual(Array(8).fill("sent"));
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      for (const stop of stops) stop();
      await other.close();
    }
    const keys = sent.map((s) => s.slice(2));
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
  });
});

describe("the hosted SMS provider", () => {
  /** A provider speaking the adapter's shape: JSON { to, body }, a bearer key, our key. */
  async function fakeProvider(answers: number[]) {
    const received: { auth?: string; key?: string; type?: string; body: unknown }[] = [];
    const app = express().post("/v1/messages", express.json(), (req, res) => {
      received.push({
        auth: req.get("authorization"),
        key: req.get("idempotency-key"),
        type: req.get("content-type"),
        body: req.body,
      });
      if (req.get("authorization") !== "Bearer sk_test_123") {
        res.status(401).json({ error: "unauthorized" });
        return;
      }
      const status = answers.shift() ?? 200;
      res.status(status).json(status < 300 ? { id: `sms_${received.length}` } : { error: "busy" });
    });
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
    return { received, url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const hosted = (url: string, key: string) =>
    createMessengers(api.db.kysely, {
      smtpUrl: null,
      mailFrom: "Harvest Market <orders@example.com>",
      smsGatewayUrl: url,
      smsGatewayKey: key,
    });

  it("posts the text with our key and its idempotency key; an error is retried after the back-off, the same message", async () => {
    await drain();
    const provider = await fakeProvider([503]);
    try {
      const { id } = await placed();
      const now = new Date();
      expect(
        await deliverOutbox(api.db.kysely, hosted(provider.url, "sk_test_123"), { now }),
      ).toEqual({
        sent: 1,
        failed: 1,
      });
      const [, sms] = await outbox(id);
      expect(sms).toMatchObject({ status: "pending", attempts: 1 });
      expect(sms!.last_error).toContain("503");
      // Not again before its back-off.
      await deliverOutbox(api.db.kysely, hosted(provider.url, "sk_test_123"), { now });
      expect(provider.received).toHaveLength(1);
      const later = new Date(now.getTime() + backoffMs(1) + 1_000);
      expect(
        await deliverOutbox(api.db.kysely, hosted(provider.url, "sk_test_123"), { now: later }),
      ).toEqual({ sent: 1, failed: 0 });
      expect((await outbox(id))[1]).toMatchObject({ status: "sent", attempts: 1 });
      expect(provider.received).toHaveLength(2);
      for (const request of provider.received)
        expect(request).toEqual({
          auth: "Bearer sk_test_123",
          key: sms!.idempotency_key,
          type: "application/json",
          body: { to: GUEST.phone, body: sms!.body },
        });
    } finally {
      await provider.close();
    }
  });

  it("counts a refused key as a failed attempt, not a sent message", async () => {
    await drain();
    const provider = await fakeProvider([]);
    try {
      const { id } = await placed();
      const outcome = await deliverOutbox(api.db.kysely, hosted(provider.url, "sk_wrong"));
      expect(outcome).toEqual({ sent: 1, failed: 1 });
      const [, sms] = await outbox(id);
      expect(sms).toMatchObject({ status: "pending", attempts: 1 });
      expect(sms!.last_error).toContain("401");
    } finally {
      await provider.close();
    }
  });
});

describe("pruning the outbox", () => {
  it("removes delivered messages older than the retention, and keeps newer, pending and failed ones", async () => {
    await drain();
    const [a, b, c] = await Promise.all([placed(), placed(), placed()]);
    await drain();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const set = (orderId: number, values: { status: string; sent_at: string | null }) =>
      api.db.kysely
        .updateTable("outbox_messages")
        .set({ ...values, created_at: ago(OUTBOX_RETENTION_MS * 2) })
        .where("order_id", "=", orderId)
        .execute();
    await set(a.id, { status: "sent", sent_at: ago(OUTBOX_RETENTION_MS + 60_000) });
    await set(b.id, { status: "sent", sent_at: ago(OUTBOX_RETENTION_MS - 60_000) });
    await set(c.id, { status: "failed", sent_at: null });
    expect(await pruneOutbox(api.db.kysely, now)).toBe(2);
    expect(await outbox(a.id)).toEqual([]);
    expect(await outbox(b.id)).toHaveLength(2);
    expect(await outbox(c.id)).toHaveLength(2);
    expect(await pruneOutbox(api.db.kysely, now)).toBe(0);
  });

  it("is done by the worker at its first poll", async () => {
    await drain();
    const { id } = await placed();
    await drain();
    await api.db.kysely
      .updateTable("outbox_messages")
      .set({ sent_at: new Date(Date.now() - OUTBOX_RETENTION_MS - 60_000).toISOString() })
      .where("order_id", "=", id)
      .execute();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const stop = startOutboxWorker(api.db.kysely, sandbox);
    try {
      vi.advanceTimersByTime(OUTBOX_POLL_MS);
      await vi.waitFor(async () => expect(await outbox(id)).toEqual([]), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      stop();
    }
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
