/**
 * Favorites and Price Plus Club prices for signed-in shoppers, the store's status script and the
 * demo shopper's past orders, on one database (SQLite in `test:unit`, PostgreSQL in
 * `test:api:pg`).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShopper, DEMO_SHOPPER } from "../../api/db/seed/demo-shopper";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  newOrder,
  place,
  plainProducts,
  prepareForPlacement,
  storedTotals,
  type PlainProduct,
} from "../support/orders";
import { bindKey, newUser, signedInKey } from "../support/users";

let api: TestApi;
let product: PlainProduct;
beforeAll(async () => {
  api = await startTestApi();
  product = (await plainProducts(api))[0]!;
});
afterAll(() => api.close());

const favorite = (id: number | string, key: string | null, body?: unknown) =>
  api.call(body === undefined ? "GET" : "PUT", `/products/${id}/favorite`, { key, body });

describe("GET and PUT /products/{id}/favorite", () => {
  it("are for signed-in shoppers only", async () => {
    const guest = await api.newKey();
    for (const res of [await favorite(product.id, guest), await favorite(product.id, guest, {})]) {
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe("unauthenticated");
    }
    expect((await favorite(product.id, null)).status).toBe(401);
  });

  it("toggle without a body, set with one, and agree with the product and the listing", async () => {
    const { key } = await signedInKey(api);
    const flag = async (res: Response) => {
      expect(res.status).toBe(200);
      return (await res.json()).data.favorite as boolean;
    };
    expect(await flag(await favorite(product.id, key))).toBe(false);
    expect(await flag(await favorite(product.id, key, {}))).toBe(true);
    expect(await flag(await favorite(product.id, key))).toBe(true);

    const shown = await api.call(
      "GET",
      `/products/${product.id}?department_id=${product.department_id}`,
      { key },
    );
    expect((await shown.json()).data.favorite).toBe(true);
    const listing = await api.call(
      "GET",
      `/products?department_id=${product.department_id}&favorites=1`,
      { key },
    );
    const listed = await listing.json();
    expect(listed.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(listed.meta.total).toBe(1);

    expect(await flag(await favorite(product.id, key, { favorite: true }))).toBe(true);
    expect(await flag(await favorite(product.id, key, {}))).toBe(false);
    expect(await flag(await favorite(product.id, key, { favorite: false }))).toBe(false);
    const none = await api.call(
      "GET",
      `/products?department_id=${product.department_id}&favorites=1`,
      { key },
    );
    // Read at once after the unstar: the count follows too (it is never kept for favorites).
    const noneListed = await none.json();
    expect(noneListed.data).toEqual([]);
    expect(noneListed.meta.total).toBe(0);
  });

  it("are each user's own", async () => {
    const { key: mine } = await signedInKey(api);
    const { key: theirs } = await signedInKey(api);
    expect((await favorite(product.id, mine, { favorite: true })).status).toBe(200);
    expect((await (await favorite(product.id, theirs)).json()).data.favorite).toBe(false);
  });

  it("answer 404 for an unknown product and 422 for a bad body, never a 500", async () => {
    const { key } = await signedInKey(api);
    expect((await favorite(999_999, key)).status).toBe(404);
    expect((await favorite(999_999, key, {})).status).toBe(404);
    expect((await favorite("abc", key)).status).toBe(404);
    for (const body of [{ favorite: "yes" }, { favorite: 1 }, "{", "[]"]) {
      const res = await favorite(product.id, key, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it("take turns when toggled in parallel: every toggle counts once", async () => {
    const { key } = await signedInKey(api);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => favorite(product.id, key, {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
    const flags = await Promise.all(answers.map(async (a) => (await a.json()).data.favorite));
    // Seven toggles from "no": four answered true, three false, and it ends a favorite.
    expect(flags.filter(Boolean)).toHaveLength(4);
    expect((await (await favorite(product.id, key)).json()).data.favorite).toBe(true);
  });
});

describe("Price Plus Club prices", () => {
  const CLUB_PER_UNIT = 150;
  /** The product's club discount per unit in its department, as the store's price feed sets it. */
  const setClubPrice = (perUnit: number) =>
    api.db.kysely
      .updateTable("department_products")
      .set({ discount_amount: perUnit })
      .where("department_id", "=", product.department_id)
      .where("product_id", "=", product.id)
      .execute();
  beforeAll(async () => {
    await setClubPrice(CLUB_PER_UNIT);
  });

  const cartOf = async (key: string, quantity = 2) => {
    const order = await newOrder(api, product.department_id, key);
    expect((await addItem(api, order.id, product, quantity, key)).status).toBe(201);
    const res = await api.call("GET", `/orders/${order.id}?include=items`, { key });
    return { id: order.id, order: (await res.json()).data };
  };

  it("discount a member's items and the order's total, as stored", async () => {
    const { key } = await signedInKey(api, await newUser(api, { card_number: "41000099999" }));
    const { id, order } = await cartOf(key, 2);
    expect(order.items.data[0].club_discount_amount).toBe(2 * CLUB_PER_UNIT);
    expect(order.club_savings).toBe(2 * CLUB_PER_UNIT);
    expect(order.total).toBe(order.subtotal - 2 * CLUB_PER_UNIT);
    const stored = await storedTotals(api, id);
    expect(stored.order.club_savings).toBe(2 * CLUB_PER_UNIT);
    expect(stored.order.subtotal).toBe(stored.itemsSum);
  });

  it("give guests and users without a card none", async () => {
    const guest = await api.newKey();
    const { key: noCard } = await signedInKey(api);
    for (const key of [guest, noCard]) {
      const { order } = await cartOf(key, 2);
      expect(order.items.data[0].club_discount_amount).toBe(0);
      expect(order.club_savings).toBe(0);
      expect(order.total).toBe(order.subtotal);
    }
  });

  it("apply to the member signed in at placement, and stay as placed", async () => {
    const key = await api.newKey();
    const { id, order } = await cartOf(key, 3);
    expect(order.club_savings).toBe(0);
    await prepareForPlacement(api, id, { key });
    await bindKey(api, key, await newUser(api, { card_number: "41000088888" }));
    expect((await place(api, id, undefined, key)).status).toBe(200);
    const placed = await storedTotals(api, id);
    expect(placed.order.club_savings).toBe(3 * CLUB_PER_UNIT);
    expect(placed.order.total).toBe(placed.itemsSum - 3 * CLUB_PER_UNIT);

    // A later club price does not change a placed order.
    await setClubPrice(1);
    const after = await api.call("PUT", `/orders/${id}`, {
      key,
      body: { customer: { notification_type: ["sms"] } },
    });
    expect(after.status).toBe(200);
    expect((await after.json()).data.club_savings).toBe(3 * CLUB_PER_UNIT);
    await setClubPrice(CLUB_PER_UNIT);
  });
});

describe("the demo shopper", () => {
  const pat = () =>
    api.db.kysely.selectFrom("users").selectAll().where("email", "=", DEMO_SHOPPER.email).execute();

  it("is seeded once, with a club card and past orders in every state", async () => {
    const [user, ...more] = await pat();
    expect(more).toEqual([]);
    expect(user!.card_number).toBe(DEMO_SHOPPER.card_number);
    const { key } = await signedInKey(api, { id: user!.id, email: user!.email });
    const { data } = await (await api.call("GET", "/orders", { key })).json();
    expect(data.map((o: { status: string }) => o.status).sort()).toEqual([
      "cancelled",
      "in_progress",
      "picked_up",
      "ready",
      "submitted",
    ]);
    for (const order of data) {
      expect(order.is_editable, order.status).toBe(order.status === "submitted");
      const stored = await storedTotals(api, order.id);
      expect(stored.order.subtotal).toBe(stored.itemsSum);
    }
    expect(data.some((o: { club_savings: number }) => o.club_savings > 0)).toBe(true);
    const stores = new Set(data.map((o: { store_id: number }) => o.store_id));
    expect(stores.size).toBe(2);
  });

  it("seeding again adds neither a user nor orders (idempotent on the email)", async () => {
    const [user] = await pat();
    const count = async () =>
      (
        await api.db.kysely
          .selectFrom("orders")
          .select("id")
          .where("user_id", "=", user!.id)
          .execute()
      ).length;
    const before = await count();
    const brand = await api.db.kysely.selectFrom("brands").select("id").executeTakeFirstOrThrow();
    const department = await api.db.kysely
      .selectFrom("departments")
      .select("id")
      .executeTakeFirstOrThrow();
    await api.db.kysely
      .transaction()
      .execute((trx) => seedDemoShopper(trx, brand.id, () => department.id, new Date()));
    expect(await pat()).toHaveLength(1);
    expect(await count()).toBe(before);
  });
});

describe("npm run order:status", () => {
  const run = promisify(execFile);
  const script = (...args: string[]) =>
    run("node_modules/.bin/tsx", ["api/db/order-status.ts", ...args], {
      env: { ...process.env, DATABASE_URL: api.db.url },
    });

  it("sets a store-side status on the database DATABASE_URL names, and refuses bad input", async () => {
    const key = await api.newKey();
    const order = await newOrder(api, product.department_id, key);
    expect((await addItem(api, order.id, product, 1, key)).status).toBe(201);
    await prepareForPlacement(api, order.id, { key });
    expect((await place(api, order.id, undefined, key)).status).toBe(200);
    const { order: row } = await storedTotals(api, order.id);

    const done = await script(row.number!, "ready");
    expect(done.stdout).toMatch(/is now ready/);
    const read = await (await api.call("GET", `/orders/${order.id}`, { key })).json();
    expect(read.data).toMatchObject({ status: "ready", is_editable: false, is_cancelable: false });

    await expect(script(row.number!, "baking")).rejects.toMatchObject({ code: 2 });
    await expect(script("NO-SUCH-ORDER", "ready")).rejects.toMatchObject({ code: 1 });
  });
});
