/**
 * A promotion is checked when it is applied and again when the order is placed: carts shrink,
 * codes expire and run out in between. One that no longer applies is taken off with a message,
 * never silently, and never discounts a placed order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  GUEST,
  newOrder,
  place,
  plainProduct,
  prepareForPlacement,
  readyToPlace,
  storedTotals,
} from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const applyCode = (orderId: number, code: string, key?: string) =>
  api.call("POST", `/orders/${orderId}/promotion`, { body: { code }, ...(key ? { key } : {}) });

async function promotion(code: string) {
  return api.db.kysely
    .selectFrom("promotions")
    .selectAll()
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
}

describe("placing with a promotion that no longer applies", () => {
  it("removes a minimum-spend code from a cart cut below its minimum, says so, and places at full price next time", async () => {
    const big = await plainProduct(api, 0);
    await api.db.kysely
      .updateTable("department_products")
      .set({ srp_amount: 1000, on_sale: 0 })
      .where("department_id", "=", big.department_id)
      .where("product_id", "=", big.id)
      .execute();
    const order = await newOrder(api, big.department_id);
    const added = await addItem(api, order.id, big, 20);
    expect(added.status).toBe(201);
    const itemId = (await added.json()).data.id;
    expect((await applyCode(order.id, "PARTY20")).status).toBe(200);
    // Cut the cart to one unit: far below the $150 minimum.
    const cut = await api.call("PUT", `/items/${itemId}`, {
      body: { product_id: big.id, quantity: 1, preferences: [] },
    });
    expect(cut.status).toBe(200);
    await prepareForPlacement(api, order.id);

    const refused = await place(api, order.id);
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.message).toMatch(/^That promotion code needs an order of at least \$150\.00\./);
    expect(body.message).toMatch(/removed from your order/);
    const after = await storedTotals(api, order.id);
    expect(after.order.promotion_id).toBeNull();
    expect(after.order.status).toBe("incomplete");
    expect(after.order.total).toBe(after.itemsSum);

    const placed = await place(api, order.id);
    expect(placed.status).toBe(200);
    const { data } = await placed.json();
    expect(data.discount).toBe(0);
    expect(data.total).toBe(after.itemsSum);
  });

  it("removes a code that expired after it was applied", async () => {
    const id = await readyToPlace(api, 3, await plainProduct(api, 1));
    expect((await applyCode(id, "SAVE10")).status).toBe(200);
    await api.db.kysely
      .updateTable("promotions")
      .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where("code", "=", "SAVE10")
      .execute();
    const refused = await place(api, id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toMatch(/^That promotion code has expired\./);
    expect((await storedTotals(api, id)).order.discount).toBe(0);
  });

  it("never passes a code's use limit, however many orders place at once", async () => {
    await api.db.kysely
      .updateTable("promotions")
      .set({ max_uses: 3, uses: 0 })
      .where("code", "=", "FIVEOFF")
      .execute();
    const product = await plainProduct(api, 2);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = await readyToPlace(api, 5, product);
      expect((await applyCode(id, "FIVEOFF")).status).toBe(200);
      ids.push(id);
    }
    const answers = await Promise.all(ids.map((id) => place(api, id)));
    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(3);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(422);
      expect((await refused.json()).message).toMatch(
        /^That promotion code has been fully redeemed\./,
      );
    }
    expect((await promotion("FIVEOFF")).uses).toBe(3);
    for (const id of ids) {
      const { order } = await storedTotals(api, id);
      // Only placed orders carry the discount; every other order lost the code.
      expect(order.discount > 0).toBe(order.status === "submitted");
    }
  });
});

describe("first-order codes", () => {
  it("work once per shopper: not for the same device, user or email again", async () => {
    const product = await plainProduct(api, 3);
    const device = await api.newKey();
    const shopper = { ...GUEST, email: "first.timer@example.com" };
    const first = await newOrder(api, product.department_id, device);
    expect((await addItem(api, first.id, product, 2, device)).status).toBe(201);
    await prepareForPlacement(api, first.id, { key: device, customer: shopper });
    expect((await applyCode(first.id, "FIRSTORDER", device)).status).toBe(200);
    expect((await place(api, first.id, undefined, device)).status).toBe(200);

    const again = await newOrder(api, product.department_id, device);
    expect((await addItem(api, again.id, product, 2, device)).status).toBe(201);
    const refused = await applyCode(again.id, "FIRSTORDER", device);
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.generic).toEqual([
      "That promotion code is for a first order only.",
    ]);

    // A new device with the same email: accepted on apply (no email yet), removed at placement.
    const other = await api.newKey();
    const sneaky = await newOrder(api, product.department_id, other);
    expect((await addItem(api, sneaky.id, product, 2, other)).status).toBe(201);
    expect((await applyCode(sneaky.id, "FIRSTORDER", other)).status).toBe(200);
    await prepareForPlacement(api, sneaky.id, {
      key: other,
      customer: { ...shopper, email: shopper.email.toUpperCase() },
    });
    const placed = await place(api, sneaky.id, undefined, other);
    expect(placed.status).toBe(422);
    expect((await placed.json()).message).toMatch(/first order only/);
  });
});
