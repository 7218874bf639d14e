/**
 * Delivery (spec §4 "Delivery mode", §5, §7, §8; decision 022): an address checked and priced by
 * the department's delivery service, delivery turned on and off, and placement with the delivery
 * payload, on the sandbox delivery partner and the store's own drivers. Stored totals always equal
 * their items plus delivery and tip, whatever runs at the same time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { mapDeliveryFieldErrors } from "@core/rules/delivery-address";
import { OUTSIDE_AREA } from "../../api/integrations/delivery/types";
import {
  SANDBOX_BAD_PHONE,
  SANDBOX_OUT_OF_AREA_ZIP,
} from "../../api/integrations/delivery/door-dash-sandbox";
import { DeliveryServiceError, type DeliveryServices } from "../../api/integrations/delivery";
import { startTestApi, type TestApi } from "../support/api";
import { expectRefusal } from "../support/refusals";
import { doorDashSandbox } from "../../api/integrations/delivery/door-dash-sandbox";
import { approveCard, deliveryShop as shop, type Shop } from "../support/deliveries";
import { place, storedTotals, validSlot } from "../support/orders";
import { bindKey, newUser } from "../support/users";

let api: TestApi;
/** A signed-in shopper's key. */
let key: string;
beforeAll(async () => {
  api = await startTestApi();
  key = await api.newKey();
  await bindKey(api, key, await newUser(api));
});
afterAll(() => api.close());

let dash: Shop;
let drivers: Shop;
beforeAll(async () => {
  dash = await shop(api, "door_dash");
  drivers = await shop(api, "store");
});

const as = (k: string | undefined) => (k === undefined ? {} : { key: k });

/** A signed-in cart of `quantity` of the shop's first product. */
async function cart(s: Shop, k: string | undefined = key, quantity = 2) {
  const res = await api.call("POST", "/items", {
    ...as(k),
    body: { department_id: s.departmentId, product_id: s.products[0]!.id, quantity },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { order_id: number } }).data.order_id;
}

const info = (s: Shop, changes: Record<string, unknown> = {}) => ({
  first_name: "Pat",
  last_name: "Rivera",
  email: "pat@example.com",
  phone: "(609) 555-0142",
  address: "12 Nassau Street",
  city: "Somewhere",
  state: s.state,
  zip_code: s.zip,
  dropoff_instructions: "Ring twice",
  tip: 250,
  ...changes,
});

const validate = (orderId: number, body: unknown, k: string | undefined = key) =>
  api.call("POST", `/orders/${orderId}/delivery/validate`, { ...as(k), body });
const setDelivery = (orderId: number, body: unknown, k: string | undefined = key) =>
  api.call("POST", `/orders/${orderId}/store-delivery`, { ...as(k), body });
const removeDelivery = (orderId: number, k: string | undefined = key) =>
  api.call("DELETE", `/orders/${orderId}/store-delivery`, as(k));

/** The stored order, its delivery row and the sum of its items: they must always agree. */
async function expectConsistent(orderId: number) {
  const { order, itemsSum } = await storedTotals(api, orderId);
  const row = await api.db.kysely
    .selectFrom("order_deliveries")
    .selectAll()
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  expect(order.subtotal).toBe(itemsSum);
  expect(order.total).toBe(
    Math.max(
      0,
      itemsSum + order.delivery_amount + order.tip_amount - order.discount - order.club_savings,
    ),
  );
  if (row) {
    expect(order.delivery_amount).toBe(row.delivery_amount);
    expect(order.tip_amount).toBe(row.tip_amount);
  } else {
    expect(order.delivery_amount).toBe(0);
    expect(order.tip_amount).toBe(0);
  }
  return { order, row, itemsSum };
}

/** A pickup time the order may have (delivery keeps the slot; the driver leaves then). */
async function chooseTime(orderId: number, k = key) {
  const { days } = await validSlot(api, orderId, k);
  const slots = days.flatMap((d) => d.slots);
  const slot = slots[Math.min(4, slots.length - 1)]!;
  const res = await api.call("PUT", `/orders/${orderId}`, {
    key: k,
    body: { pickup_at: slot.value },
  });
  expect(res.status).toBe(200);
}

/** A time chosen and the card authorized: what a delivery order needs before it is placed. */
async function readyToPlace(orderId: number) {
  await chooseTime(orderId);
  await approveCard(api, orderId);
}

const placeWith = (orderId: number, body: unknown, idempotencyKey?: string) =>
  fetch(`${api.url}/orders/${orderId}/place`, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });

const payload = (s: Shop, changes: Record<string, unknown> = {}) => ({
  delivery: {
    dropoff_instructions: "Leave at the door",
    dropoff_address: {
      street: "Nassau Street",
      unit: "12",
      city: "Somewhere",
      state: s.state,
      zip_code: s.zip,
      ...changes,
    },
    tip: 300,
  },
});

describe("POST /orders/{id}/delivery/validate", () => {
  it("quotes the delivery partner's fee, the tip, the delivery total and the minutes", async () => {
    const id = await cart(dash);
    const res = await validate(id, info(dash));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const { itemsSum } = await storedTotals(api, id);
    expect(data).toMatchObject({
      provider: "door_dash",
      delivery_amount: 599,
      tip_amount: 250,
      delivery_total: 849,
      discount: 0,
      order_total: itemsSum + 849,
      estimated_minutes: 60,
    });
    expect(data.quote_id).toMatch(/^sbx_q_/);
    // Nothing is stored.
    const after = await expectConsistent(id);
    expect(after.row).toBeUndefined();
  });

  it("answers the partner's field errors for an address outside the service area", async () => {
    const id = await cart(dash);
    for (const changes of [{ zip_code: SANDBOX_OUT_OF_AREA_ZIP }, { state: "ZZ" }]) {
      const body = await expectRefusal(
        await validate(id, info(dash, changes)),
        422,
        "delivery_address_invalid",
      );
      expect(body.errors).toEqual({ dropoff_address: [OUTSIDE_AREA] });
      expect(mapDeliveryFieldErrors(body.errors).fields).toEqual({ address: [OUTSIDE_AREA] });
    }
    const phone = await expectRefusal(
      await validate(id, info(dash, { phone: "(011) 555-0142", zip_code: "99999-1234" })),
      422,
      "delivery_address_invalid",
    );
    expect(phone.errors).toEqual({
      dropoff_address: [OUTSIDE_AREA],
      dropoff_phone_number: [SANDBOX_BAD_PHONE],
    });
    expect(mapDeliveryFieldErrors(phone.errors).fields).toEqual({
      address: [OUTSIDE_AREA],
      phone: [SANDBOX_BAD_PHONE],
    });
  });

  it("refuses bad input with 422 and the form's fields, never a 500", async () => {
    const id = await cart(dash);
    const empty = await expectRefusal(await validate(id, {}), 422, "delivery_address_invalid");
    expect(Object.keys(empty.errors!).sort()).toEqual(
      ["address", "city", "email", "first_name", "last_name", "phone", "state", "zip_code"].sort(),
    );
    const bad: unknown[] = [
      info(dash, { zip_code: "1234" }),
      info(dash, { tip: -1 }),
      info(dash, { tip: 2.5 }),
      info(dash, { tip: { toString: 1 } }),
      info(dash, { tip: 100_001 }),
      info(dash, { city: "a\u0000b" }),
      info(dash, { address: 42 }),
      info(dash, { dropoff_instructions: "x".repeat(501) }),
      info(dash, { email: "not-an-email" }),
      [],
      "null",
    ];
    for (const body of bad) {
      const res = await validate(id, body);
      expect([422], JSON.stringify(body).slice(0, 80)).toContain(res.status);
    }
    const malformed = await validate(id, "{ not json");
    expect(malformed.status).toBe(422);
  });

  it("is for the order's signed-in owner, an incomplete order, a department that delivers", async () => {
    // Guests cannot get delivery (spec §6), whichever call they make.
    const guestKey = await api.newKey();
    const guestOrder = await cart(dash, guestKey);
    for (const call of [validate, setDelivery])
      await expectRefusal(
        await call(guestOrder, info(dash), guestKey),
        403,
        "delivery_sign_in_required",
      );
    // Someone else's order, an unknown one, a path that is no id.
    const other = await api.newKey();
    await bindKey(api, other, await newUser(api));
    const mine = await cart(dash);
    await expectRefusal(await validate(mine, info(dash), other), 404, "not_found");
    await expectRefusal(await validate(99_999_999, info(dash)), 404, "not_found");
    await expectRefusal(
      await api.call("POST", "/orders/abc/delivery/validate", { key, body: info(dash) }),
      404,
      "not_found",
    );
    await expectRefusal(
      await validate(mine, info(dash), null as unknown as string),
      401,
      "unauthenticated",
    );
    // A department that does not deliver.
    const pickupOnly = await api.db.kysely
      .selectFrom("departments")
      .select("id")
      .where("delivery_enabled", "=", 0)
      .where("remote_orders_require_authentication", "=", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const product = await api.db.kysely
      .selectFrom("department_products")
      .select("product_id")
      .where("department_id", "=", pickupOnly.id)
      .where("remaining_quantity", "is", null)
      .orderBy("product_id")
      .executeTakeFirstOrThrow();
    const added = await api.call("POST", "/items", {
      key,
      body: { department_id: pickupOnly.id, product_id: product.product_id, quantity: 1 },
    });
    if (added.status === 201) {
      const pickupOrder = (await added.json()).data.order_id;
      const body = await expectRefusal(
        await validate(pickupOrder, info(dash)),
        403,
        "delivery_not_allowed",
      );
      expect(body.message).toBe("This department does not allow order delivery.");
    }
    // An item that cannot be delivered.
    await api.db.kysely
      .updateTable("products")
      .set({ deliverable: 0 })
      .where("id", "=", dash.products[0]!.id)
      .execute();
    try {
      await expectRefusal(await validate(mine, info(dash)), 403, "delivery_not_allowed");
    } finally {
      await api.db.kysely
        .updateTable("products")
        .set({ deliverable: 1 })
        .where("id", "=", dash.products[0]!.id)
        .execute();
    }
  });
});

describe("POST and DELETE /orders/{id}/store-delivery", () => {
  it("turns delivery on: the delivery, its fee and tip in the order and its totals", async () => {
    const id = await cart(dash);
    const res = await setDelivery(id, info(dash));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const { itemsSum, row, order } = await expectConsistent(id);
    expect(data.delivery).toEqual({
      provider: "door_dash",
      first_name: "Pat",
      last_name: "Rivera",
      email: "pat@example.com",
      phone: "(609) 555-0142",
      street: "Nassau Street",
      unit: "12",
      city: "Somewhere",
      state: dash.state,
      zip_code: dash.zip,
      dropoff_instructions: "Ring twice",
      tip_amount: 250,
      delivery_amount: 599,
      estimated_minutes: 60,
      external_delivery_id: null,
    });
    expect(data).toMatchObject({
      subtotal: itemsSum,
      delivery_amount: 599,
      tip_amount: 250,
      total: itemsSum + 599 + 250,
      customer: { first_name: "Pat", last_name: "Rivera", email: "pat@example.com" },
    });
    expect(row?.quote_id).toMatch(/^sbx_q_/);
    expect(order.customer_phone).toBe("(609) 555-0142");
    // Set again: one delivery, the new tip.
    const again = await setDelivery(id, info(dash, { tip: 0, dropoff_instructions: "" }));
    expect(again.status).toBe(200);
    expect((await again.json()).data.delivery).toMatchObject({
      tip_amount: 0,
      dropoff_instructions: null,
    });
    const rows = await api.db.kysely
      .selectFrom("order_deliveries")
      .select("id")
      .where("order_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    await expectConsistent(id);
  });

  it("the store's own drivers charge the department's fee and time, in the store's state only", async () => {
    const id = await cart(drivers);
    const res = await setDelivery(id, info(drivers, { tip: 0 }));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.delivery).toMatchObject({
      provider: "store",
      delivery_amount: 999,
      estimated_minutes: 120,
    });
    expect(data.total).toBe(data.subtotal + 999);
    const out = await expectRefusal(
      await setDelivery(id, info(drivers, { state: "ZZ" })),
      422,
      "delivery_address_invalid",
    );
    expect(out.errors).toEqual({ dropoff_address: [OUTSIDE_AREA] });
    // The refused change left the delivery as it was.
    expect((await expectConsistent(id)).order.delivery_amount).toBe(999);
  });

  it("a delivery promotion discounts the delivery amount once the order is a delivery order", async () => {
    const id = await cart(dash);
    const apply = (code: string) =>
      api.call("POST", `/orders/${id}/promotion`, { key, body: { code } });
    await expectRefusal(await apply("FREEDELIVERY"), 400, "promotion_refused");
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    const free = await apply("FREEDELIVERY");
    expect(free.status).toBe(200);
    const { data } = await free.json();
    expect(data.discount).toBe(599);
    expect(data.total).toBe(data.subtotal + 250);
    const quote = await (await validate(id, info(dash, { tip: 100 }))).json();
    expect(quote.data).toMatchObject({ discount: 599, order_total: data.subtotal + 100 });
    const three = await apply("DELIVERY3");
    expect((await three.json()).data).toMatchObject({ discount: 300 });
    // Delivery off: a delivery promotion discounts nothing.
    const off = await removeDelivery(id);
    expect((await off.json()).data).toMatchObject({ discount: 0, delivery_amount: 0 });
    await expectConsistent(id);
  });

  it("turns delivery off: no delivery, fee or tip is left", async () => {
    const id = await cart(dash);
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    const res = await removeDelivery(id);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ delivery: null, delivery_amount: 0, tip_amount: 0 });
    expect(data.total).toBe(data.subtotal);
    expect((await expectConsistent(id)).row).toBeUndefined();
    // Turning off twice is harmless.
    expect((await removeDelivery(id)).status).toBe(200);
  });

  it("refuses strangers, bad input and submitted orders", async () => {
    const id = await cart(dash);
    const other = await api.newKey();
    await expectRefusal(await setDelivery(id, info(dash), other), 404, "not_found");
    await expectRefusal(await removeDelivery(id, other), 404, "not_found");
    await expectRefusal(await removeDelivery(99_999_999), 404, "not_found");
    const body = await expectRefusal(
      await setDelivery(id, info(dash, { zip_code: "", first_name: "" })),
      422,
      "delivery_address_invalid",
    );
    expect(Object.keys(body.errors!).sort()).toEqual(["first_name", "zip_code"]);
    await expectRefusal(await setDelivery(id, "[1,2"), 422, "invalid");
    await expectRefusal(
      await setDelivery(id, info(dash, { tip: "-5" })),
      422,
      "delivery_address_invalid",
    );
    // Submitted: 403 for on and off.
    await api.db.kysely
      .updateTable("orders")
      .set({ status: "submitted" })
      .where("id", "=", id)
      .execute();
    await expectRefusal(await setDelivery(id, info(dash)), 403, "order_not_editable");
    await expectRefusal(await removeDelivery(id), 403, "order_not_editable");
    await expectRefusal(await validate(id, info(dash)), 403, "order_not_editable");
  });
});

describe("placing a delivery order (PUT /orders/{id}/place with the delivery payload)", () => {
  it("checks the payload, books the delivery and keeps totals equal to items, delivery and tip", async () => {
    const id = await cart(dash);
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    await readyToPlace(id);
    const res = await placeWith(id, payload(dash));
    expect(res.status, await res.clone().text()).toBe(200);
    const { data } = await res.json();
    expect(data.status).toBe("submitted");
    expect(data.pickup_location_id).toBeNull();
    expect(data.delivery).toMatchObject({
      street: "Nassau Street",
      unit: "12",
      tip_amount: 300,
      dropoff_instructions: "Leave at the door",
    });
    expect(data.delivery.external_delivery_id).toMatch(/^sbx_d_oe-/);
    const { itemsSum } = await expectConsistent(id);
    expect(data.total).toBe(itemsSum + 599 + 300);
  });

  it("the order list answers a placed delivery order with its delivery", async () => {
    const id = await cart(drivers);
    expect((await setDelivery(id, info(drivers))).status).toBe(200);
    await readyToPlace(id);
    expect((await placeWith(id, payload(drivers))).status).toBe(200);
    const res = await api.call("GET", "/orders?placed=1", { key });
    expect(res.status).toBe(200);
    const listed = ((await res.json()) as { data: { id: number; delivery: unknown }[] }).data;
    expect(listed.find((order) => order.id === id)?.delivery).toMatchObject({
      provider: "store",
      street: "Nassau Street",
      unit: "12",
    });
  });

  it("places with the stored delivery when no payload is sent", async () => {
    const id = await cart(drivers);
    expect((await setDelivery(id, info(drivers))).status).toBe(200);
    await readyToPlace(id);
    const res = await place(api, id, undefined, key);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.delivery.external_delivery_id).toMatch(/^store-oe-/);
    expect(data.total).toBe(data.subtotal + 999 + 250);
  });

  it("answers 422 with the delivery's field errors, and the order stays as it was", async () => {
    const id = await cart(dash);
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    await readyToPlace(id);
    const before = await expectConsistent(id);
    const out = await expectRefusal(
      await placeWith(id, payload(dash, { zip_code: SANDBOX_OUT_OF_AREA_ZIP })),
      422,
      "delivery_address_invalid",
    );
    expect(out.errors).toEqual({ "delivery.dropoff_address": [OUTSIDE_AREA] });
    expect(mapDeliveryFieldErrors(out.errors).fields).toEqual({ address: [OUTSIDE_AREA] });
    const shape = await expectRefusal(
      await placeWith(id, payload(dash, { zip_code: "12", city: "" })),
      422,
      "delivery_address_invalid",
    );
    expect(Object.keys(shape.errors!).sort()).toEqual([
      "delivery.dropoff_address.city",
      "delivery.dropoff_address.zip_code",
    ]);
    expect(mapDeliveryFieldErrors(shape.errors).fields).toEqual({
      city: [expect.any(String)],
      zip_code: [expect.any(String)],
    });
    await expectRefusal(
      await placeWith(id, { delivery: { ...payload(dash).delivery, tip: -1 } }),
      422,
      "delivery_address_invalid",
    );
    const after = await expectConsistent(id);
    expect(after.order.status).toBe("incomplete");
    expect(after.row).toEqual(before.row);
    expect(after.order.total).toBe(before.order.total);
  });

  it("never places a delivery order whose card is not authorized, or was declined", async () => {
    const id = await cart(drivers);
    expect((await setDelivery(id, info(drivers))).status).toBe(200);
    await chooseTime(id);
    await expectRefusal(await placeWith(id, payload(drivers)), 422, "online_payment_required");
    await approveCard(api, id, "declined");
    await expectRefusal(await placeWith(id, payload(drivers)), 422, "online_payment_required");
    const { order } = await expectConsistent(id);
    expect(order.status).toBe("incomplete");
  });

  it("refuses a payload for a pickup order, and a delivery the department stopped offering", async () => {
    const pickup = await cart(dash);
    await chooseTime(pickup);
    await expectRefusal(await placeWith(pickup, payload(dash)), 422, "delivery_not_set");
    const id = await cart(drivers);
    expect((await setDelivery(id, info(drivers))).status).toBe(200);
    await readyToPlace(id);
    await api.db.kysely
      .updateTable("departments")
      .set({ delivery_enabled: 0 })
      .where("id", "=", drivers.departmentId)
      .execute();
    try {
      const body = await expectRefusal(
        await placeWith(id, payload(drivers)),
        422,
        "delivery_not_allowed",
      );
      expect(body.errors).toEqual({ generic: ["This department does not allow order delivery."] });
    } finally {
      await api.db.kysely
        .updateTable("departments")
        .set({ delivery_enabled: 1 })
        .where("id", "=", drivers.departmentId)
        .execute();
    }
    expect((await expectConsistent(id)).order.status).toBe("incomplete");
  });
});

describe("races: every change holds the order row", () => {
  it("parallel delivery on and off never leave totals and the delivery apart", async () => {
    const id = await cart(dash);
    const calls = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? setDelivery(id, info(dash, { tip: 100 * i })) : removeDelivery(id),
    );
    const answers = await Promise.all(calls);
    for (const res of answers) expect(res.status).toBe(200);
    await expectConsistent(id);
  });

  it("parallel placements book one delivery and place once", async () => {
    const id = await cart(dash);
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    await readyToPlace(id);
    const answers = await Promise.all([
      placeWith(id, payload(dash)),
      placeWith(id, payload(dash, { unit: "14" })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const { order, row } = await expectConsistent(id);
    expect(order.status).toBe("submitted");
    expect(row?.external_delivery_id).toMatch(/^sbx_d_/);
  });

  it("a placement racing delivery on and off places a booked delivery or refuses", async () => {
    const id = await cart(dash);
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    await readyToPlace(id);
    const [placed, on, off] = await Promise.all([
      placeWith(id, payload(dash)),
      setDelivery(id, info(dash, { tip: 900 })),
      removeDelivery(id),
    ]);
    const { order, row } = await expectConsistent(id);
    if (placed.status === 200) {
      // Placed first, or after the last change turned delivery back on: booked as it was placed.
      expect(order.status).toBe("submitted");
      expect(row?.external_delivery_id).toMatch(/^sbx_d_/);
      expect((await placed.json()).data.total).toBe(order.total);
    } else {
      // Delivery was off when it ran.
      await expectRefusal(placed, 422, "delivery_not_set");
      expect(order.status).toBe("incomplete");
    }
    for (const change of [on, off]) expect([200, 403]).toContain(change.status);
  });
});

describe("a delivery service that is away or not set up", () => {
  let away: TestApi;
  let awayKey: string;
  const failing: DeliveryServices = {
    door_dash: {
      provider: "door_dash",
      validate: () => Promise.reject(new DeliveryServiceError("down")),
      quote: () => Promise.reject(new DeliveryServiceError("down")),
      accept: () => Promise.reject(new DeliveryServiceError("down")),
      cancel: () => Promise.resolve(),
    },
  };
  beforeAll(async () => {
    away = await startTestApi({ delivery: failing });
    awayKey = await away.newKey();
    await bindKey(away, awayKey, await newUser(away));
  });
  afterAll(() => away.close());

  it("answers 502 delivery_unavailable, never a 500; the store's drivers are not set up either", async () => {
    const s = await shop(away, "door_dash");
    const res = await away.call("POST", "/items", {
      key: awayKey,
      body: { department_id: s.departmentId, product_id: s.products[0]!.id, quantity: 1 },
    });
    const id = (await res.json()).data.order_id;
    for (const path of ["delivery/validate", "store-delivery"]) {
      const answer = await away.call("POST", `/orders/${id}/${path}`, {
        key: awayKey,
        body: info(s),
      });
      await expectRefusal(answer, 502, "delivery_unavailable");
    }
    const store = await shop(away, "store");
    const other = await away.call("POST", "/items", {
      key: awayKey,
      body: { department_id: store.departmentId, product_id: store.products[0]!.id, quantity: 1 },
    });
    const storeOrder = (await other.json()).data.order_id;
    await expectRefusal(
      await away.call("POST", `/orders/${storeOrder}/store-delivery`, {
        key: awayKey,
        body: info(store),
      }),
      502,
      "delivery_unavailable",
    );
  });
});

describe("a placed delivery order taken back (DELETE /orders/{id}, PUT /orders/{id}/retract)", () => {
  afterEach(() => vi.restoreAllMocks());

  async function placedDelivery() {
    const id = await cart(dash);
    expect((await setDelivery(id, info(dash))).status).toBe(200);
    await readyToPlace(id);
    const res = await placeWith(id, payload(dash));
    expect(res.status).toBe(200);
    const booked = (await res.json()).data.delivery.external_delivery_id as string;
    expect(booked).toBeTruthy();
    return { id, booked };
  }

  it("cancelling calls the delivery off with its service and forgets the booking", async () => {
    const cancel = vi.spyOn(doorDashSandbox, "cancel");
    const { id, booked } = await placedDelivery();
    const res = await api.call("DELETE", `/orders/${id}`, { key });
    expect(res.status).toBe(200);
    expect(cancel).toHaveBeenCalledWith(booked);
    const { data } = await (await api.call("GET", `/orders/${id}`, { key })).json();
    expect(data.status).toBe("cancelled");
    expect(data.delivery.external_delivery_id).toBeNull();
  });

  it("retracting into the cart calls it off too: placing again books a new delivery", async () => {
    const cancel = vi.spyOn(doorDashSandbox, "cancel");
    const { id, booked } = await placedDelivery();
    expect((await api.call("PUT", `/orders/${id}/retract`, { key })).status).toBe(200);
    expect(cancel).toHaveBeenCalledWith(booked);
    const again = await placeWith(id, payload(dash));
    expect(again.status).toBe(200);
    expect((await again.json()).data.delivery.external_delivery_id).toBeTruthy();
  });

  it("a service that cannot be reached does not stop the shopper's cancel", async () => {
    vi.spyOn(doorDashSandbox, "cancel").mockRejectedValue(new Error("connect ECONNREFUSED"));
    const { id } = await placedDelivery();
    const res = await api.call("DELETE", `/orders/${id}`, { key });
    expect(res.status).toBe(200);
    expect((await res.json()).data.status).toBe("cancelled");
  });
});
