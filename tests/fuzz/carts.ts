/**
 * The real orders and items the order fuzzers aim at, kept usable through the run: a fuzzed call
 * may cancel an order or delete its last item, so before each request a gone cart is rebuilt.
 */
import { expect } from "vitest";
import type { TestApi } from "../support/api";
import { cartWithOneItem, plainProduct, prepareForPlacement } from "../support/orders";
import type { Pool } from "./support";

/** A product taking a customer photo, with its facets (ids and choices) for generated preferences. */
async function configurableProduct(api: TestApi) {
  const k = api.db.kysely;
  const product = await k
    .selectFrom("products as p")
    .innerJoin("department_products as dp", "dp.product_id", "p.id")
    .innerJoin("departments as d", "d.id", "dp.department_id")
    .select(["p.id", "dp.department_id"])
    .where("p.accepts_customer_photo", "=", 1)
    .where("dp.active", "=", 1)
    .where("d.remote_orders_require_authentication", "=", 0)
    .where("dp.remaining_quantity", "is", null)
    .orderBy("p.id")
    .executeTakeFirstOrThrow();
  const facets = await k
    .selectFrom("facets")
    .select(["id", "type", "required"])
    .where("product_id", "=", product.id)
    .orderBy("id")
    .execute();
  const choices = await k
    .selectFrom("choices")
    .select(["id", "facet_id"])
    .where("facet_id", "in", facets.map((f) => f.id).concat(0))
    .orderBy("id")
    .execute();
  const triggered = new Set(
    (
      await k
        .selectFrom("facet_triggers")
        .select("facet_id")
        .where("facet_id", "in", facets.map((f) => f.id).concat(0))
        .execute()
    ).map((t) => t.facet_id),
  );
  // What the product form sends: every required, always-visible facet answered.
  const preferences = facets
    .filter((f) => f.required && !triggered.has(f.id))
    .map((f) => ({
      facet_id: f.id,
      choice_id:
        f.type === "free-response" ? null : (choices.find((c) => c.facet_id === f.id)?.id ?? null),
      value: f.type === "multi-choice" ? null : "Happy Birthday",
    }));
  return { ...product, facets, choices, preferences };
}

export interface Carts {
  pool: Pool;
  /** Rebuilds any cart that is no longer an incomplete order with an item. */
  refresh(): Promise<void>;
}

/**
 * Pool names: order/item (plain), photoOrder/photoItem (configurable, takes a photo), otherOrder and
 * otherItem (another device's), product, photoProduct, department, photoDepartment, facet*, choice*.
 */
export async function fuzzCarts(api: TestApi, otherKey: string): Promise<Carts> {
  const plain = await plainProduct(api);
  const configurable = await configurableProduct(api);
  const pool: Pool = {
    product: plain.id,
    department: plain.department_id,
    photoProduct: configurable.id,
    photoDepartment: configurable.department_id,
  };
  configurable.facets.slice(0, 4).forEach((f, i) => (pool[`facet${i}`] = f.id));
  configurable.choices.slice(0, 4).forEach((c, i) => (pool[`choice${i}`] = c.id));

  const newPlain = async () => {
    const { order } = await cartWithOneItem(api, 2, plain);
    // Ready to place, so a fuzzed placement can get past the customer and pickup checks.
    await prepareForPlacement(api, order.id);
    return order.id;
  };
  const newConfigurable = async () => {
    const created = await api.call("POST", "/orders", {
      body: { department_id: configurable.department_id },
    });
    expect(created.status).toBe(201);
    const orderId = (await created.json()).data.id as number;
    const added = await api.call("POST", "/items", {
      body: {
        order_id: orderId,
        product_id: configurable.id,
        quantity: 1,
        preferences: configurable.preferences,
      },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    return orderId;
  };
  const newOther = async () => {
    const created = await api.call("POST", "/orders", {
      key: otherKey,
      body: { department_id: plain.department_id },
    });
    const orderId = (await created.json()).data.id as number;
    await api.call("POST", "/items", {
      key: otherKey,
      body: { order_id: orderId, product_id: plain.id, quantity: 1, preferences: [] },
    });
    return orderId;
  };
  const carts = [
    { order: "order", item: "item", build: newPlain },
    { order: "photoOrder", item: "photoItem", build: newConfigurable },
    { order: "otherOrder", item: "otherItem", build: newOther },
  ];

  const k = api.db.kysely;
  const refresh = async () => {
    for (const cart of carts) {
      const id = pool[cart.order] as number | undefined;
      const row =
        id === undefined
          ? undefined
          : await k
              .selectFrom("orders as o")
              .leftJoin("order_items as i", "i.order_id", "o.id")
              .select(["o.status", "i.id as itemId"])
              .where("o.id", "=", id)
              .orderBy("i.id")
              .executeTakeFirst();
      if (row?.status === "incomplete" && row.itemId !== null) {
        pool[cart.item] = row.itemId;
        continue;
      }
      pool[cart.order] = await cart.build();
      const item = await k
        .selectFrom("order_items")
        .select("id")
        .where("order_id", "=", pool[cart.order] as number)
        .executeTakeFirstOrThrow();
      pool[cart.item] = item.id;
    }
  };
  await refresh();
  return { pool, refresh };
}
