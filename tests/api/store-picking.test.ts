/**
 * Picking an order and charging its final amount (issue 30, decision 043), on SQLite and on
 * PostgreSQL: a pound of something weighed at 1.08 lb, an item substituted as the shopper allowed,
 * one unavailable; the final amount by the cart's rules; a capture of that amount against the
 * card hold at hand-over, never above the hold, retried when the gateway fails, and a void when
 * nothing is left to charge.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureHolds } from "../../api/services/captures";
import { recomputeFinal } from "../../api/services/picking";
import { startTestApi, type TestApi } from "../support/api";
import { addItem, newOrder, place, prepareForPlacement } from "../support/orders";
import { payOnPage } from "../support/payments";
import { associateKey, setStatus, storeOf, weighedAndEachProducts } from "../support/store";
import { signedInKey } from "../support/users";

let api: TestApi;
let weighed: { id: number; department_id: number };
let each: { id: number; department_id: number }[];
let storeId: number;
let associate: string;

beforeAll(async () => {
  // The sign-on config names the shop's loopback origins, which the return address must be on.
  api = await startTestApi({ sso: "sandbox", pay: "sandbox" });
  // A department selling a plain product by the pound and plain products by the each.
  ({ weighed, each } = await weighedAndEachProducts(api));
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, remote_orders_require_online_payment: 0 })
    .where("id", "=", weighed.department_id)
    .execute();
  storeId = (await storeOf(api, weighed.department_id)).id;
  associate = await associateKey(api, storeId);
});
afterAll(() => api.close());

interface Detail {
  status: string;
  items: {
    id: number;
    product_id: number;
    sold_by_weight: boolean;
    substitution: string;
    substitutes: { id: number; price: number }[];
    final_subtotal: number | null;
    pick_status: string | null;
  }[];
  final: { total: number; subtotal: number } | null;
  total: number;
  payment: string;
  held_amount: number | null;
  captured_amount: number | null;
}

/** A placed order of a pound of the weighed product and one of each of two others. */
async function placedOrder({ pay = true } = {}) {
  const { key } = await signedInKey(api);
  const { id } = await newOrder(api, weighed.department_id, key);
  for (const [product, quantity] of [
    [weighed, 1],
    [each[0]!, 2],
    [each[1]!, 1],
  ] as const)
    expect((await addItem(api, id, product as never, quantity, key)).status).toBe(201);
  await prepareForPlacement(api, id, { key });
  expect(
    (await api.call("PUT", `/orders/${id}`, { key, body: { substitutions_allowed: true } })).status,
  ).toBe(200);
  // The shopper allows no substitute for the third item.
  const third = await api.db.kysely
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", id)
    .where("product_id", "=", each[1]!.id)
    .executeTakeFirstOrThrow();
  expect(
    (
      await api.call("PUT", `/items/${third.id}/substitution`, {
        key,
        body: { substitution: "none" },
      })
    ).status,
  ).toBe(200);
  if (pay) {
    const started = await api.call("POST", `/orders/${id}/card-authorization`, {
      key,
      body: { return_url: `${api.origin}/card-authorization/process` },
    });
    expect(started.status, await started.clone().text()).toBe(200);
    await payOnPage((await started.json()).data.redirect_url, {});
  }
  const placed = await place(api, id, undefined, key);
  expect(placed.status, await placed.clone().text()).toBe(200);
  return { id, key };
}

const detail = async (id: number) => {
  const res = await api.call("GET", `/stores/${storeId}/orders/${id}`, { key: associate });
  expect(res.status).toBe(200);
  return (await res.json()).data as Detail;
};

const pick = (id: number, item: number, body: unknown) =>
  api.call("PUT", `/stores/${storeId}/orders/${id}/items/${item}`, { key: associate, body });

async function pickAll(id: number, weighedQuantity: number) {
  const before = await detail(id);
  const [w, e, none] = before.items;
  const substitute = e!.substitutes[0]!;
  expect(
    (await pick(id, w!.id, { pick_status: "picked", picked_quantity: weighedQuantity })).status,
  ).toBe(200);
  const subbed = await pick(id, e!.id, {
    pick_status: "substituted",
    picked_product_id: substitute.id,
  });
  expect(subbed.status, await subbed.clone().text()).toBe(200);
  expect((await pick(id, none!.id, { pick_status: "unavailable" })).status).toBe(200);
  return { w: w!, substitute };
}

const hold = (id: number) =>
  api.db.kysely
    .selectFrom("card_authorizations")
    .selectAll()
    .where("order_id", "=", id)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

const session = (reference: string) =>
  api.db.kysely
    .selectFrom("sandbox_payment_sessions")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();

describe("picking", () => {
  it("waits for the order to be in progress, needs the weight, and keeps to the shopper's choices", async () => {
    const { id } = await placedOrder({ pay: false });
    const { items } = await detail(id);
    const [w, , none] = items;
    expect(w!.sold_by_weight).toBe(true);
    expect((await pick(id, w!.id, { pick_status: "picked", picked_quantity: 1 })).status).toBe(409);
    expect((await setStatus(api, associate, storeId, id, "in_progress")).status).toBe(200);
    const noWeight = await pick(id, w!.id, { pick_status: "picked" });
    expect(noWeight.status).toBe(422);
    expect((await noWeight.json()).errors.picked_quantity).toEqual(["Enter the weighed quantity."]);
    expect(none!.substitution).toBe("none");
    const refused = await pick(id, none!.id, { pick_status: "substituted" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).code).toBe("substitute_not_offered");
    expect((await pick(id, none!.id, { pick_status: "bogus" })).status).toBe(422);
    // Ready only once every item is done.
    expect((await setStatus(api, associate, storeId, id, "ready")).status).toBe(409);
  });

  it("recomputes the final amount by the cart's rules: 1.08 lb, a substitute at its price, nothing for the unavailable", async () => {
    const { id } = await placedOrder({ pay: false });
    expect((await setStatus(api, associate, storeId, id, "in_progress")).status).toBe(200);
    const { w, substitute } = await pickAll(id, 1.08);
    const after = await detail(id);
    const weighedLine = Math.round(1.08 * (w as unknown as { price: number }).price);
    expect(after.items.map((i) => i.final_subtotal)).toEqual([
      weighedLine,
      2 * substitute.price,
      0,
    ]);
    expect(after.final).toMatchObject({
      subtotal: weighedLine + 2 * substitute.price,
      total: weighedLine + 2 * substitute.price,
    });
    // Paid at the store: nothing to capture; the amount due is the final one.
    expect(after.payment).toBe("store");
    expect((await setStatus(api, associate, storeId, id, "ready")).status).toBe(200);
    expect((await setStatus(api, associate, storeId, id, "picked_up")).status).toBe(200);
  });
});

describe("the final lines' write", () => {
  it("writes each changed line its own amount when several change at once", async () => {
    const { id } = await placedOrder({ pay: false });
    const rows = () =>
      api.db.kysely
        .selectFrom("order_items")
        .select(["id", "price", "subtotal", "quantity", "final_subtotal", "final_club_discount"])
        .where("order_id", "=", id)
        .orderBy("id")
        .execute();
    const [w, e, kept] = await rows();
    const mark = (itemId: number, pick_status: string, picked_quantity: number | null) =>
      api.db.kysely
        .updateTable("order_items")
        .set({ pick_status, picked_quantity, final_subtotal: null, final_club_discount: null })
        .where("id", "=", itemId)
        .execute();
    await mark(w!.id, "picked", 1.5);
    await mark(e!.id, "unavailable", null);
    await mark(kept!.id, "picked", kept!.quantity);
    await recomputeFinal(api.db.kysely, id);
    expect((await rows()).map((r) => [r.final_subtotal, r.final_club_discount])).toEqual([
      [Math.round(1.5 * w!.price), 0],
      [0, 0],
      [kept!.subtotal, 0],
    ]);
  });
});

describe("the final amount charged against the card hold", () => {
  it("captures the final amount once at hand-over and releases the rest", async () => {
    const { id, key } = await placedOrder();
    expect((await setStatus(api, associate, storeId, id, "in_progress")).status).toBe(200);
    await pickAll(id, 1.08);
    const { final } = await detail(id);
    expect((await setStatus(api, associate, storeId, id, "ready")).status).toBe(200);
    expect((await hold(id)).capture_amount).toBeNull();
    expect((await setStatus(api, associate, storeId, id, "picked_up")).status).toBe(200);
    const held = await hold(id);
    expect(held.captured_amount).toBe(final!.total);
    expect(held.amount).toBeGreaterThan(final!.total);
    const atGateway = await session(held.gateway_reference!);
    expect(atGateway).toMatchObject({ status: "captured", captured_amount: final!.total });
    // Asked again (a retry, a second process), nothing more is charged.
    expect(await captureHolds(api.db.kysely, api.payment)).toEqual({ captured: 0, failed: 0 });
    const again = await api.payment!.capture(held.gateway_reference!, {
      amount: final!.total,
      idempotencyKey: `capture-${held.id}`,
    });
    expect(again.capturedAmount).toBe(final!.total);
    expect((await detail(id)).captured_amount).toBe(final!.total);
    // The shopper's past orders show the final amount and each status the order took.
    const mine = await api.call("GET", "/orders?placed=1", { key });
    const listed = (await mine.json()).data.find((o: { id: number }) => o.id === id);
    expect(listed.final_total).toBe(final!.total);
    expect(listed.status_history.map((h: { status: string }) => h.status)).toEqual([
      "submitted",
      "in_progress",
      "ready",
      "picked_up",
    ]);
  });

  it("never captures more than the hold, and the gateway refuses more", async () => {
    const { id } = await placedOrder();
    expect((await setStatus(api, associate, storeId, id, "in_progress")).status).toBe(200);
    // Weighed far above the estimate: past the hold's margin.
    await pickAll(id, 6);
    const { final } = await detail(id);
    const before = await hold(id);
    expect(final!.total).toBeGreaterThan(before.amount);
    await expect(
      api.payment!.capture(before.gateway_reference!, {
        amount: before.amount + 1,
        idempotencyKey: "too-much",
      }),
    ).rejects.toThrow(/exceed/);
    expect((await setStatus(api, associate, storeId, id, "ready")).status).toBe(200);
    expect((await setStatus(api, associate, storeId, id, "picked_up")).status).toBe(200);
    const held = await hold(id);
    expect(held.captured_amount).toBe(held.amount);
    expect((await session(held.gateway_reference!)).captured_amount).toBe(held.amount);
  });

  it("retries a capture the gateway failed, and voids a hold with nothing to charge", async () => {
    const { id } = await placedOrder();
    expect((await setStatus(api, associate, storeId, id, "in_progress")).status).toBe(200);
    await pickAll(id, 1);
    expect((await setStatus(api, associate, storeId, id, "ready")).status).toBe(200);
    const real = api.payment!.capture;
    api.payment!.capture = async () => {
      throw new Error("gateway down");
    };
    try {
      expect((await setStatus(api, associate, storeId, id, "picked_up")).status).toBe(200);
    } finally {
      api.payment!.capture = real;
    }
    const failed = await hold(id);
    expect(failed.captured_amount).toBeNull();
    expect(failed.capture_attempts).toBe(1);
    expect(await captureHolds(api.db.kysely, api.payment)).toEqual({ captured: 1, failed: 0 });
    expect((await hold(id)).captured_amount).toBe(failed.capture_amount);

    const empty = await placedOrder();
    expect((await setStatus(api, associate, storeId, empty.id, "in_progress")).status).toBe(200);
    for (const item of (await detail(empty.id)).items)
      expect((await pick(empty.id, item.id, { pick_status: "unavailable" })).status).toBe(200);
    expect((await detail(empty.id)).final!.total).toBe(0);
    expect((await setStatus(api, associate, storeId, empty.id, "ready")).status).toBe(200);
    expect((await setStatus(api, associate, storeId, empty.id, "picked_up")).status).toBe(200);
    const voided = await hold(empty.id);
    expect(voided.status).toBe("voided");
    expect((await session(voided.gateway_reference!)).status).toBe("voided");
  });
});
