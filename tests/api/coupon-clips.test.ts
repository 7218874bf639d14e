/**
 * POST /orders/{id}/coupon (spec §7): only an offer the API made can be loaded, only while the
 * coupon is valid and the department still offers it, and only to the signed-in shopper's own
 * club card. On SQLite in `test:unit`, PostgreSQL in `test:api:pg`.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { newOrder, plainProduct, type PlainProduct } from "../support/orders";
import { newUser, signedInKey } from "../support/users";

let api: TestApi;
let product: PlainProduct;
let cardSequence = 0;

beforeAll(async () => {
  api = await startTestApi();
  product = await plainProduct(api);
  await offeredFor('["website"]');
});
afterAll(() => api.close());

function offeredFor(sources: string) {
  return api.db.kysely
    .updateTable("departments")
    .set({ order_sources_with_coupon_code: sources })
    .where("id", "=", product.department_id)
    .execute();
}

/** A club member on a device of their own, with an order and the coupon it is offered. */
async function offered() {
  const card = String(5_000_000_000 + ++cardSequence);
  const { key } = await signedInKey(api, await newUser(api, { card_number: card }));
  const order = await newOrder(api, product.department_id, key);
  const res = await api.call("GET", `/orders/${order.id}/coupon?card_number=${card}`, { key });
  expect(res.status).toBe(200);
  const coupon = (await res.json()).data as { coupon_id: string; clip_token: string };
  return { key, card, orderId: order.id, coupon };
}

const clip = (
  orderId: number,
  key: string,
  body: { card_number: string; coupon_id: string; clip_token: string },
) => api.call("POST", `/orders/${orderId}/coupon`, { key, body });

async function refusal(res: Response) {
  const body = await res.json();
  return { status: res.status, code: body.code, fields: Object.keys(body.errors ?? {}) };
}

describe("loading a coupon to a card", () => {
  it("loads the offer as made, to the shopper's own card", async () => {
    const { key, card, orderId, coupon } = await offered();
    const res = await clip(orderId, key, { card_number: card, ...coupon });
    expect(res.status).toBe(201);
  });

  it("refuses a token made without the API's secret", async () => {
    const { key, card, orderId, coupon } = await offered();
    const order = await api.db.kysely
      .selectFrom("orders")
      .select("created_at")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    // What anyone could compute from the order: its id, its creation time and the coupon's id.
    const created = new Date(order.created_at as string | Date).toISOString();
    const forged = createHash("sha256")
      .update(`${orderId}:${created}:${coupon.coupon_id}`)
      .digest("hex")
      .slice(0, 32);
    const res = await clip(orderId, key, { card_number: card, ...coupon, clip_token: forged });
    expect(await refusal(res)).toEqual({
      status: 422,
      code: "coupon_offer_invalid",
      fields: ["clip_token"],
    });
  });

  it("refuses another order's token", async () => {
    const first = await offered();
    const second = await offered();
    const res = await clip(second.orderId, second.key, {
      card_number: second.card,
      coupon_id: first.coupon.coupon_id,
      clip_token: first.coupon.clip_token,
    });
    expect((await refusal(res)).code).toBe("coupon_offer_invalid");
  });

  it("refuses a guest, and a card that is not the signed-in shopper's", async () => {
    const guest = await api.newKey();
    const guestOrder = await newOrder(api, product.department_id, guest);
    const guestOffer = await api.call("GET", `/orders/${guestOrder.id}/coupon`, { key: guest });
    const guestCoupon = (await guestOffer.json()).data;
    const asGuest = await clip(guestOrder.id, guest, {
      card_number: "4000000001",
      coupon_id: guestCoupon.coupon_id,
      clip_token: guestCoupon.clip_token,
    });
    expect((await refusal(asGuest)).status).toBe(403);

    const { key, orderId, coupon } = await offered();
    const someoneElses = await clip(orderId, key, { card_number: "4000000002", ...coupon });
    expect(await refusal(someoneElses)).toEqual({
      status: 422,
      code: "coupon_offer_invalid",
      fields: ["card_number"],
    });
  });

  it("refuses a coupon that has expired since it was offered", async () => {
    const { key, card, orderId, coupon } = await offered();
    await api.db.kysely
      .updateTable("coupons")
      .set({ expiration_date: "2000-01-01" })
      .where("coupon_id", "=", coupon.coupon_id)
      .execute();
    const res = await clip(orderId, key, { card_number: card, ...coupon });
    expect((await refusal(res)).code).toBe("coupon_offer_invalid");
  });

  it("refuses an offer the department no longer makes", async () => {
    const { key, card, orderId, coupon } = await offered();
    await offeredFor("[]");
    try {
      const res = await clip(orderId, key, { card_number: card, ...coupon });
      expect((await refusal(res)).code).toBe("coupon_offer_invalid");
    } finally {
      await offeredFor('["website"]');
    }
  });
});
