/**
 * What the API promises every caller, proven route by route: another device's key never reaches
 * an order (404, as if it did not exist), a submitted order cannot be changed, and quantities stay
 * within the product's limits and its stock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { addItem, place, plainProduct, readyToPlace, storedTotals } from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const firstItemOf = async (orderId: number) =>
  (
    await api.db.kysely
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow()
  ).id;

/** Every call that names an order or one of its items, with a body that would otherwise pass. */
function orderCalls(orderId: number, itemId: number, productId: number) {
  const item = { product_id: productId, quantity: 1, preferences: [] };
  return [
    ["GET", `/orders/${orderId}`],
    ["PUT", `/orders/${orderId}`, { notes: "mine now" }],
    ["DELETE", `/orders/${orderId}`],
    ["PUT", `/orders/${orderId}/place`],
    ["POST", `/orders/${orderId}/promotion`, { code: "SAVE10" }],
    ["DELETE", `/orders/${orderId}/promotion`],
    ["PUT", `/orders/${orderId}/refresh`],
    ["PUT", `/orders/${orderId}/retract`],
    ["POST", `/orders/${orderId}/reorder`, { source: "website" }],
    ["GET", `/orders/${orderId}/product-recommendations`],
    ["GET", `/orders/${orderId}/coupon`],
    [
      "POST",
      `/orders/${orderId}/coupon`,
      { card_number: "123456789", coupon_id: "x", clip_token: "y" },
    ],
    ["GET", `/blackouts?order_id=${orderId}`],
    ["POST", "/items", { ...item, order_id: orderId }],
    ["PUT", `/items/${itemId}`, item],
    ["DELETE", `/items/${itemId}`],
    ["POST", `/items/${itemId}/image`],
  ] as const;
}

describe("another device's key", () => {
  it("gets 404 on every order-level call, and the order stays as it was", async () => {
    const product = await plainProduct(api, 0);
    const id = await readyToPlace(api, 2, product);
    const before = await storedTotals(api, id);
    const itemId = await firstItemOf(id);
    const stranger = await api.newKey();
    for (const [method, path, body] of orderCalls(id, itemId, product.id)) {
      const res = await api.call(method, path, { key: stranger, ...(body ? { body } : {}) });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 404`);
    }
    const after = await storedTotals(api, id);
    expect(after.order).toEqual(before.order);
    expect(after.items).toEqual(before.items);
  });
});

describe("a submitted order", () => {
  it("refuses item edits, deletes, additions, updates and promotion changes with 403", async () => {
    const product = await plainProduct(api, 1);
    const id = await readyToPlace(api, 2, product);
    expect((await place(api, id)).status).toBe(200);
    const before = await storedTotals(api, id);
    const itemId = await firstItemOf(id);
    const item = { product_id: product.id, quantity: 3, preferences: [] };
    for (const [method, path, body] of [
      ["POST", "/items", { ...item, order_id: id }],
      ["PUT", `/items/${itemId}`, item],
      ["DELETE", `/items/${itemId}`, undefined],
      ["PUT", `/orders/${id}`, { notes: "add two more" }],
      ["PUT", `/orders/${id}`, { customer: { first_name: "Someone" } }],
      ["POST", `/orders/${id}/promotion`, { code: "SAVE10" }],
      ["DELETE", `/orders/${id}/promotion`, undefined],
      ["PUT", `/orders/${id}/refresh`, undefined],
    ] as const) {
      const res = await api.call(method, path, body ? { body } : {});
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 403`);
    }
    const after = await storedTotals(api, id);
    expect(after.items).toEqual(before.items);
    expect(after.order.total).toBe(before.order.total);
    expect(after.order.notes).toBe(before.order.notes);
    // The confirmation page's notification opt-in is the one change still allowed.
    const optIn = await api.call("PUT", `/orders/${id}`, {
      body: { customer: { notification_type: ["email", "sms"] } },
    });
    expect(optIn.status).toBe(200);
  });
});

describe("quantity limits", () => {
  it("hold at the API: the global cap, the product's minimum and maximum, and what remains", async () => {
    const product = await plainProduct(api, 2);
    const order = (
      await (
        await api.call("POST", "/orders", { body: { department_id: product.department_id } })
      ).json()
    ).data;
    const problem = async (quantity: number) => {
      const res = await addItem(api, order.id, product, quantity);
      return res.status === 201 ? "ok" : ((await res.json()).errors.quantity[0] as string);
    };
    expect(await problem(50)).toBe("ok");
    expect(await problem(51)).toBe("Choose one of the quantities offered.");
    expect(await problem(1.5)).toBe("Choose one of the quantities offered.");

    await api.db.kysely
      .updateTable("products")
      .set({ minimum_quantity: 2, maximum_quantity: 6 })
      .where("id", "=", product.id)
      .execute();
    expect(await problem(1)).toBe("Choose one of the quantities offered.");
    expect(await problem(7)).toBe("Choose one of the quantities offered.");
    expect(await problem(6)).toBe("ok");

    await api.db.kysely
      .updateTable("department_products")
      .set({ remaining_quantity: 3 })
      .where("department_id", "=", product.department_id)
      .where("product_id", "=", product.id)
      .execute();
    expect(await problem(4)).toBe("That quantity is not available.");
    expect(await problem(3)).toBe("ok");
  });
});
