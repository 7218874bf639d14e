/**
 * The shopper's reading of a picked order (issue 30), on SQLite and on PostgreSQL: each item of
 * GET /orders/{id} and of GET /orders carries what the store did with it (weighed, substituted
 * with the given product's name, unavailable) and its final subtotal, and the single order its
 * status history as the list has it; a cart has none, and an unpicked item answers nulls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderAnswerSchema, OrderListAnswerSchema } from "../../core/contract/orders";
import { startTestApi, type TestApi } from "../support/api";
import { addItem, newOrder, place, prepareForPlacement } from "../support/orders";
import { pickingShop, setStatus } from "../support/store";
import { signedInKey } from "../support/users";

let api: TestApi;
let shop: Awaited<ReturnType<typeof pickingShop>>;

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox" });
  shop = await pickingShop(api);
});
afterAll(() => api.close());

interface Line {
  id: number;
  product_id: number;
  pick_status?: string | null;
  picked_quantity?: number | null;
  picked_product_id?: number | null;
  picked_product_name?: string | null;
  final_subtotal?: number | null;
  price: number;
  quantity: number;
}

const pick = (id: number, item: number, body: unknown) =>
  api.call("PUT", `/stores/${shop.storeId}/orders/${id}/items/${item}`, {
    key: shop.associate,
    body,
  });

async function readOrder(id: number, key: string) {
  const res = await api.call("GET", `/orders/${id}?include=items,items.product`, { key });
  expect(res.status).toBe(200);
  const body = await res.json();
  // The answer keeps to the contract (optional fields: an older reader ignores them).
  expect(OrderAnswerSchema.safeParse(body).success).toBe(true);
  return body.data as {
    status_history?: { status: string; by_store: boolean }[];
    final_total: number | null;
    items: { data: Line[] };
  };
}

describe("a picked order as its shopper reads it", () => {
  it("each item says what the store did, with its final subtotal; the order its history", async () => {
    const { key } = await signedInKey(api);
    const { weighed, each } = shop;
    const cart = await newOrder(api, weighed.department_id, key);
    for (const [product, quantity] of [
      [weighed, 1],
      [each[0]!, 2],
      [each[1]!, 1],
    ] as const)
      expect((await addItem(api, cart.id, product as never, quantity, key)).status).toBe(201);
    // A cart has no history, and its items no pick.
    const asCart = await readOrder(cart.id, key);
    expect(asCart.status_history).toBeUndefined();
    expect(asCart.items.data[0]).toMatchObject({ pick_status: null, final_subtotal: null });
    await prepareForPlacement(api, cart.id, { key });
    expect(
      (await api.call("PUT", `/orders/${cart.id}`, { key, body: { substitutions_allowed: true } }))
        .status,
    ).toBe(200);
    expect((await place(api, cart.id, undefined, key)).status).toBe(200);
    const placed = await readOrder(cart.id, key);
    expect(placed.status_history?.map((h) => h.status)).toEqual(["submitted"]);

    expect(
      (await setStatus(api, shop.associate, shop.storeId, cart.id, "in_progress")).status,
    ).toBe(200);
    const [w, e, gone] = placed.items.data;
    expect(
      (await pick(cart.id, w!.id, { pick_status: "picked", picked_quantity: 1.08 })).status,
    ).toBe(200);
    const subbed = await pick(cart.id, e!.id, { pick_status: "substituted" });
    expect(subbed.status, await subbed.clone().text()).toBe(200);
    const given = (await subbed.json()).data.items[1] as {
      picked_product_id: number;
      picked_product_name: string;
      final_subtotal: number;
    };
    expect((await pick(cart.id, gone!.id, { pick_status: "unavailable" })).status).toBe(200);

    const after = await readOrder(cart.id, key);
    const [aw, ae, ag] = after.items.data;
    expect(aw).toMatchObject({
      pick_status: "picked",
      picked_quantity: 1.08,
      picked_product_id: null,
      picked_product_name: null,
      final_subtotal: Math.round(1.08 * w!.price),
    });
    expect(ae).toMatchObject({
      pick_status: "substituted",
      picked_product_id: given.picked_product_id,
      final_subtotal: given.final_subtotal,
    });
    // Named as the shopper's substitutes are: with the brand unless it is hidden.
    expect(ae!.picked_product_name).toMatch(new RegExp(`${given.picked_product_name}$`));
    expect(ag).toMatchObject({
      pick_status: "unavailable",
      picked_quantity: null,
      final_subtotal: 0,
    });
    expect(after.final_total).toBe(aw!.final_subtotal! + ae!.final_subtotal!);
    expect(after.status_history?.map((h) => [h.status, h.by_store])).toEqual([
      ["submitted", false],
      ["in_progress", true],
    ]);

    // The past orders list says the same of each item.
    const list = await api.call("GET", "/orders?placed=1&include=items", { key });
    const listBody = await list.json();
    expect(OrderListAnswerSchema.safeParse(listBody).success).toBe(true);
    const listed = (listBody.data as { id: number; items: { data: Line[] } }[]).find(
      (o) => o.id === cart.id,
    )!;
    expect(listed.items.data).toEqual(
      after.items.data.map((line) =>
        expect.objectContaining({
          pick_status: line.pick_status,
          picked_quantity: line.picked_quantity,
          picked_product_name: line.picked_product_name,
          final_subtotal: line.final_subtotal,
        }),
      ),
    );
  });
});
