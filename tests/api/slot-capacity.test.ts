/**
 * Slot capacity (decision 028) on one database (SQLite in `test:unit`, PostgreSQL with
 * TEST_DATABASE=postgres): saving a time holds a place, placing books it, expired holds stop
 * counting, cancelling, retracting or leaving an order frees its place, and parallel saves and
 * placements never take more places than the slot has.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICKUP_TIME_GONE } from "@core/rules/pickup-slots";
import { HOLD_MINUTES } from "@core/rules/slot-capacity";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  GUEST,
  newOrder,
  place,
  plainProduct,
  validSlot,
  type PlainProduct,
} from "../support/orders";

let api: TestApi;
let product: PlainProduct;
let slots: string[];
let locationId: number;

beforeAll(async () => {
  api = await startTestApi();
  product = await plainProduct(api, 0);
  const order = await newOrder(api, product.department_id);
  const { days } = await validSlot(api, order.id);
  // Well after the earliest slot: the lead time must not pass them while the tests run.
  slots = days.flatMap((d) => d.slots.map((s) => s.value)).slice(12);
  const read = await api.call("GET", `/orders/${order.id}?include=department.pickup_locations`);
  locationId = (await read.json()).data.department.data.pickup_locations.data[0].id;
});
afterAll(() => api.close());

/** The department caps every slot, pickup and delivery, at `capacity` (its own rules replaced). */
async function setCapacity(capacity: number) {
  const db = api.db.kysely;
  await db
    .deleteFrom("slot_capacities")
    .where("department_id", "=", product.department_id)
    .execute();
  await db
    .insertInto("slot_capacities")
    .values(
      (["pickup", "delivery"] as const).flatMap((kind) =>
        Array.from({ length: 7 }, (_, weekday) => ({
          department_id: product.department_id,
          kind,
          weekday,
          starts_at: "00:00",
          ends_at: "24:00",
          capacity,
        })),
      ),
    )
    .execute();
}

/** A cart of one item, with a location and customer but no time yet. */
async function cart() {
  const order = await newOrder(api, product.department_id);
  expect((await addItem(api, order.id, product, 1)).status).toBe(201);
  const put = await api.call("PUT", `/orders/${order.id}`, {
    body: { pickup_location_id: locationId, customer: GUEST },
  });
  expect(put.status).toBe(200);
  return order.id;
}

const saveTime = (orderId: number, pickupAt: string | null) =>
  api.call("PUT", `/orders/${orderId}`, { body: { pickup_at: pickupAt } });

async function expectGone(res: Response) {
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body.message).toBe(PICKUP_TIME_GONE);
  expect(body.errors.pickup_at).toEqual([PICKUP_TIME_GONE]);
}

const blackouts = async (orderId: number, query = "") =>
  (await api.call("GET", `/blackouts?order_id=${orderId}${query}`)).json();

const fullAt = (body: { data: { from: string; type: string }[] }, slot: string) =>
  body.data.some((b) => b.type === "full" && Date.parse(b.from) === Date.parse(slot));

describe("holds", () => {
  it("hold a place per saved time, refuse a full slot, and tell the picker what is left", async () => {
    await setCapacity(2);
    const slot = slots[0]!;
    const [a, b, c] = [await cart(), await cart(), await cart()];
    const before = Date.now();
    const saved = await saveTime(a, slot);
    expect(saved.status).toBe(200);
    const heldUntil = Date.parse((await saved.json()).data.held_until);
    expect(heldUntil).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000 - 1000);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + HOLD_MINUTES * 60_000);

    // One place left for the others: 'Only 1 left'.
    const forC = await blackouts(c);
    expect(forC.meta.hold_minutes).toBe(HOLD_MINUTES);
    expect(forC.meta.nearly_full).toContainEqual({
      at: new Date(slot).toISOString(),
      places_left: 1,
    });

    expect((await saveTime(b, slot)).status).toBe(200);
    await expectGone(await saveTime(c, slot));
    // Full for C, as a blackout an older client also keeps out; A's own place never blocks A.
    expect(fullAt(await blackouts(c), slot)).toBe(true);
    expect(fullAt(await blackouts(a), slot)).toBe(false);

    // A moves to another time: its place here is given up, and C gets it.
    expect((await saveTime(a, slots[1]!)).status).toBe(200);
    expect((await saveTime(c, slot)).status).toBe(200);
    // Clearing the time gives the place up too.
    expect((await saveTime(b, null)).status).toBe(200);
    const after = await (await api.call("GET", `/orders/${b}`)).json();
    expect(after.data.held_until).toBeNull();
    expect(fullAt(await blackouts(a), slot)).toBe(false);
  });

  it("stop counting once expired, and an expired hold is counted again at placement", async () => {
    await setCapacity(1);
    const slot = slots[4]!;
    const [a, b] = [await cart(), await cart()];
    expect((await saveTime(a, slot)).status).toBe(200);
    await expectGone(await saveTime(b, slot));
    await api.db.kysely
      .updateTable("slot_places")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("order_id", "=", a)
      .execute();
    expect((await (await api.call("GET", `/orders/${a}`)).json()).data.held_until).toBeNull();
    expect((await saveTime(b, slot)).status).toBe(200);
    // A's hold ran out and B holds the only place: A cannot be placed for that time.
    await expectGone(await place(api, a));
    const row = await api.db.kysely
      .selectFrom("orders")
      .select("status")
      .where("id", "=", a)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("incomplete");
    expect((await place(api, b)).status).toBe(200);
  });

  it("are freed when the cart is left", async () => {
    await setCapacity(1);
    const slot = slots[8]!;
    const [a, b] = [await cart(), await cart()];
    expect((await saveTime(a, slot)).status).toBe(200);
    await expectGone(await saveTime(b, slot));
    expect((await api.call("DELETE", `/orders/${a}`)).status).toBeLessThan(300);
    expect((await saveTime(b, slot)).status).toBe(200);
  });
});

describe("bookings", () => {
  it("are kept once placed, and freed by cancelling or retracting the order", async () => {
    await setCapacity(1);
    const slot = slots[12]!;
    const [a, b, c] = [await cart(), await cart(), await cart()];
    expect((await saveTime(a, slot)).status).toBe(200);
    expect((await place(api, a)).status).toBe(200);
    const booking = await api.db.kysely
      .selectFrom("slot_places")
      .selectAll()
      .where("order_id", "=", a)
      .executeTakeFirstOrThrow();
    expect(booking.expires_at).toBeNull();
    await expectGone(await saveTime(b, slot));

    expect((await api.call("DELETE", `/orders/${a}`)).status).toBe(200);
    expect((await saveTime(b, slot)).status).toBe(200);
    expect((await place(api, b)).status).toBe(200);
    await expectGone(await saveTime(c, slot));

    // Retracted into the cart, B gives its place up; placing it again counts the slot again.
    expect((await api.call("PUT", `/orders/${b}/retract`)).status).toBe(200);
    expect((await saveTime(c, slot)).status).toBe(200);
    await expectGone(await place(api, b));
  });

  it("are not taken in a slot without a cap", async () => {
    await api.db.kysely
      .deleteFrom("slot_capacities")
      .where("department_id", "=", product.department_id)
      .execute();
    const a = await cart();
    const saved = await saveTime(a, slots[16]!);
    expect((await saved.json()).data.held_until).toBeNull();
    expect((await place(api, a)).status).toBe(200);
    const body = await blackouts(await cart());
    expect(body.meta.nearly_full).toEqual([]);
    expect(body.data.some((b: { type: string }) => b.type === "full")).toBe(false);
  });
});

describe("bad input", () => {
  it("is refused with a 4xx, never a 500", async () => {
    await setCapacity(1);
    const a = await cart();
    const kind = await api.call("PUT", `/orders/${a}`, {
      body: { pickup_at: slots[20], fulfillment: "boat" },
    });
    expect(kind.status).toBe(422);
    expect((await api.call("GET", `/blackouts?order_id=${a}&fulfillment=boat`)).status).toBe(422);
    for (const pickupAt of ["tomorrow", "2026-13-45T99:00:00Z", 42]) {
      const res = await api.call("PUT", `/orders/${a}`, { body: { pickup_at: pickupAt } });
      expect(res.status).toBe(422);
    }
    // Off the slot grid: the time cannot be booked, and no place is taken.
    const offGrid = new Date(Date.parse(slots[20]!) + 60_000).toISOString();
    await expectGone(await saveTime(a, offGrid));
    const places = await api.db.kysely
      .selectFrom("slot_places")
      .select("id")
      .where("order_id", "=", a)
      .execute();
    expect(places).toHaveLength(0);
  });
});

describe("parallel requests for one slot with 12 places", () => {
  const statuses = (responses: Response[]) => responses.map((r) => r.status);

  it("hold exactly 12 places out of 30 saves", async () => {
    await setCapacity(12);
    const slot = slots[24]!;
    const carts = await Promise.all(Array.from({ length: 30 }, () => cart()));
    const answers = await Promise.all(carts.map((id) => saveTime(id, slot)));
    const codes = statuses(answers);
    expect(codes.filter((c) => c === 200)).toHaveLength(12);
    expect(codes.filter((c) => c === 422)).toHaveLength(18);
    for (const refused of answers.filter((r) => r.status === 422)) await expectGone(refused);
  });

  it("place exactly 12 of 30 orders whose holds ran out", async () => {
    // The 30 orders save their time while the slot has room for all, then the holds run out and
    // the cap drops to 12: each placement counts the slot again.
    await setCapacity(30);
    const slot = slots[28]!;
    const carts = await Promise.all(Array.from({ length: 30 }, () => cart()));
    for (const id of carts) expect((await saveTime(id, slot)).status).toBe(200);
    await api.db.kysely
      .updateTable("slot_places")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("order_id", "in", carts)
      .execute();
    await setCapacity(12);
    const answers = await Promise.all(carts.map((id) => place(api, id)));
    const codes = statuses(answers);
    expect(codes.filter((c) => c === 200)).toHaveLength(12);
    expect(codes.filter((c) => c === 422)).toHaveLength(18);
    for (const refused of answers.filter((r) => r.status === 422)) await expectGone(refused);
    const booked = await api.db.kysely
      .selectFrom("slot_places")
      .select("order_id")
      .where("order_id", "in", carts)
      .where("expires_at", "is", null)
      .execute();
    expect(booked).toHaveLength(12);
    const submitted = await api.db.kysely
      .selectFrom("orders")
      .select("id")
      .where("id", "in", carts)
      .where("status", "=", "submitted")
      .execute();
    expect(submitted.map((o) => o.id).sort()).toEqual(booked.map((b) => b.order_id).sort());
  }, 120_000);
});
