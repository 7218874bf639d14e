/**
 * The store's side of an order (issue 30), on SQLite and on PostgreSQL: a store's queue and the
 * status its associates set, refused to anyone but the store's own associates, one move of the
 * rule at a time, and two associates pressing at once changing the order once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLS } from "@core/contract/calls";
import { startTestApi, type TestApi } from "../support/api";
import { place, plainProduct, readyToPlace } from "../support/orders";
import { associateKey, otherStore, pickupDay, setStatus, storeOf } from "../support/store";
import { signedInKey } from "../support/users";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function placedOrder(index = 0) {
  const product = await plainProduct(api, index);
  const id = await readyToPlace(api, 2, product);
  expect((await place(api, id)).status).toBe(200);
  const store = await storeOf(api, product.department_id);
  return { id, store };
}

/** Marks every item of the order picked, as the picking page does. */
async function pickEverything(key: string, storeId: number, id: number) {
  const items = await api.db.kysely
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", id)
    .execute();
  for (const item of items) {
    const res = await api.call("PUT", `/stores/${storeId}/orders/${id}/items/${item.id}`, {
      key,
      body: { pick_status: "picked" },
    });
    expect(res.status).toBe(200);
  }
}

/** The order's status as stored (what a refused call must have left alone). */
const storedStatus = async (id: number) =>
  (
    await api.db.kysely
      .selectFrom("orders")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).status;

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe("the store's queue", () => {
  it("lists the day's placed orders to the store's associate, with what may come next", async () => {
    const { id, store } = await placedOrder(0);
    const key = await associateKey(api, store.id);
    const day = await pickupDay(api, id, store.timezone);
    const res = await api.call("GET", `/stores/${store.id}/orders?day=${day}`, { key });
    expect(res.status).toBe(200);
    const body = await res.json();
    const order = body.data.find((o: { id: number }) => o.id === id);
    expect(order).toMatchObject({
      status: "submitted",
      next_statuses: ["in_progress", "cancelled"],
      fulfillment: "pickup",
      customer_name: "Pat Lee",
      item_count: 1,
    });
    expect(body.meta.day).toBe(day);
    // Another day's list does not carry it.
    const other = await api.call("GET", `/stores/${store.id}/orders?day=2001-01-01`, { key });
    expect((await other.json()).data).toEqual([]);
  });

  it("is refused to a guest, a shopper and another store's associate", async () => {
    const { store } = await placedOrder(1);
    const shopper = (await signedInKey(api)).key;
    const stranger = await associateKey(api, await otherStore(api, store.id));
    for (const key of [api.key, shopper, stranger]) {
      const res = await api.call("GET", `/stores/${store.id}/orders`, { key });
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("store_associate_required");
    }
    const bad = await api.call("GET", `/stores/${store.id}/orders?day=tomorrow`, {
      key: await associateKey(api, store.id),
    });
    expect(bad.status).toBe(422);
  });
});

describe("an order's status, set by the store", () => {
  it("moves only in the rule's order, ends the shopper's cancel, and keeps the history", async () => {
    const { id, store } = await placedOrder(2);
    const key = await associateKey(api, store.id);
    const skip = await setStatus(api, key, store.id, id, "ready");
    expect(skip.status).toBe(409);
    expect(await codeOf(skip)).toBe("order_status_refused");

    expect((await setStatus(api, key, store.id, id, "in_progress")).status).toBe(200);
    // Picking has started: the shopper's cancel is refused ('Order Cancelation Failed').
    const cancel = await api.call("DELETE", `/orders/${id}`);
    expect(cancel.status).toBe(409);
    expect(await codeOf(cancel)).toBe("order_not_cancelable");

    // A page showing the old status cannot move it again.
    expect((await setStatus(api, key, store.id, id, "ready", "submitted")).status).toBe(409);
    await pickEverything(key, store.id, id);
    expect((await setStatus(api, key, store.id, id, "ready", "in_progress")).status).toBe(200);
    // A pickup order is handed over at the counter, never sent out with a driver.
    expect((await setStatus(api, key, store.id, id, "out_for_delivery")).status).toBe(409);
    expect((await setStatus(api, key, store.id, id, "picked_up")).status).toBe(200);
    const done = await setStatus(api, key, store.id, id, "completed");
    expect(done.status).toBe(200);
    const { data } = await done.json();
    expect(data.status).toBe("completed");
    expect(data.next_statuses).toEqual([]);
    expect(data.history.map((h: { status: string }) => h.status)).toEqual([
      "submitted",
      "in_progress",
      "ready",
      "picked_up",
      "completed",
    ]);
    expect(data.history.slice(1).every((h: { by_store: boolean }) => h.by_store)).toBe(true);
    expect((await setStatus(api, key, store.id, id, "cancelled")).status).toBe(409);
  });

  it("answers 404 for another store's order and 403 for another store's associate", async () => {
    const { id, store } = await placedOrder(3);
    const elsewhere = await otherStore(api, store.id);
    const theirs = await associateKey(api, elsewhere);
    const viaOwnStore = await setStatus(api, theirs, elsewhere, id, "in_progress");
    expect(viaOwnStore.status).toBe(404);
    const viaThisStore = await setStatus(api, theirs, store.id, id, "in_progress");
    expect(viaThisStore.status).toBe(403);
    const guest = await setStatus(api, api.key, store.id, id, "in_progress");
    expect(guest.status).toBe(403);
    expect(await storedStatus(id)).toBe("submitted");
  });

  it("refuses every store call to another store's associate, a shopper and a guest, changing nothing", async () => {
    const { id, store } = await placedOrder(1);
    const [item] = await api.db.kysely
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", id)
      .execute();
    const calls: Record<string, [string, string, object?]> = {
      storeQueue: ["GET", `/stores/${store.id}/orders`],
      storeOrder: ["GET", `/stores/${store.id}/orders/${id}`],
      setStoreStatus: ["PUT", `/stores/${store.id}/orders/${id}/status`, { status: "in_progress" }],
      pickItem: [
        "PUT",
        `/stores/${store.id}/orders/${id}/items/${item!.id}`,
        { pick_status: "unavailable" },
      ],
    };
    // Every call under /stores/{store} is here: a new one must be added to be checked.
    expect(Object.keys(calls).sort()).toEqual(
      Object.entries(CALLS)
        .filter(([, call]) => call.path.startsWith("/stores/{store}"))
        .map(([name]) => name)
        .sort(),
    );
    const stranger = await associateKey(api, await otherStore(api, store.id));
    const shopper = (await signedInKey(api)).key;
    for (const [name, [method, path, body]] of Object.entries(calls))
      for (const key of [stranger, shopper, api.key]) {
        const res = await api.call(method, path, { key, ...(body ? { body } : {}) });
        expect(res.status, `${name} ${method} ${path}`).toBe(403);
        expect(await codeOf(res)).toBe("store_associate_required");
      }
    // The store's own associate reaches the same order: the refusals were the caller's.
    const own = await associateKey(api, store.id);
    expect((await api.call("GET", `/stores/${store.id}/orders/${id}`, { key: own })).status).toBe(
      200,
    );
    expect(await storedStatus(id)).toBe("submitted");
    const picked = await api.db.kysely
      .selectFrom("order_items")
      .select("pick_status")
      .where("id", "=", item!.id)
      .executeTakeFirstOrThrow();
    expect(picked.pick_status).toBeNull();
  });

  it("changes once when associates press at once", async () => {
    const { id, store } = await placedOrder(4);
    const keys = await Promise.all(Array.from({ length: 4 }, () => associateKey(api, store.id)));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        setStatus(api, keys[i % keys.length]!, store.id, id, "in_progress"),
      ),
    );
    const codes = answers.map((a) => a.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const changes = await api.db.kysely
      .selectFrom("order_status_changes")
      .select("to_status")
      .where("order_id", "=", id)
      .execute();
    expect(changes).toEqual([{ to_status: "in_progress" }]);
  });

  it("cancelled by the store, the order goes no further and the shopper sees it cancelled", async () => {
    const { id, store } = await placedOrder(0);
    const key = await associateKey(api, store.id);
    expect((await setStatus(api, key, store.id, id, "cancelled")).status).toBe(200);
    expect((await setStatus(api, key, store.id, id, "in_progress")).status).toBe(409);
    const { data } = await api.get(`/orders/${id}`);
    expect(data.status).toBe("cancelled");
  });
});
