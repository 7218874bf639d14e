import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "oe-uploads-"));
process.env.UPLOADS_DIR = uploads;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** A product of the seed with what a test needs, found by its rules rather than its id. */
async function productWhere(kind: "fractional" | "required-facet" | "photo" | "limited" | "plain") {
  let q = api.db.kysely
    .selectFrom("products as p")
    .innerJoin("department_products as dp", "dp.product_id", "p.id")
    .select([
      "p.id",
      "dp.department_id",
      "dp.srp_amount",
      "dp.sale_srp_amount",
      "dp.on_sale",
      "dp.remaining_quantity",
    ])
    .where("dp.active", "=", 1)
    .orderBy("p.id");
  if (kind === "fractional")
    q = q
      .where("p.accepts_fractional_quantities", "=", 1)
      .where("p.unit_of_measure", "=", "pound")
      .where("dp.remaining_quantity", "is", null);
  if (kind === "photo") q = q.where("p.accepts_customer_photo", "=", 1);
  if (kind === "limited")
    q = q.where("dp.remaining_quantity", "is not", null).where("dp.remaining_quantity", ">=", 1);
  if (kind === "required-facet")
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("facets")
          .select("facets.id")
          .whereRef("facets.product_id", "=", "p.id")
          .where("facets.required", "=", 1),
      ),
    );
  if (kind === "plain" || kind === "fractional")
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("facets")
            .select("facets.id")
            .whereRef("facets.product_id", "=", "p.id")
            .where("facets.required", "=", 1),
        ),
      ),
    );
  return q.executeTakeFirstOrThrow();
}

async function newOrder(departmentId: number, key?: string) {
  const res = await api.call("POST", "/orders", {
    body: { department_id: departmentId, source: "website" },
    ...(key ? { key } : {}),
  });
  expect(res.status).toBe(201);
  return (await res.json()).data as { id: number; status: string };
}

/** The full configuration the product form would send: every required facet answered. */
async function completePreferences(productId: number, departmentId: number) {
  const { data } = await api.get(
    `/products/${productId}?department_id=${departmentId}&include=facets.choices`,
  );
  const triggered = new Set((data.facet_triggers as { facet_id: number }[]).map((t) => t.facet_id));
  return (
    data.facets.data as {
      id: number;
      type: string;
      required: boolean;
      choices: { data: { id: number }[] };
    }[]
  )
    .filter((f) => f.required && !triggered.has(f.id))
    .map((f) => ({
      facet_id: f.id,
      choice_id: f.type === "free-response" ? null : (f.choices.data[0]?.id ?? null),
      value: f.type === "multi-choice" ? null : "Happy Birthday",
    }));
}

describe("orders", () => {
  it("creates an incomplete order in a department, and answers it with its includes", async () => {
    const product = await productWhere("plain");
    const order = await newOrder(product.department_id);
    expect(order.status).toBe("incomplete");
    const { data } = await api.get(
      `/orders/${order.id}?include=department.categories,department.pickup_locations,items.product.images,items.preferences,cardAuthorization`,
    );
    expect(data.department.data.id).toBe(product.department_id);
    expect(data.items.data).toEqual([]);
    expect(data.cardAuthorization.data).toBeNull();
    expect(data.is_editable).toBe(true);
  });

  it("refuses a department of no store and a malformed body", async () => {
    expect((await api.call("POST", "/orders", { body: { department_id: 999999 } })).status).toBe(
      404,
    );
    const bad = await api.call("POST", "/orders", {
      body: { department_id: "deli", source: "fax" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["department_id", "source"]);
  });
});

describe("items", () => {
  it("prices an item on the server and ignores the price a client sends", async () => {
    const product = await productWhere("plain");
    const order = await newOrder(product.department_id);
    const res = await api.call("POST", "/items", {
      body: {
        order_id: order.id,
        product_id: product.id,
        quantity: 2,
        preferences: [],
        price: 1,
        subtotal: 1,
      },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const unit =
      product.on_sale && (product.sale_srp_amount ?? 0) > 0
        ? product.sale_srp_amount!
        : product.srp_amount;
    expect(data.price).toBe(unit);
    const { data: full } = await api.get(`/orders/${order.id}`);
    // Two at the seeded shelf price, not a cent more: the client's price and subtotal are ignored.
    expect(data.subtotal).toBe(2 * unit);
    expect(full.subtotal).toBe(2 * unit);
    expect(full.item_count).toBe(1);
  });

  it("accepts 1.25 lb of a product sold by the pound, and refuses 1.1", async () => {
    const product = await productWhere("fractional");
    const order = await newOrder(product.department_id);
    const ok = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: product.id, quantity: 1.25, preferences: [] },
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).data.quantity).toBe(1.25);
    const bad = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: product.id, quantity: 1.1, preferences: [] },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.quantity).toEqual(["Choose one of the quantities offered."]);
  });

  it("refuses more than remains with the message the storefront maps", async () => {
    const product = await productWhere("limited");
    const order = await newOrder(product.department_id);
    const prefs = await completePreferences(product.id, product.department_id);
    const res = await api.call("POST", "/items", {
      body: {
        order_id: order.id,
        product_id: product.id,
        quantity: product.remaining_quantity! + 1,
        preferences: prefs,
      },
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toContain("quantity is not available");
    expect(body.errors.quantity).toEqual(["That quantity is not available."]);
  });

  it("names each required facet left empty, and adds the item once complete", async () => {
    const product = await productWhere("required-facet");
    const order = await newOrder(product.department_id);
    const missing = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: [] },
    });
    expect(missing.status).toBe(422);
    const body = await missing.json();
    expect(body.message).toBe("Please complete all required fields");
    for (const messages of Object.values(body.errors) as string[][])
      expect(messages[0]).toMatch(/^The .+ field is required$/);
    const prefs = await completePreferences(product.id, product.department_id);
    const ok = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: prefs },
    });
    expect(ok.status).toBe(201);
    const added = (await ok.json()).data.preferences.data as {
      facet_id: number;
      facet_name: string | null;
    }[];
    expect(added.length).toBeGreaterThanOrEqual(prefs.length);
    // Each preference says which facet it answers, so an item line can name it.
    const facets = await api.db.kysely
      .selectFrom("facets")
      .select(["id", "name"])
      .where("product_id", "=", product.id)
      .execute();
    for (const preference of added)
      expect(preference.facet_name).toBe(facets.find((f) => f.id === preference.facet_id)?.name);
  });

  it("refuses a message on a cake past 40 characters and a name on it past 100", async () => {
    const { product_id: productId } = await api.db.kysely
      .selectFrom("facets")
      .select("product_id")
      .where("name", "=", "Message on Cake")
      .orderBy("product_id")
      .executeTakeFirstOrThrow();
    const product = await api.db.kysely
      .selectFrom("department_products")
      .select(["product_id as id", "department_id"])
      .where("product_id", "=", productId)
      .where("active", "=", 1)
      .executeTakeFirstOrThrow();
    const { data } = await api.get(
      `/products/${product.id}?department_id=${product.department_id}&include=facets.choices`,
    );
    const facets = data.facets.data as {
      id: number;
      name: string;
      choices: { data: { id: number }[] };
    }[];
    const message = facets.find((f) => f.name === "Message on Cake")!;
    const name = facets.find((f) => f.name === "Name on Cake")!;
    const others = (await completePreferences(product.id, product.department_id)).filter(
      (p) => p.facet_id !== message.id && p.facet_id !== name.id,
    );
    const order = await newOrder(product.department_id);
    const add = (messageText: string, nameText: string) =>
      api.call("POST", "/items", {
        body: {
          order_id: order.id,
          product_id: product.id,
          quantity: 1,
          preferences: [
            ...others,
            { facet_id: message.id, choice_id: message.choices.data[0]!.id, value: messageText },
            { facet_id: name.id, choice_id: null, value: nameText },
          ],
        },
      });
    const refused = await add("m".repeat(41), "Emma");
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({
      [`preferences.${message.id}`]: ["The Message on Cake field must be at most 40 characters"],
    });
    // The name has its own limit, and its refusal names it.
    const tooLongName = await add("Happy Birthday", "n".repeat(300));
    expect(tooLongName.status).toBe(422);
    expect((await tooLongName.json()).errors).toEqual({
      [`preferences.${name.id}`]: ["The Name on Cake field must be at most 100 characters"],
    });
    expect((await add("m".repeat(200), "Emma")).status).toBe(422);
    expect((await add("m".repeat(40), "n".repeat(100))).status).toBe(201);
  });

  it("refuses a product of another department with the message the storefront maps", async () => {
    const product = await productWhere("plain");
    const other = await api.db.kysely
      .selectFrom("departments")
      .select("id")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("department_products")
              .select("product_id")
              .whereRef("department_products.department_id", "=", "departments.id")
              .where("department_products.product_id", "=", product.id),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const order = await newOrder(other.id);
    const res = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: [] },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toContain("not available in that department");
  });

  it("updates an item and cancels the order when its last item is deleted", async () => {
    const product = await productWhere("plain");
    const order = await newOrder(product.department_id);
    const { data: added } = await (
      await api.call("POST", "/items", {
        body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: [] },
      })
    ).json();
    const put = await api.call("PUT", `/items/${added.id}`, {
      body: { product_id: product.id, quantity: 3, preferences: [] },
    });
    expect(put.status).toBe(200);
    expect((await put.json()).data.quantity).toBe(3);
    const del = await api.call("DELETE", `/items/${added.id}`);
    expect(del.status).toBe(200);
    expect((await del.json()).data.status).toBe("cancelled");
    // A cancelled order takes no more items.
    const again = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: [] },
    });
    expect(again.status).toBe(403);
  });
});

describe("the first add to cart: POST /items with a department", () => {
  const ordersOf = async (key: string) =>
    ((await (await api.call("GET", "/orders", { key })).json()).data as { id: number }[]).length;

  it("creates the order with its first item in one call, totals matching the item", async () => {
    const product = await productWhere("plain");
    const key = await api.newKey();
    const res = await api.call("POST", "/items", {
      key,
      body: { department_id: product.department_id, product_id: product.id, quantity: 2 },
    });
    expect(res.status).toBe(201);
    const { data: item } = await res.json();
    const order = await api.call("GET", `/orders/${item.order_id}?include=items`, { key });
    const { data: full } = await order.json();
    expect(full.status).toBe("incomplete");
    expect(full.source).toBe("website");
    expect(full.department_id).toBe(product.department_id);
    expect(full.items.data.map((i: { id: number }) => i.id)).toEqual([item.id]);
    expect(full.subtotal).toBe(item.subtotal);
  });

  it("leaves no empty order behind when the item is refused", async () => {
    const product = await productWhere("limited");
    const key = await api.newKey();
    const before = await ordersOf(key);
    const res = await api.call("POST", "/items", {
      key,
      body: {
        department_id: product.department_id,
        product_id: product.id,
        quantity: product.remaining_quantity! + 1,
      },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("quantity_unavailable");
    expect(await ordersOf(key)).toBe(before);
  });

  it("asks for an order or a department, not both, and 404s an unknown department", async () => {
    const product = await productWhere("plain");
    const order = await newOrder(product.department_id);
    const neither = await api.call("POST", "/items", {
      body: { product_id: product.id, quantity: 1 },
    });
    expect(neither.status).toBe(422);
    expect((await neither.json()).errors.order_id).toEqual(["Required."]);
    const both = await api.call("POST", "/items", {
      body: {
        order_id: order.id,
        department_id: product.department_id,
        product_id: product.id,
        quantity: 1,
      },
    });
    expect(both.status).toBe(422);
    expect((await both.json()).errors.department_id).toEqual(["Leave out when order_id is given."]);
    const unknown = await api.call("POST", "/items", {
      body: { department_id: 2_000_000_000, product_id: product.id, quantity: 1 },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("numbers that are objects", () => {
  it("answers 422, not 500, for ids and quantities sent as objects Number() cannot convert", async () => {
    const product = await productWhere("plain");
    const order = await newOrder(product.department_id);
    // Raw JSON: an own "toString" key makes Number(value) throw a TypeError.
    const res = await api.call("POST", "/items", {
      body: `{"order_id":${order.id},"product_id":{"toString":1},"quantity":{"valueOf":{}},"preferences":[{"facet_id":[{"toString":null}]}]}`,
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(["product_id", "quantity", "preferences.0.facet_id"]),
    );
    const query = await api.call("GET", `/products?department_id[toString]=1&limit[valueOf]=2`);
    expect(query.status).toBe(422);
  });
});

describe("ownership", () => {
  it("another API key can neither read, change nor delete this order or its items", async () => {
    const product = await productWhere("plain");
    const order = await newOrder(product.department_id);
    const { data: added } = await (
      await api.call("POST", "/items", {
        body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: [] },
      })
    ).json();
    const stranger = await api.newKey();
    expect((await api.call("GET", `/orders/${order.id}`, { key: stranger })).status).toBe(404);
    expect(
      (
        await api.call("POST", "/items", {
          key: stranger,
          body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: [] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.call("PUT", `/items/${added.id}`, {
          key: stranger,
          body: { product_id: product.id, quantity: 2, preferences: [] },
        })
      ).status,
    ).toBe(404);
    expect((await api.call("DELETE", `/items/${added.id}`, { key: stranger })).status).toBe(404);
    const list = await (await api.call("GET", "/orders", { key: stranger })).json();
    expect(list.data).toEqual([]);
    // And the owner's order is untouched.
    const { data } = await api.get(`/orders/${order.id}?include=items`);
    expect(data.items.data).toHaveLength(1);
    expect(data.items.data[0].quantity).toBe(1);
  });
});

describe("POST /items/{id}/image", () => {
  const upload = (itemId: number, bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${api.url}/items/${itemId}/image`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${apiKey}` },
    });
  };
  let apiKey: string;
  let itemId: number;
  beforeAll(async () => {
    apiKey = await api.newKey();
    const product = await productWhere("photo");
    const order = (
      await (
        await api.call("POST", "/orders", {
          key: apiKey,
          body: { department_id: product.department_id },
        })
      ).json()
    ).data;
    const prefs = await completePreferences(product.id, product.department_id);
    const res = await api.call("POST", "/items", {
      key: apiKey,
      body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: prefs },
    });
    expect(res.status).toBe(201);
    itemId = (await res.json()).data.id;
  });

  it("refuses a text file dressed as a photo, and stores nothing", async () => {
    const before = fs.readdirSync(uploads).length;
    const res = await upload(itemId, Buffer.from("hello, not a picture"), "cake.jpg", "image/jpeg");
    expect(res.status).toBe(422);
    expect((await res.json()).errors.image).toEqual([
      "The photo must be a JPEG, PNG, GIF or WebP image.",
    ]);
    expect(fs.readdirSync(uploads).length).toBe(before);
  });

  it("stores a real PNG and links it to the item", async () => {
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddc2a90000000049454e44ae426082",
      "hex",
    );
    const res = await upload(itemId, png, "photo.png", "image/png");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(uploads, path.basename(data.image_url)))).toBe(true);
  });

  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddc2a90000000049454e44ae426082",
    "hex",
  );
  const stored = (url: string) => fs.existsSync(path.join(uploads, path.basename(url)));

  it("keeps one photo per item: a replaced photo and a removed item's photo leave the disk", async () => {
    const first = (await (await upload(itemId, png, "a.png", "image/png")).json()).data.image_url;
    const second = (await (await upload(itemId, png, "b.png", "image/png")).json()).data.image_url;
    expect(second).not.toBe(first);
    expect(stored(first)).toBe(false);
    expect(stored(second)).toBe(true);
    expect((await api.call("DELETE", `/items/${itemId}`, { key: apiKey })).status).toBe(200);
    expect(stored(second)).toBe(false);
  });

  it("answers a body cut off before its closing boundary with 400, and keeps serving", async () => {
    const { itemId: fresh, key } = await photoItem();
    const boundary = "----cut";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;
    const answer = await new Promise<string>((resolve) => {
      const { hostname, port } = new URL(api.url);
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          [
            `POST /api/1/items/${fresh}/image HTTP/1.1`,
            `Host: ${hostname}`,
            `Authorization: Bearer ${key}`,
            `Content-Type: multipart/form-data; boundary=${boundary}`,
            "Transfer-Encoding: chunked",
            "",
            "",
          ].join("\r\n"),
        );
        const part = Buffer.concat([Buffer.from(head), png]);
        // The last chunk ends the body with the file still open: no closing boundary ever comes.
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write("\r\n0\r\n\r\n");
      });
      let text = "";
      socket.on("data", (d) => (text += String(d)));
      socket.on("close", () => resolve(text));
      socket.on("error", () => resolve(text));
      setTimeout(() => socket.end(), 2000);
    });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(answer).toContain("The upload could not be read");
    // The process is alive and the item has no photo.
    const read = await api.call("GET", `/orders/${(await orderOf(fresh)).order_id}?include=items`, {
      key,
    });
    expect((await read.json()).data.items.data[0].image_url).toBeNull();
  });

  async function photoItem() {
    const key = await api.newKey();
    const product = await productWhere("photo");
    const order = (
      await (
        await api.call("POST", "/orders", { key, body: { department_id: product.department_id } })
      ).json()
    ).data;
    const prefs = await completePreferences(product.id, product.department_id);
    const res = await api.call("POST", "/items", {
      key,
      body: { order_id: order.id, product_id: product.id, quantity: 1, preferences: prefs },
    });
    return { itemId: (await res.json()).data.id as number, key };
  }

  const orderOf = (id: number) =>
    api.db.kysely
      .selectFrom("order_items")
      .select("order_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("refuses another key's item", async () => {
    const res = await fetch(`${api.url}/items/${itemId}/image`, {
      method: "POST",
      body: new FormData(),
      headers: { authorization: `Bearer ${await api.newKey()}` },
    });
    expect(res.status).toBe(404);
  });
});
