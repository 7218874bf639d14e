/**
 * A substitution choice per item (decision 029) on one database (SQLite in `test:unit`,
 * PostgreSQL with TEST_DATABASE=postgres): the products offered, the choice saved and answered,
 * the order-wide option over it, refusals, reorder, a shopper's remembered choice, and parallel
 * changes beside a placement.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SUBSTITUTES } from "@core/rules/substitution";
import { startTestApi, type TestApi } from "../support/api";
import {
  addItem,
  newOrder,
  place,
  plainProducts,
  prepareForPlacement,
  setStock,
  type PlainProduct,
} from "../support/orders";
import { signedInKey } from "../support/users";

let api: TestApi;
/** A plain product with at least two similar products offered, and those offered. */
let product: PlainProduct;
let offered: { id: number; name: string }[];

interface ItemAnswer {
  id: number;
  product_id: number;
  substitution: string;
  substitute_product_id: number | null;
  substitute_product_name: string | null;
}

beforeAll(async () => {
  api = await startTestApi();
  for (const candidate of await plainProducts(api)) {
    const order = await newOrder(api, candidate.department_id);
    const added = await addItem(api, order.id, candidate, 1);
    const item = (await added.json()).data as ItemAnswer;
    const list = await api.get(`/items/${item.id}/substitutes`);
    if (list.data.length >= 2) {
      product = candidate;
      offered = list.data;
      return;
    }
  }
  throw new Error("no product with similar products in the demo data");
});
afterAll(() => api.close());

/** A cart of `product` on `key`, with substitutions allowed or not; answers its item. */
async function cart(key: string, allowed = true) {
  const order = await newOrder(api, product.department_id, key);
  const added = await addItem(api, order.id, product, 1, key);
  expect(added.status).toBe(201);
  if (allowed) await setAllowed(key, order.id, true);
  return { orderId: order.id, item: (await added.json()).data as ItemAnswer };
}

async function setAllowed(key: string, orderId: number, allowed: boolean) {
  const res = await api.call("PUT", `/orders/${orderId}`, {
    key,
    body: { substitutions_allowed: allowed },
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.items.data as ItemAnswer[];
}

const choose = (key: string, itemId: number, body: unknown) =>
  api.call("PUT", `/items/${itemId}/substitution`, { key, body });

async function orderItems(key: string, orderId: number) {
  const res = await api.call("GET", `/orders/${orderId}?include=items`, { key });
  return (await res.json()).data.items.data as ItemAnswer[];
}

describe("GET /items/{id}/substitutes", () => {
  it("offers up to 5 available products sharing a category in the department, never the item's own", async () => {
    const key = await api.newKey();
    const { item } = await cart(key);
    const { data, meta } = await (
      await api.call("GET", `/items/${item.id}/substitutes`, { key })
    ).json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(MAX_SUBSTITUTES);
    expect(meta.count).toBe(data.length);
    const ids = data.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(product.id);
    const shared = await api.db.kysely
      .selectFrom("category_products as mine")
      .innerJoin("category_products as theirs", "theirs.category_id", "mine.category_id")
      .innerJoin("categories as c", "c.id", "mine.category_id")
      .select("theirs.product_id")
      .where("mine.product_id", "=", product.id)
      .where("c.department_id", "=", product.department_id)
      .execute();
    const sameCategory = new Set(shared.map((r) => r.product_id));
    for (const id of ids) expect(sameCategory.has(id), `product ${id}`).toBe(true);

    // A product sold out is no longer offered.
    const soldOut = { ...product, id: ids[0] };
    await setStock(api, soldOut, 0);
    try {
      const after = await (await api.call("GET", `/items/${item.id}/substitutes`, { key })).json();
      expect(after.data.map((p: { id: number }) => p.id)).not.toContain(ids[0]);
    } finally {
      await setStock(api, soldOut, null);
    }
  });

  it("is a 404 for another device's item, an unknown or malformed id", async () => {
    const { item } = await cart(await api.newKey());
    const stranger = await api.newKey();
    for (const path of [`/items/${item.id}/substitutes`, "/items/999999/substitutes"]) {
      const res = await api.call("GET", path, { key: stranger });
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    expect((await api.call("GET", "/items/abc/substitutes")).status).toBe(404);
  });
});

describe("PUT /items/{id}/substitution", () => {
  it("starts at 'none' while the order does not allow substitutions and at 'best_match' once it does", async () => {
    const key = await api.newKey();
    const { orderId, item } = await cart(key, false);
    expect(item.substitution).toBe("none");
    const [allowed] = await setAllowed(key, orderId, true);
    expect(allowed).toMatchObject({ substitution: "best_match", substitute_product_id: null });
  });

  it("saves 'Substitute with' a product offered, answered with its name, in the item and the order", async () => {
    const key = await api.newKey();
    const { orderId, item } = await cart(key);
    const chosen = offered[1]!;
    const res = await choose(key, item.id, {
      substitution: "product",
      substitute_product_id: chosen.id,
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ substitution: "product", substitute_product_id: chosen.id });
    expect(data.substitute_product_name).toContain(chosen.name);
    const [stored] = await orderItems(key, orderId);
    expect(stored).toMatchObject({ substitution: "product", substitute_product_id: chosen.id });

    const none = await choose(key, item.id, { substitution: "none" });
    expect((await none.json()).data).toMatchObject({
      substitution: "none",
      substitute_product_id: null,
      substitute_product_name: null,
    });
  });

  it("turning the order-wide option off answers 'none' for every item; on again brings the choice back", async () => {
    const key = await api.newKey();
    const { orderId, item } = await cart(key);
    const second = await addItem(api, orderId, { ...product, id: offered[0]!.id }, 1, key);
    expect(second.status).toBe(201);
    await choose(key, item.id, { substitution: "product", substitute_product_id: offered[1]!.id });
    const off = await setAllowed(key, orderId, false);
    expect(off).toHaveLength(2);
    for (const i of off)
      expect(i).toMatchObject({ substitution: "none", substitute_product_id: null });
    // While off only 'none' may be chosen.
    const refused = await choose(key, item.id, { substitution: "best_match" });
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.code).toBe("substitutions_off");
    expect(body.errors.substitution[0]).toMatch(/Substitutions are off/);
    expect((await choose(key, item.id, { substitution: "none" })).status).toBe(200);
    const on = await setAllowed(key, orderId, true);
    expect(on.find((i) => i.id === item.id)!.substitution).toBe("none");
  });

  it("refuses bad choices with a 422 and a clear error, never a 500, and saves nothing", async () => {
    const key = await api.newKey();
    const { orderId, item } = await cart(key);
    const notOffered = await api.db.kysely
      .selectFrom("department_products")
      .select("product_id")
      .where("department_id", "=", product.department_id)
      .where(
        "product_id",
        "not in",
        offered.map((p) => p.id),
      )
      .where("product_id", "!=", product.id)
      .executeTakeFirstOrThrow();
    const cases: [unknown, string, string][] = [
      [{ substitution: "maybe" }, "invalid", "substitution"],
      [{}, "invalid", "substitution"],
      [{ substitution: "product" }, "invalid", "substitute_product_id"],
      [
        { substitution: "product", substitute_product_id: "abc" },
        "invalid",
        "substitute_product_id",
      ],
      [{ substitution: "product", substitute_product_id: -1 }, "invalid", "substitute_product_id"],
      [
        { substitution: "none", substitute_product_id: offered[0]!.id },
        "invalid",
        "substitute_product_id",
      ],
      [
        { substitution: "product", substitute_product_id: product.id },
        "substitute_not_offered",
        "substitute_product_id",
      ],
      [
        { substitution: "product", substitute_product_id: notOffered.product_id },
        "substitute_not_offered",
        "substitute_product_id",
      ],
      [
        { substitution: "product", substitute_product_id: 999999 },
        "substitute_not_offered",
        "substitute_product_id",
      ],
      ["not json", "invalid", ""],
    ];
    for (const [body, code, field] of cases) {
      const res = await choose(key, item.id, body);
      const label = JSON.stringify(body);
      expect(res.status, label).toBe(422);
      const answer = await res.json();
      expect(answer.code, label).toBe(code);
      if (field) expect(answer.errors[field]?.[0], label).toBeTruthy();
    }
    const [stored] = await orderItems(key, orderId);
    expect(stored!.substitution).toBe("best_match");
  });

  it("is a 404 for another device's item and a 403 once the order is placed", async () => {
    const key = await api.newKey();
    const { orderId, item } = await cart(key);
    const stranger = await choose(await api.newKey(), item.id, { substitution: "none" });
    expect(stranger.status).toBe(404);
    expect((await choose(key, 999999, { substitution: "none" })).status).toBe(404);
    await prepareForPlacement(api, orderId, { key });
    expect((await place(api, orderId, undefined, key)).status).toBe(200);
    const late = await choose(key, item.id, { substitution: "none" });
    expect(late.status).toBe(403);
    expect((await late.json()).code).toBe("order_not_editable");
  });
});

describe("carried over", () => {
  it("a reorder keeps each item's choice and the order-wide option", async () => {
    const { key } = await signedInKey(api);
    const { orderId, item } = await cart(key);
    await choose(key, item.id, { substitution: "product", substitute_product_id: offered[0]!.id });
    await prepareForPlacement(api, orderId, { key });
    expect((await place(api, orderId, undefined, key)).status).toBe(200);
    const res = await api.call("POST", `/orders/${orderId}/reorder`, { key, body: {} });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const order = await (await api.call("GET", `/orders/${data.id}?include=items`, { key })).json();
    expect(order.data.substitutions_allowed).toBe(true);
    // The past orders list gives each order's item lines with their choice.
    const list = await (
      await api.call("GET", "/orders?placed=1&include=items,items.product", { key })
    ).json();
    const [line] = list.data.find((o: { id: number }) => o.id === orderId).items.data;
    expect(line).toMatchObject({
      substitution: "product",
      substitute_product_id: offered[0]!.id,
      product: { data: { id: product.id } },
    });
    expect(line.substitute_product_name).toContain(offered[0]!.name);
    expect(order.data.items.data[0]).toMatchObject({
      product_id: product.id,
      substitution: "product",
      substitute_product_id: offered[0]!.id,
    });
  });

  it("a signed-in shopper's last choice for the product is preselected on the next add; a guest's is not", async () => {
    const { key } = await signedInKey(api);
    const first = await cart(key);
    await choose(key, first.item.id, {
      substitution: "product",
      substitute_product_id: offered[1]!.id,
    });
    const next = await cart(key);
    const [preselected] = await orderItems(key, next.orderId);
    expect(preselected).toMatchObject({
      substitution: "product",
      substitute_product_id: offered[1]!.id,
    });
    // The latest choice wins.
    await choose(key, next.item.id, { substitution: "none" });
    const [latest] = await orderItems(key, (await cart(key)).orderId);
    expect(latest!.substitution).toBe("none");

    const guest = await api.newKey();
    const guestFirst = await cart(guest);
    await choose(guest, guestFirst.item.id, { substitution: "none" });
    const [guestNext] = await orderItems(guest, (await cart(guest)).orderId);
    expect(guestNext!.substitution).toBe("best_match");
  });
});

describe("parallel changes beside a placement", () => {
  it("the stored choice is one of those sent, whole; changes after placement are refused", async () => {
    const key = await api.newKey();
    const { orderId, item } = await cart(key);
    await prepareForPlacement(api, orderId, { key });
    const sent = [
      { substitution: "product", substitute_product_id: offered[0]!.id },
      { substitution: "none" },
      { substitution: "product", substitute_product_id: offered[1]!.id },
      { substitution: "best_match" },
    ];
    const answers = await Promise.all([
      ...sent.flatMap((body) => [choose(key, item.id, body), choose(key, item.id, body)]),
      place(api, orderId, undefined, key),
    ]);
    for (const res of answers) expect([200, 403]).toContain(res.status);
    expect(answers.at(-1)!.status).toBe(200);
    const row = await api.db.kysely
      .selectFrom("order_items")
      .select(["substitution", "substitute_product_id"])
      .where("id", "=", item.id)
      .executeTakeFirstOrThrow();
    const stored = {
      substitution: row.substitution,
      ...(row.substitute_product_id === null
        ? {}
        : { substitute_product_id: row.substitute_product_id }),
    };
    // Every change made before the placement is kept; none after (403): one of those sent, or
    // none of them if the placement came first.
    expect([...sent, { substitution: null }]).toContainEqual(stored);
    const placed = await orderItems(key, orderId);
    expect(placed[0]!.substitution).toBe(row.substitution ?? "best_match");
  });
});
