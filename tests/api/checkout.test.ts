import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/connection";
import { startTestApi, type TestApi } from "../support/api";
import * as orders from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const cartWithOneItem = (quantity = 2) => orders.cartWithOneItem(api, quantity);
const validSlot = (orderId: number) => orders.validSlot(api, orderId);
const readyToPlace = () => orders.readyToPlace(api);

describe("GET /blackouts", () => {
  it("answers the lead-time limits, the slot interval and the store's blackouts including closed hours", async () => {
    const { order } = await cartWithOneItem();
    const { body, days } = await validSlot(order.id);
    expect(body.meta.lead_time.max).toBeGreaterThan(0);
    expect(body.meta.pickup_window.interval).toBeGreaterThan(0);
    expect(body.data.some((b: { type: string }) => b.type === "closed")).toBe(true);
    expect(days.length).toBeGreaterThan(20);
    // No slot falls at night: closed hours are blackouts.
    for (const slot of days.flatMap((d) => d.slots))
      expect(slot.label).not.toMatch(/^(12|1|2|3|4|5):\d\d AM$/);
  });

  it("is the caller's own order only", async () => {
    const { order } = await cartWithOneItem();
    expect(
      (await api.call("GET", `/blackouts?order_id=${order.id}`, { key: await api.newKey() }))
        .status,
    ).toBe(404);
  });

  // The store's rows are kept while the database is unchanged (decision 046); the clock's part is
  // applied on every call. On PostgreSQL nothing is kept and the same answers hold.
  it("shows a closure added by another connection at once, and drops one that has ended", async () => {
    const { order } = await cartWithOneItem();
    const closures = async () => {
      const res = await api.call("GET", `/blackouts?order_id=${order.id}`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { from: string; to: string; type: string }[] };
      return data.filter((b) => b.type === "closure").map((b) => Date.parse(b.to));
    };
    const { store_id, department_id } = await api.db.kysely
      .selectFrom("orders")
      .innerJoin("departments", "departments.id", "orders.department_id")
      .select(["departments.store_id", "orders.department_id"])
      .where("orders.id", "=", order.id)
      .executeTakeFirstOrThrow();
    const before = await closures();
    expect(await closures()).toEqual(before);

    const other = openDatabase(api.db.url);
    const ends = Date.now() + 400;
    try {
      await other.kysely
        .insertInto("blackouts")
        .values({
          store_id,
          department_id,
          from: new Date(Date.now() - 60_000).toISOString(),
          to: new Date(ends).toISOString(),
          type: "closure",
          reason: "Power cut",
        })
        .execute();
    } finally {
      await other.close();
    }
    expect(await closures()).toContain(ends);
    // Nothing written since: the closure leaves the answer when it ends.
    await new Promise((resolve) => setTimeout(resolve, ends + 50 - Date.now()));
    expect(await closures()).toEqual(before);
  });
});

describe("PUT /orders/{id}", () => {
  it("saves a valid pickup time and refuses one inside a blackout or off the grid", async () => {
    const { order } = await cartWithOneItem();
    const { days, body } = await validSlot(order.id);
    const closed = body.data.find(
      (b: { type: string; from: string }) => b.type === "closed" && new Date(b.from) > new Date(),
    );
    const refused = await api.call("PUT", `/orders/${order.id}`, {
      body: { pickup_at: closed.from },
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.pickup_at).toEqual([
      "That pickup time is no longer available.",
    ]);
    const offGrid = new Date(
      new Date(days[1]!.slots[0]!.value).getTime() + 7 * 60_000,
    ).toISOString();
    expect(
      (await api.call("PUT", `/orders/${order.id}`, { body: { pickup_at: offGrid } })).status,
    ).toBe(422);
    const ok = await api.call("PUT", `/orders/${order.id}`, {
      body: { pickup_at: days[1]!.slots[0]!.value, substitutions_allowed: true },
    });
    expect(ok.status).toBe(200);
    const { data } = await ok.json();
    expect(data.pickup_at).toBe(days[1]!.slots[0]!.value);
    expect(data.substitutions_allowed).toBe(true);
  });

  it("refuses an invalid email with the spec's message and keeps the order unchanged", async () => {
    const { order } = await cartWithOneItem();
    const res = await api.call("PUT", `/orders/${order.id}`, {
      body: { customer: { first_name: "Pat", email: "not-an-email" } },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors["customer.email"]).toEqual([
      "The email field must be a valid email address",
    ]);
    const { data } = await api.get(`/orders/${order.id}`);
    expect(data.customer.first_name).toBeNull();
  });
});

describe("POST /orders/{id}/promotion", () => {
  it("wants a code, refuses an unknown or expired one with a reason, and applies SAVE10 as 10% floored", async () => {
    const { order, product } = await cartWithOneItem(3);
    const empty = await api.call("POST", `/orders/${order.id}/promotion`, { body: { code: "  " } });
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe("A valid promotion code is required.");
    // Each refusal names its own reason (seed: SUMMER15 ended 30 days ago, FREEDELIVERY is a
    // delivery promotion and this is a pickup order).
    const reasons = {
      NOPE: "That promotion code is not valid.",
      SUMMER15: "That promotion code has expired.",
      FREEDELIVERY: "That promotion code applies to delivery orders only.",
    };
    for (const [code, reason] of Object.entries(reasons)) {
      const res = await api.call("POST", `/orders/${order.id}/promotion`, { body: { code } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: reason, errors: { generic: [reason] } });
    }
    const applied = await api.call("POST", `/orders/${order.id}/promotion`, {
      body: { code: "save10" },
    });
    expect(applied.status).toBe(200);
    const { data } = await applied.json();
    expect(data.promotion.data.code).toBe("SAVE10");
    // Three at the seeded shelf price; SAVE10 takes 10% of that, rounded down to the cent.
    const unit =
      product.on_sale && (product.sale_srp_amount ?? 0) > 0
        ? product.sale_srp_amount!
        : product.srp_amount;
    expect(data.subtotal).toBe(3 * unit);
    expect(data.discount).toBe(Math.floor((3 * unit * 10) / 100));
    expect(data.total).toBe(3 * unit - Math.floor((3 * unit * 10) / 100));
  });
});

describe("PUT /orders/{id}/place", () => {
  it("places once: the order is submitted with a number, and a second placement is a duplicate", async () => {
    const id = await readyToPlace();
    const first = await api.call("PUT", `/orders/${id}/place`, { body: {} });
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data.status).toBe("submitted");
    expect(data.number).toMatch(/^\d+-\d{6}-[0-9A-F]{4}$/);
    const second = await api.call("PUT", `/orders/${id}/place`, { body: {} });
    expect(second.status).toBe(403);
    expect((await second.json()).message).toBe("This appears to be a duplicate order.");
    // Nothing about a submitted order can be changed any more.
    expect(
      (await api.call("POST", "/items", { body: { order_id: id, product_id: 1, quantity: 1 } }))
        .status,
    ).toBe(403);
  });

  it("answers a retry of the same request with the placed order", async () => {
    const id = await readyToPlace();
    const place = async () =>
      fetch(`${api.url}/orders/${id}/place`, {
        method: "PUT",
        headers: { "idempotency-key": "checkout-attempt-1", authorization: await keyHeader() },
      });
    const a = await place();
    const b = await place();
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await b.json()).data.number).toBe((await a.json()).data.number);
  });

  it("places one order when two different placements race", async () => {
    const id = await readyToPlace();
    const auth = await keyHeader();
    const results = await Promise.all(
      ["tab-a", "tab-b", "tab-c"].map((key) =>
        fetch(`${api.url}/orders/${id}/place`, {
          method: "PUT",
          headers: { authorization: auth, "idempotency-key": key },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const { data } = await api.get(`/orders/${id}`);
    expect(data.status).toBe("submitted");
  });

  it("refuses an order without its customer, time and location, naming each field", async () => {
    const { order } = await cartWithOneItem();
    const res = await api.call("PUT", `/orders/${order.id}/place`, { body: {} });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors).toMatchObject({
      pickup_at: ["Choose a pickup time."],
      pickup_location_id: ["A pickup location is required."],
      "customer.first_name": ["The first name field is required"],
      "customer.phone": ["Please input your 10 digit mobile number"],
    });
  });

  it("takes limited stock at placement and refuses what is no longer there", async () => {
    // Its own product (the last plain one; the other tests take the first), so the stock it
    // limits is no other test's.
    const own = (await orders.plainProducts(api)).at(-1)!;
    expect(own.id).not.toBe((await orders.plainProduct(api)).id);
    const id = await orders.readyToPlace(api, 2, own);
    await orders.setStock(api, own, 1);
    const res = await api.call("PUT", `/orders/${id}/place`, { body: {} });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(
      "The requested quantity of an item in your cart is no longer available.",
    );
    expect((await api.get(`/orders/${id}`)).data.status).toBe("incomplete");
  });
});

describe("recommendations and analytics", () => {
  it("suggests products not already in the cart, and counts views", async () => {
    const { order, product } = await cartWithOneItem();
    const { data } = await api.get(`/orders/${order.id}/product-recommendations`);
    expect(data.title).toBeTruthy();
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.map((p: { id: number }) => p.id)).not.toContain(product.id);
    const viewed = data.products[0].id as number;
    const views = () =>
      api.db.kysely
        .selectFrom("recommendation_events")
        .select(["product_id", "event"])
        .where("collection_id", "=", data.collection_id)
        .execute();
    expect(await views()).toEqual([]);
    const view = () =>
      api.call(
        "POST",
        `/recommend_collection_analytics_snapshots/${data.collection_id}/${viewed}/view`,
      );
    expect((await view()).status).toBe(204);
    expect(await views()).toEqual([{ product_id: viewed, event: "view" }]);
    expect((await view()).status).toBe(204);
    expect(await views()).toEqual([
      { product_id: viewed, event: "view" },
      { product_id: viewed, event: "view" },
    ]);
  });

  it("answers 404 for a product id that names no product, or a collection never suggested, recording nothing", async () => {
    const { order, product } = await cartWithOneItem();
    const { data } = await api.get(`/orders/${order.id}/product-recommendations`);
    const events = async () =>
      Number(
        (
          await api.db.kysely
            .selectFrom("recommendation_events")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await events();
    const event = (collection: string, productId: number) =>
      api.call("POST", `/recommend_collection_analytics_snapshots/${collection}/${productId}/view`);
    const noProduct = await event(data.collection_id, 2147483636);
    expect(noProduct.status).toBe(404);
    // Made up: any hex, an order's own id with a guessed signature, and another order's signature.
    const other = await cartWithOneItem();
    const othersCollection = (await api.get(`/orders/${other.order.id}/product-recommendations`))
      .data.collection_id as string;
    const orderHex = order.id.toString(16).padStart(8, "0");
    for (const invented of [
      "652c5000862c3e10",
      `${orderHex}${"0".repeat(24)}`,
      `${orderHex}${othersCollection.slice(8)}`,
    ]) {
      const res = await event(invented, product.id);
      expect(res.status, invented).toBe(404);
      expect(await res.json()).toMatchObject({
        status: 404,
        code: "not_found",
        message: "The requested collection could not be found.",
      });
    }
    expect(await events()).toBe(before);
  });
});

/** The Authorization header of the key that made the test's orders. */
const keyHeader = async () => `Bearer ${api.key}`;
