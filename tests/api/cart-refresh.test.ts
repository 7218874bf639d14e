/**
 * The spec §7 calls the cart relies on: `PUT orders/{id}/refresh` prices an order again at today's
 * prices (and again changes nothing), the order answers with `department.categories`, and a
 * department answers its featured product. Prices are changed on this test's own product row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/connection";
import { changeStamp } from "../../api/db/unchanged";
import { startTestApi, type TestApi } from "../support/api";
import * as orders from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A plain product no other test here uses: the last of the list. */
async function ownProduct() {
  const products = await orders.plainProducts(api);
  const product = products.at(-1);
  if (!product) throw new Error("no plain product in the seed");
  return product;
}

const setPrice = (product: orders.PlainProduct, srp: number) =>
  api.db.kysely
    .updateTable("department_products")
    .set({ srp_amount: srp, on_sale: 0 })
    .where("department_id", "=", product.department_id)
    .where("product_id", "=", product.id)
    .execute();

/** The product's price as the seed had it. */
const restorePrice = (product: orders.PlainProduct) =>
  api.db.kysely
    .updateTable("department_products")
    .set({ srp_amount: product.srp_amount, on_sale: product.on_sale })
    .where("department_id", "=", product.department_id)
    .where("product_id", "=", product.id)
    .execute();

describe("PUT /orders/{id}/refresh", () => {
  it("prices the items at today's prices, and a second refresh changes nothing", async () => {
    const product = await ownProduct();
    const { order } = await orders.cartWithOneItem(api, 3, product);
    const paid =
      product.on_sale && (product.sale_srp_amount ?? 0) > 0
        ? product.sale_srp_amount!
        : product.srp_amount;
    const added = (await api.get(`/orders/${order.id}?include=items`)).data;
    expect(added.items.data[0].price).toBe(paid);
    expect(added.subtotal).toBe(3 * paid);

    const now = paid + 137;
    await setPrice(product, now);
    try {
      // The stored order keeps the price it was added at until it is refreshed.
      expect((await api.get(`/orders/${order.id}?include=items`)).data.subtotal).toBe(3 * paid);

      for (const attempt of [1, 2]) {
        const res = await api.call("PUT", `/orders/${order.id}/refresh`);
        expect(res.status, `refresh ${attempt}`).toBe(200);
        const { data } = await res.json();
        expect(data.items.data).toHaveLength(1);
        expect(data.items.data[0].price).toBe(now);
        expect(data.items.data[0].subtotal).toBe(3 * now);
        expect(data.subtotal).toBe(3 * now);
        expect(data.total).toBe(3 * now);
      }
    } finally {
      await restorePrice(product);
    }
  });

  it("prices each item of a larger cart at its own product's price, with its own choices", async () => {
    const products = await orders.plainProducts(api);
    const [first, second] = [products.at(-3), products.at(-2)];
    if (!first || !second) throw new Error("fewer than three plain products in the seed");
    const order = await orders.newOrder(api, first.department_id);
    expect((await orders.addItem(api, order.id, first, 2)).status).toBe(201);
    expect((await orders.addItem(api, order.id, second, 3)).status).toBe(201);
    const items = await api.db.kysely
      .selectFrom("order_items")
      .select(["id", "product_id"])
      .where("order_id", "=", order.id)
      .execute();
    const itemOf = (product: orders.PlainProduct) =>
      items.find((item) => item.product_id === product.id)!.id;
    // A priced choice saved on the second item only (a cake's message, say): 75¢ a unit.
    const facet = await api.db.kysely.selectFrom("facets").select("id").executeTakeFirstOrThrow();
    await api.db.kysely
      .insertInto("item_preferences")
      .values({ item_id: itemOf(second), facet_id: facet.id, name: "Message", price: 75 })
      .execute();

    await setPrice(first, 411);
    await setPrice(second, 622);
    try {
      const res = await api.call("PUT", `/orders/${order.id}/refresh`);
      expect(res.status).toBe(200);
      const { data } = await res.json();
      const priced = (product: orders.PlainProduct) =>
        data.items.data.find((item: { id: number }) => item.id === itemOf(product));
      expect(priced(first)).toMatchObject({ price: 411, subtotal: 2 * 411 });
      expect(priced(second)).toMatchObject({ price: 622, subtotal: 3 * (622 + 75) });
      expect(data.subtotal).toBe(2 * 411 + 3 * (622 + 75));
    } finally {
      for (const product of [first, second]) await restorePrice(product);
    }
  });

  it("writes nothing when nothing has changed since the cart was last priced", async () => {
    const { order } = await orders.cartWithOneItem(api, 2, await ownProduct());
    const first = await api.call("PUT", `/orders/${order.id}/refresh`);
    expect(first.status).toBe(200);
    const { subtotal } = (await first.json()).data;
    const written = () =>
      api.db.kysely
        .selectFrom("orders")
        .select("updated_at")
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
    const before = await written();
    const stamp = await changeStamp(api.db.kysely);
    // Long enough for a rewrite to show in updated_at (milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await api.call("PUT", `/orders/${order.id}/refresh`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.subtotal).toBe(subtotal);
    expect(await written()).toEqual(before);
    // On SQLite no row at all was written (PostgreSQL has no such count: null both times).
    expect(await changeStamp(api.db.kysely)).toBe(stamp);
  });

  it("prices again what another process changed, however often the cart was just refreshed", async () => {
    const product = await ownProduct();
    const { order } = await orders.cartWithOneItem(api, 2, product);
    const refreshed = async () => {
      const res = await api.call("PUT", `/orders/${order.id}/refresh`);
      expect(res.status).toBe(200);
      return (await res.json()).data as { subtotal: number };
    };
    const { subtotal } = await refreshed();
    expect((await refreshed()).subtotal).toBe(subtotal);
    expect((await refreshed()).subtotal).toBe(subtotal);
    const other = openDatabase(api.db.url);
    try {
      await other.kysely
        .updateTable("department_products")
        .set({ srp_amount: 999, on_sale: 0 })
        .where("department_id", "=", product.department_id)
        .where("product_id", "=", product.id)
        .execute();
      expect((await refreshed()).subtotal).toBe(2 * 999);
    } finally {
      await other.close();
      await restorePrice(product);
    }
  });

  it("is refused for another device's order (404) and for a submitted one (403)", async () => {
    const { order } = await orders.cartWithOneItem(api, 1, await ownProduct());
    const other = await api.newKey();
    expect((await api.call("PUT", `/orders/${order.id}/refresh`, { key: other })).status).toBe(404);
    await api.db.kysely
      .updateTable("orders")
      .set({ status: "submitted" })
      .where("id", "=", order.id)
      .execute();
    expect((await api.call("PUT", `/orders/${order.id}/refresh`)).status).toBe(403);
  });
});

describe("GET /orders/{id}?include=department.categories", () => {
  it("answers the department's top-level categories with their children", async () => {
    const { order, product } = await orders.cartWithOneItem(api, 1, await ownProduct());
    const rows = await api.db.kysely
      .selectFrom("categories")
      .select(["id", "parent_id"])
      .where("department_id", "=", product.department_id)
      .execute();
    const topLevel = rows.filter((c) => c.parent_id === null).map((c) => c.id);
    const { data } = await api.get(
      `/orders/${order.id}?include=department.categories,department.pickup_locations,items.product.images,items.preferences,cardAuthorization`,
    );
    const categories = data.department.data.categories.data as {
      id: number;
      children: { data: { id: number; parent_id: number }[] };
    }[];
    expect(categories.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      topLevel.sort((a, b) => a - b),
    );
    for (const category of categories) {
      const children = rows.filter((c) => c.parent_id === category.id).map((c) => c.id);
      expect(category.children.data.map((c) => c.id).sort((a, b) => a - b)).toEqual(
        children.sort((a, b) => a - b),
      );
    }
    expect(data.department.data.pickup_locations.data.length).toBeGreaterThan(0);
  });
});

describe("GET /departments/{id}?include=featured_product", () => {
  it("features a sticky product of the department", async () => {
    const sticky = await api.db.kysely
      .selectFrom("department_products")
      .select(["department_id", "product_id"])
      .where("sticky", "=", 1)
      .orderBy("department_id")
      .execute();
    const first = sticky[0];
    if (!first) throw new Error("the seed has no sticky product");
    const stickyHere = sticky
      .filter((row) => row.department_id === first.department_id)
      .map((row) => row.product_id);
    const { data } = await api.get(
      `/departments/${first.department_id}?include=categories,pickup_locations,featured_product`,
    );
    expect(stickyHere).toContain(data.featured_product.data.id);
    expect(data.featured_product.data.sticky).toBe(true);
  });
});
