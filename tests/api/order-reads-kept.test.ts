/**
 * GET /orders/{id}, the order the cart's refresh answers, and a page of GET /orders (past
 * orders) are kept while the database is
 * unchanged (decision 046): asked again they are given again, but never once the order or
 * anything it shows has changed, whoever wrote it, and never once the clock alone has moved one
 * of its fields (the slot hold's expiry, a placed order's last moment to be changed). On
 * PostgreSQL nothing is kept and the same answers hold.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/connection";
import { leadTimeLimits } from "../../api/services/departments";
import { startTestApi, type TestApi } from "../support/api";
import * as orders from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface OrderRead {
  item_count: number;
  notes: string | null;
  held_until: string | null;
  is_editable: boolean;
  is_cancelable: boolean;
}
const INCLUDE = "department.store,items.product.images,items.preferences,cardAuthorization";
const read = async (orderId: number, key?: string) =>
  api.call("GET", `/orders/${orderId}?include=${INCLUDE}`, key ? { key } : {});
const readOrder = async (orderId: number) => {
  const res = await read(orderId);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: OrderRead }).data;
};
const LIST = "/orders?placed=true&include=department,items.product";
const listOrders = async (key?: string) => {
  const res = await api.call("GET", LIST, key ? { key } : {});
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: (OrderRead & { id: number; status: string })[] }).data;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an order asked for again", () => {
  it("shows an item added since, and what another process wrote", async () => {
    const { order } = await orders.cartWithOneItem(api, 1, await orders.plainProduct(api, 1));
    expect((await readOrder(order.id)).item_count).toBe(1);
    expect((await readOrder(order.id)).item_count).toBe(1);
    const second = await orders.plainProduct(api, 2);
    expect((await orders.addItem(api, order.id, second, 1)).status).toBe(201);
    expect((await readOrder(order.id)).item_count).toBe(2);

    const other = openDatabase(api.db.url);
    try {
      await other.kysely
        .updateTable("orders")
        .set({ notes: "Ring the bell" })
        .where("id", "=", order.id)
        .execute();
    } finally {
      await other.close();
    }
    expect((await readOrder(order.id)).notes).toBe("Ring the bell");
  });

  it("is another device's only as a 404, however often its owner read it", async () => {
    const other = await api.newKey();
    const { order } = await orders.cartWithOneItem(api, 1, await orders.plainProduct(api, 1));
    // Read by its owner, nothing written since: the other device's read comes next.
    await readOrder(order.id);
    expect((await read(order.id, other)).status).toBe(404);
  });

  it("loses its slot hold when the hold expires, with nothing written", async () => {
    const { order } = await orders.cartWithOneItem(api, 1, await orders.plainProduct(api, 1));
    await orders.prepareForPlacement(api, order.id);
    const expires = new Date(Date.now() + 300).toISOString();
    await api.db.kysely
      .updateTable("slot_places")
      .set({ expires_at: expires })
      .where("order_id", "=", order.id)
      .execute();
    expect(Date.parse((await readOrder(order.id)).held_until!)).toBe(Date.parse(expires));
    await pause(350);
    expect((await readOrder(order.id)).held_until).toBeNull();
  });

  it("stops being changeable when its lead time begins, with nothing written", async () => {
    const orderId = await placedOrderChangeableFor(300);
    expect(await readOrder(orderId)).toMatchObject({ is_editable: true, is_cancelable: true });
    await pause(350);
    expect(await readOrder(orderId)).toMatchObject({ is_editable: false, is_cancelable: false });
  });
});

describe("a page of past orders asked for again", () => {
  it("shows what another process wrote, and is the caller's own only", async () => {
    const orderId = await placedOrderChangeableFor(60 * 60_000);
    const otherDevice = await api.newKey();
    const shown = () => listOrders().then((list) => list.find((o) => o.id === orderId));
    expect((await shown())?.notes).toBeNull();
    expect((await shown())?.notes).toBeNull();
    const other = openDatabase(api.db.url);
    try {
      await other.kysely
        .updateTable("orders")
        .set({ notes: "Ring the bell" })
        .where("id", "=", orderId)
        .execute();
    } finally {
      await other.close();
    }
    expect((await shown())?.notes).toBe("Ring the bell");
    // Another device, asking right after the owner with nothing written: none of the owner's.
    expect((await listOrders(otherDevice)).map((o) => o.id)).not.toContain(orderId);
  });

  it("shows an order stop being changeable when its lead time begins, with nothing written", async () => {
    const orderId = await placedOrderChangeableFor(300);
    const shown = () => listOrders().then((list) => list.find((o) => o.id === orderId));
    expect(await shown()).toMatchObject({ is_editable: true, is_cancelable: true });
    await pause(350);
    expect(await shown()).toMatchObject({ is_editable: false, is_cancelable: false });
  });
});

/** A placed order whose pickup is `ms` past its lead time from now: changeable for `ms` more. */
async function placedOrderChangeableFor(ms: number) {
  const orderId = await orders.readyToPlace(api, 1, await orders.plainProduct(api, 1));
  expect((await orders.place(api, orderId)).status).toBe(200);
  const { department_id } = await api.db.kysely
    .selectFrom("orders")
    .select("department_id")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const department = await api.db.kysely
    .selectFrom("departments")
    .selectAll()
    .where("id", "=", department_id)
    .executeTakeFirstOrThrow();
  // Its pickup moved to just past the lead time from now.
  const leadMs = leadTimeLimits(department).min * 60_000;
  await api.db.kysely
    .updateTable("orders")
    .set({ pickup_at: new Date(Date.now() + leadMs + ms).toISOString() })
    .where("id", "=", orderId)
    .execute();
  return orderId;
}
