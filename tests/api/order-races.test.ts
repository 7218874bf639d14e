/**
 * A busy Saturday on one database (this file runs on SQLite in `test:unit` and on PostgreSQL in
 * `test:api:pg`): placements, edits and adds arriving together must leave every order as it was
 * placed, every stored total equal to its items, and no stock sold twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  newOrder,
  place,
  plainProduct,
  prepareForPlacement,
  readyToPlace,
  setStock,
  storedTotals,
  remainingStock,
} from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe("parallel placements of one order", () => {
  it("submit it once, take its stock once, and answer the same retries with the placed order", async () => {
    const product = await plainProduct(api, 0);
    await setStock(api, product, 50);
    const id = await readyToPlace(api, 2, product);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => place(api, id, i < 10 ? "same-tab" : `tab-${i}`)),
    );
    const codes = statuses(responses);
    // The ten retries of the first attempt all see the placed order; the other tabs are duplicates.
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 403)).toHaveLength(10);
    const { order } = await storedTotals(api, id);
    expect(order.status).toBe("submitted");
    const stock = await remainingStock(api, product);
    expect(stock).toBe(48);
  });
});

describe("placement racing edits", () => {
  it("never changes a submitted order: adds and edits land before placement or are refused", async () => {
    const product = await plainProduct(api, 1);
    await setStock(api, product, 100);
    const id = await readyToPlace(api, 1, product);
    const { items } = await storedTotals(api, id);
    const itemRow = await api.db.kysely
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", id)
      .executeTakeFirstOrThrow();
    const edits = [
      ...Array.from({ length: 9 }, () => addItem(api, id, product, 1)),
      ...Array.from({ length: 3 }, () =>
        api.call("PUT", `/items/${itemRow.id}`, {
          body: { product_id: product.id, quantity: 3, preferences: [] },
        }),
      ),
    ];
    const [placed, ...answers] = await Promise.all([place(api, id), ...edits]);
    expect(placed!.status).toBe(200);
    for (const answer of answers) expect([200, 201, 403]).toContain(answer.status);

    const after = await storedTotals(api, id);
    expect(after.order.status).toBe("submitted");
    expect(items).toHaveLength(1);
    // What was sold is exactly what the stock lost, and the total is the items' sum.
    expect(await remainingStock(api, product)).toBe(100 - after.quantity);
    expect(after.order.subtotal).toBe(after.itemsSum);
    expect(after.order.total).toBe(after.itemsSum - after.order.discount);

    // Once placed, nothing more gets in.
    expect((await addItem(api, id, product, 1)).status).toBe(403);
    expect((await api.call("DELETE", `/items/${itemRow.id}`)).status).toBe(403);
    expect((await storedTotals(api, id)).quantity).toBe(after.quantity);
  });
});

describe("parallel adds", () => {
  it("store a total equal to the items: seven baguettes cost seven baguettes", async () => {
    const product = await plainProduct(api, 2);
    const order = await newOrder(api, product.department_id);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => addItem(api, order.id, product, 1)),
    );
    expect(statuses(answers)).toEqual(Array(7).fill(201));
    const after = await storedTotals(api, order.id);
    expect(after.items).toHaveLength(7);
    expect(after.order.subtotal).toBe(after.itemsSum);
    expect(after.order.total).toBe(after.itemsSum);

    await prepareForPlacement(api, order.id);
    const placed = await place(api, order.id);
    expect(placed.status).toBe(200);
    expect((await placed.json()).data.total).toBe(after.itemsSum);
  });
});

describe("the last units", () => {
  it("go to as many carts as there are units, never more", async () => {
    const product = await plainProduct(api, 3);
    await setStock(api, product, 3);
    const carts: number[] = [];
    for (let i = 0; i < 8; i++) carts.push(await readyToPlace(api, 1, product));
    const answers = await Promise.all(carts.map((id) => place(api, id)));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(422);
      expect((await answer.json()).message).toBe(
        "The requested quantity of an item in your cart is no longer available.",
      );
    }
    expect(await remainingStock(api, product)).toBe(0);
  });
});
