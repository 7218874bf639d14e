/**
 * Past orders (decision 017) on one database (SQLite in `test:unit`, PostgreSQL in `test:api:pg`):
 * a signed-in user's list, retract, cancel and reorder, who may see what, the store starting an
 * order, and parallel requests on one order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAST_ORDER_REFUSALS } from "@core/rules/order-status";
import { setStoreStatus } from "../../api/services/store-status";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  newOrder,
  place,
  placedOrderOf,
  plainProducts,
  prepareForPlacement,
  remainingStock,
  setStock,
  storedTotals,
  type PlainProduct,
} from "../support/orders";
import { bindKey, newUser, signedInKey, unbindKey } from "../support/users";

let api: TestApi;
let plain: PlainProduct[];
beforeAll(async () => {
  api = await startTestApi();
  // Taken once: a product given stock here is no longer "plain" to a later lookup.
  plain = await plainProducts(api);
});

/** Each test takes its own products, so stock one test sets is not another's. */
const plainProduct = async (_api: TestApi, index: number) => {
  const product = plain[index];
  if (!product) throw new Error(`no plain product number ${index}`);
  return product;
};
afterAll(() => api.close());

/** An order placed on `key`: one item of `product`, `quantity` of it. */
const placedOrder = (key: string, product: PlainProduct, quantity = 2) =>
  placedOrderOf(api, key, product, quantity);

/** Takes a product off its department's shelves, or puts it back. */
const setActive = (product: PlainProduct, active: boolean) =>
  api.db.kysely
    .updateTable("department_products")
    .set({ active: active ? 1 : 0 })
    .where("department_id", "=", product.department_id)
    .where("product_id", "=", product.id)
    .execute();

const numberOf = async (id: number) =>
  (
    await api.db.kysely
      .selectFrom("orders")
      .select("number")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).number!;

const list = async (key: string, query = "") => {
  const res = await api.call("GET", `/orders${query}`, { key });
  expect(res.status).toBe(200);
  return res.json();
};

describe("GET /orders for a signed-in user", () => {
  it("answers the user's orders from every device, newest first, editable while submitted", async () => {
    const product = await plainProduct(api, 0);
    const { key, user } = await signedInKey(api);
    const first = await placedOrder(key, product, 1);
    const second = await placedOrder(key, product, 1);

    // Another device, signed in as the same user, sees both.
    const { key: laptop } = await signedInKey(api, user);
    const body = await list(laptop, "?include=department.store");
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([second, first]);
    const [newest] = body.data;
    expect(newest.status).toBe("submitted");
    expect(newest.number).toMatch(/^\d+-\d{6}-[0-9A-F]{4}$/);
    expect(newest.is_editable).toBe(true);
    expect(newest.is_cancelable).toBe(true);
    expect(newest.item_count).toBe(1);
    expect(newest.pickup_at).not.toBeNull();
    expect(newest.placed_at).not.toBeNull();
    expect(newest.department.data.id).toBe(product.department_id);
    expect(newest.department.data.store.data.id).toBe(newest.store_id);
    expect(body.meta).toMatchObject({ count: 2, total: 2, page: 1 });

    // One store's orders; a page at a time.
    expect((await list(laptop, `?store_id=${newest.store_id}`)).data).toHaveLength(2);
    expect((await list(laptop, `?store_id=999999`)).data).toEqual([]);
    const page2 = await list(laptop, "?limit=1&page=2");
    expect(page2.data.map((o: { id: number }) => o.id)).toEqual([first]);
    expect(page2.meta).toMatchObject({ count: 1, total: 2, per_page: 1, page: 2 });
  });

  it("sorts by when each order was placed: one edited and placed again comes first", async () => {
    const product = await plainProduct(api, 0);
    const { key } = await signedInKey(api);
    const edited = await placedOrder(key, product, 1);
    const later = await placedOrder(key, product, 1);
    expect((await api.call("PUT", `/orders/${edited}/retract`, { key })).status).toBe(200);
    expect((await place(api, edited, undefined, key)).status).toBe(200);
    const body = await list(key, "?placed=1");
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([edited, later]);
    // A pickup order says so: it has no delivery.
    expect(body.data[0].delivery).toBeNull();
  });

  it("with placed=1 leaves working carts out before paging, so a page of past orders is full", async () => {
    const product = await plainProduct(api, 0);
    const { key } = await signedInKey(api);
    const placed = await placedOrder(key, product, 1);
    const cart = await newOrder(api, product.department_id, key);
    expect((await list(key)).data.map((o: { id: number }) => o.id)).toEqual([cart.id, placed]);
    const body = await list(key, "?placed=1&limit=1");
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([placed]);
    expect(body.meta).toMatchObject({ count: 1, total: 1 });
    expect((await list(key, "?placed=0")).data).toHaveLength(2);
  });

  it("refuses bad paging and filters with a 422, never a 500", async () => {
    const { key } = await signedInKey(api);
    for (const query of [
      "?placed=yes",
      "?limit=0",
      "?limit=51",
      "?page=0",
      "?store_id=abc",
      "?limit=1.5",
      "?include=cardAuthorization",
    ]) {
      const res = await api.call("GET", `/orders${query}`, { key });
      expect(res.status, query).toBe(422);
      expect((await res.json()).code).toBe("invalid");
    }
  });

  it("a cart started signed out becomes the user's when placed on a signed-in key", async () => {
    const product = await plainProduct(api, 0);
    const key = await api.newKey();
    const order = await newOrder(api, product.department_id, key);
    expect((await addItem(api, order.id, product, 1, key)).status).toBe(201);
    await prepareForPlacement(api, order.id, { key });
    const user = await newUser(api);
    await bindKey(api, key, user);
    expect((await place(api, order.id, undefined, key)).status).toBe(200);
    const { order: row } = await storedTotals(api, order.id);
    expect(row.user_id).toBe(user.id);
    const { key: phone } = await signedInKey(api, user);
    expect((await list(phone)).data.map((o: { id: number }) => o.id)).toEqual([order.id]);
  });

  it("gives a guest only the orders this device made signed out", async () => {
    const product = await plainProduct(api, 0);
    const key = await api.newKey();
    const guestOrder = await newOrder(api, product.department_id, key);
    const user = await newUser(api);
    await bindKey(api, key, user);
    const usersOrder = await placedOrder(key, product, 1);
    await unbindKey(api, key);
    // Signed out on a shared device: the user's order is no longer this device's to see.
    expect((await list(key)).data.map((o: { id: number }) => o.id)).toEqual([guestOrder.id]);
    expect((await api.call("GET", `/orders/${usersOrder}`, { key })).status).toBe(404);
  });
});

describe("one user never reaches another's orders", () => {
  it("answers 404 to list, read, retract, cancel and reorder", async () => {
    const product = await plainProduct(api, 0);
    const { key: owner } = await signedInKey(api);
    const id = await placedOrder(owner, product, 1);
    const { key: stranger } = await signedInKey(api);
    expect((await list(stranger)).data).toEqual([]);
    for (const [method, path] of [
      ["GET", `/orders/${id}`],
      ["PUT", `/orders/${id}/retract`],
      ["DELETE", `/orders/${id}`],
      ["POST", `/orders/${id}/reorder`],
    ] as const) {
      const res = await api.call(method, path, {
        key: stranger,
        body: method === "POST" ? {} : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    const { order } = await storedTotals(api, id);
    expect(order.status).toBe("submitted");
    // Unknown and malformed ids are 404s too.
    for (const path of ["/orders/999999/retract", "/orders/abc/retract", "/orders/0/retract"])
      expect((await api.call("PUT", path, { key: owner })).status, path).toBe(404);
  });
});

describe("PUT /orders/{id}/retract", () => {
  it("takes a submitted order back into the cart, gives back its stock, and it can be placed again", async () => {
    const product = await plainProduct(api, 1);
    await setStock(api, product, 20);
    const { key } = await signedInKey(api);
    const id = await placedOrder(key, product, 3);
    const number = await numberOf(id);
    expect(await remainingStock(api, product)).toBe(17);

    const res = await api.call("PUT", `/orders/${id}/retract`, { key });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.status).toBe("incomplete");
    // Open for changes, it is still the order the shopper knows by its number.
    expect(data.number).toBe(number);
    expect(data.placed_at).toBeNull();
    expect(data.items.data).toHaveLength(1);
    expect(await remainingStock(api, product)).toBe(20);
    // In the cart now: no past order, and not the store's to start.
    expect((await list(key, "?placed=1")).data.map((o: { id: number }) => o.id)).not.toContain(id);
    expect(await setStoreStatus(api.db.kysely, number, "in_progress")).toBe(false);

    // A cart again: it takes changes, and a second retract is refused.
    expect((await addItem(api, id, product, 1, key)).status).toBe(201);
    const again = await api.call("PUT", `/orders/${id}/retract`, { key });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("order_not_retractable");

    expect((await place(api, id, undefined, key)).status).toBe(200);
    expect(await remainingStock(api, product)).toBe(16);
    // Placed again under the number it had.
    expect(await numberOf(id)).toBe(number);
    expect((await list(key, "?placed=1")).data.map((o: { id: number }) => o.id)).toContain(id);
  });

  it("gives back the promotion's use, and placement counts it again", async () => {
    const product = await plainProduct(api, 2);
    const { key } = await signedInKey(api);
    const order = await newOrder(api, product.department_id, key);
    expect((await addItem(api, order.id, product, 10, key)).status).toBe(201);
    await prepareForPlacement(api, order.id, { key });
    const uses = async () =>
      (
        await api.db.kysely
          .selectFrom("promotions")
          .select("uses")
          .where("code", "=", "FIVEOFF")
          .executeTakeFirstOrThrow()
      ).uses;
    const before = await uses();
    const applied = await api.call("POST", `/orders/${order.id}/promotion`, {
      key,
      body: { code: "FIVEOFF" },
    });
    expect(applied.status).toBe(200);
    expect((await place(api, order.id, undefined, key)).status).toBe(200);
    expect(await uses()).toBe(before + 1);
    expect((await api.call("PUT", `/orders/${order.id}/retract`, { key })).status).toBe(200);
    expect(await uses()).toBe(before);
    expect((await place(api, order.id, undefined, key)).status).toBe(200);
    expect(await uses()).toBe(before + 1);
  });

  it("is refused once the store has started the order, or inside the lead time", async () => {
    const product = await plainProduct(api, 0);
    const { key } = await signedInKey(api);
    const started = await placedOrder(key, product, 1);
    expect(await setStoreStatus(api.db.kysely, await numberOf(started), "in_progress")).toBe(true);
    const { data } = await api.get(`/orders/${started}`).catch(async () => ({
      data: (await (await api.call("GET", `/orders/${started}`, { key })).json()).data,
    }));
    expect(data.is_editable).toBe(false);
    expect(data.is_cancelable).toBe(false);
    const retract = await api.call("PUT", `/orders/${started}/retract`, { key });
    expect(retract.status).toBe(409);
    expect(await retract.json()).toMatchObject({
      code: "order_not_retractable",
      message: PAST_ORDER_REFUSALS.retract.message,
    });
    const cancel = await api.call("DELETE", `/orders/${started}`, { key });
    expect(cancel.status).toBe(409);
    expect(await cancel.json()).toMatchObject({
      code: "order_not_cancelable",
      message: PAST_ORDER_REFUSALS.cancel.message,
    });

    // Submitted, but the pickup is closer than the department's lead time.
    const soon = await placedOrder(key, product, 1);
    await api.db.kysely
      .updateTable("orders")
      .set({ pickup_at: new Date(Date.now() + 60_000).toISOString() })
      .where("id", "=", soon)
      .execute();
    const listed = (await list(key)).data.find((o: { id: number }) => o.id === soon);
    expect(listed.is_editable).toBe(false);
    expect((await api.call("PUT", `/orders/${soon}/retract`, { key })).status).toBe(409);
    expect((await api.call("DELETE", `/orders/${soon}`, { key })).status).toBe(409);
  });
});

describe("DELETE /orders/{id}", () => {
  it("cancels a submitted order the store has not started and gives back its stock", async () => {
    const product = await plainProduct(api, 1);
    await setStock(api, product, 30);
    const { key } = await signedInKey(api);
    const id = await placedOrder(key, product, 4);
    expect(await remainingStock(api, product)).toBe(26);
    const res = await api.call("DELETE", `/orders/${id}`, { key });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ status: "cancelled", is_cancelable: false });
    expect(await remainingStock(api, product)).toBe(30);
    const twice = await api.call("DELETE", `/orders/${id}`, { key });
    expect(twice.status).toBe(409);
    expect((await twice.json()).code).toBe("order_not_cancelable");
  });

  it("still drops a cart, as before", async () => {
    const product = await plainProduct(api, 0);
    const { key } = await signedInKey(api);
    const order = await newOrder(api, product.department_id, key);
    const res = await api.call("DELETE", `/orders/${order.id}`, { key });
    expect(res.status).toBe(200);
    expect((await res.json()).data.status).toBe("cancelled");
  });
});

/**
 * A product of the department whose required choices are plain multi-choice facets (no triggers,
 * no lead time): its product id and a valid configuration, the first choice of each.
 */
async function configurableProduct(departmentId: number) {
  const k = api.db.kysely;
  const candidates = await k
    .selectFrom("products as p")
    .innerJoin("department_products as dp", "dp.product_id", "p.id")
    .select("p.id")
    .where("dp.department_id", "=", departmentId)
    .where("dp.active", "=", 1)
    .where("dp.remaining_quantity", "is", null)
    .where("p.lead_time", "=", 0)
    .where((eb) =>
      eb.exists(
        eb.selectFrom("facets").select("facets.id").whereRef("facets.product_id", "=", "p.id"),
      ),
    )
    .orderBy("p.id")
    .execute();
  for (const { id } of candidates) {
    const facets = await k
      .selectFrom("facets")
      .selectAll()
      .where("product_id", "=", id)
      .orderBy("id")
      .execute();
    const triggered = await k
      .selectFrom("facet_triggers")
      .select("facet_id")
      .where(
        "facet_id",
        "in",
        facets.map((f) => f.id),
      )
      .executeTakeFirst();
    if (triggered || facets.some((f) => f.type !== "multi-choice")) continue;
    const preferences = [];
    for (const facet of facets.filter((f) => f.required)) {
      const choice = await k
        .selectFrom("choices")
        .select("id")
        .where("facet_id", "=", facet.id)
        .orderBy("id")
        .executeTakeFirst();
      if (!choice) break;
      preferences.push({ facet_id: facet.id, choice_id: choice.id });
    }
    if (preferences.length === facets.filter((f) => f.required).length && preferences.length > 0)
      return { product_id: id, preferences };
  }
  throw new Error(`department ${departmentId} has no product with plain required choices`);
}

describe("POST /orders/{id}/reorder", () => {
  it("makes a new cart with the same items and choices at today's prices, leaving out what is gone", async () => {
    const kept = await plainProduct(api, 3);
    const gone = await plainProduct(api, 4);
    const configured = await configurableProduct(kept.department_id);
    const { key } = await signedInKey(api);
    const order = await newOrder(api, kept.department_id, key);
    expect((await addItem(api, order.id, kept, 2, key)).status).toBe(201);
    expect((await addItem(api, order.id, gone, 1, key)).status).toBe(201);
    const withChoices = await api.call("POST", "/items", {
      key,
      body: { order_id: order.id, quantity: 1, ...configured },
    });
    expect(withChoices.status).toBe(201);
    await prepareForPlacement(api, order.id, { key });
    expect((await place(api, order.id, undefined, key)).status).toBe(200);

    // Since then: one product left the department, the other's price went up.
    await setActive(gone, false);
    await api.db.kysely
      .updateTable("department_products")
      .set({ srp_amount: 12_345, on_sale: 0 })
      .where("department_id", "=", kept.department_id)
      .where("product_id", "=", kept.id)
      .execute();

    const res = await api.call("POST", `/orders/${order.id}/reorder`, {
      key,
      body: { source: "website" },
    });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.meta.left_out).toEqual([
      {
        product_id: gone.id,
        name: expect.any(String),
        reason: "product_unavailable_in_department",
      },
    ]);
    const { data } = await api
      .call("GET", `/orders/${answer.data.id}?include=items.preferences`, { key })
      .then((r) => r.json());
    expect(data.status).toBe("incomplete");
    expect(data.department_id).toBe(kept.department_id);
    const keptItem = data.items.data.find((i: { product_id: number }) => i.product_id === kept.id);
    expect(keptItem).toMatchObject({ quantity: 2, price: 12_345, subtotal: 24_690 });
    const copied = data.items.data.find(
      (i: { product_id: number }) => i.product_id === configured.product_id,
    );
    expect(
      copied.preferences.data.map((p: { facet_id: number; choice_id: number }) => ({
        facet_id: p.facet_id,
        choice_id: p.choice_id,
      })),
    ).toEqual(configured.preferences);
    const totals = await storedTotals(api, answer.data.id);
    expect(totals.order.subtotal).toBe(totals.itemsSum);
    // The original is untouched.
    expect((await storedTotals(api, order.id)).order.status).toBe("submitted");
  });

  it("refuses when nothing can be ordered again, and a bad source", async () => {
    const product = await plainProduct(api, 2);
    const { key } = await signedInKey(api);
    const id = await placedOrder(key, product, 1);
    const bad = await api.call("POST", `/orders/${id}/reorder`, { key, body: { source: "fax" } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).code).toBe("invalid");
    expect((await api.call("POST", `/orders/${id}/reorder`, { key, body: "{" })).status).toBe(422);
    await setActive(product, false);
    const ordersBefore = (await list(key)).meta.total;
    const none = await api.call("POST", `/orders/${id}/reorder`, { key, body: {} });
    expect(none.status).toBe(422);
    expect((await none.json()).code).toBe("reorder_unavailable");
    // No empty cart is left behind.
    expect((await list(key)).meta.total).toBe(ordersBefore);
    await setActive(product, true);
  });
});

describe("parallel requests on one order", () => {
  const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

  for (const [name, method, path] of [
    ["retract", "PUT", (id: number) => `/orders/${id}/retract`],
    ["cancel", "DELETE", (id: number) => `/orders/${id}`],
  ] as const) {
    it(`${name}: exactly one succeeds, the stock comes back once`, async () => {
      const product = await plainProduct(api, 1);
      await setStock(api, product, 40);
      const { key } = await signedInKey(api);
      const id = await placedOrder(key, product, 5);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => api.call(method, path(id), { key })),
      );
      expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await remainingStock(api, product)).toBe(40);
    });
  }

  it("retract racing cancel: one wins, and the stock is given back once", async () => {
    const product = await plainProduct(api, 1);
    await setStock(api, product, 40);
    const { key } = await signedInKey(api);
    const id = await placedOrder(key, product, 5);
    const answers = await Promise.all([
      api.call("PUT", `/orders/${id}/retract`, { key }),
      api.call("DELETE", `/orders/${id}`, { key }),
    ]);
    const codes = statuses(answers);
    // Cancel after a retract drops the cart (200); a retract after a cancel is refused (409).
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(await remainingStock(api, product)).toBe(40);
  });

  it("reorder: each makes its own cart with the items", async () => {
    const product = await plainProduct(api, 0);
    const { key } = await signedInKey(api);
    const id = await placedOrder(key, product, 2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.call("POST", `/orders/${id}/reorder`, { key, body: {} })),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(answers.map(async (a) => (await a.json()).data.id as number));
    expect(new Set(ids).size).toBe(4);
    for (const newId of ids) {
      const { items, order } = await storedTotals(api, newId);
      expect(items).toHaveLength(1);
      expect(order.subtotal).toBe(items[0]!.subtotal);
    }
  });

  it("the store starting the order races a retract: never both", async () => {
    const product = await plainProduct(api, 0);
    const { key } = await signedInKey(api);
    const id = await placedOrder(key, product, 1);
    const number = await numberOf(id);
    const [retract] = await Promise.all([
      api.call("PUT", `/orders/${id}/retract`, { key }),
      setStoreStatus(api.db.kysely, number, "in_progress"),
    ]);
    const { order } = await storedTotals(api, id);
    if (retract.status === 200) {
      // The retract came first: the store's status then found no placed order of that number.
      expect(order.status).toBe("incomplete");
    } else {
      expect(retract.status).toBe(409);
      expect(order.status).toBe("in_progress");
    }
  });
});
