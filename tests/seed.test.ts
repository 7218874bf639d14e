/**
 * The demo brand seed (on a fresh SQLite file, and on a fresh PostgreSQL database when
 * TEST_DATABASE=postgres) and the /media router that draws its pictures.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "../api/db/connection";
import { migrateToLatest } from "../api/db/migrate";
import { countSeeded, seedDemo, seedDemoIfEmpty } from "../api/db/seed";
import { renderMediaUrl } from "../api/db/seed/pictures/render";
import { mediaRouter } from "../api/routes/media";
import { listCatalogs } from "../api/services/catalogs";
import { waitTimeText } from "../core/rules/wait-time";

const PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

interface Target {
  name: string;
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const sqliteTarget: Target = {
  name: "SQLite",
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oe-seed-"));
    const db = openDatabase(`file:${path.join(dir, "seed.sqlite")}`);
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
};

const postgresTarget: Target = {
  name: "PostgreSQL",
  async open() {
    const name = `oe_seed_${randomBytes(6).toString("hex")}`;
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const db = openDatabase(url.toString());
    return { db, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  },
};

const targets =
  process.env.TEST_DATABASE === "postgres" ? [sqliteTarget, postgresTarget] : [sqliteTarget];

/** Every picture URL the seed stored, from every table that has one. */
async function storedImageUrls(db: Db): Promise<string[]> {
  const k = db.kysely;
  const lists = await Promise.all([
    k.selectFrom("brands").select("logo_url as url").execute(),
    k.selectFrom("product_images").select("image_url as url").execute(),
    k.selectFrom("products").select("builder_base_image_url as url").execute(),
    k.selectFrom("categories").select("icon_image_url as url").execute(),
    k.selectFrom("categories").select("image_url as url").execute(),
    k.selectFrom("departments").select("image_url as url").execute(),
    k.selectFrom("pseudo_departments").select("kiosk_image_url as url").execute(),
    k.selectFrom("facets").select("image_url as url").execute(),
    k.selectFrom("choices").select("thumbnail_image_url as url").execute(),
    k.selectFrom("choices").select("full_image_url as url").execute(),
    k.selectFrom("catalogs").select("cover_image_url as url").execute(),
    k.selectFrom("catalogs").select("image_url as url").execute(),
    k.selectFrom("catalog_pages").select("image_url as url").execute(),
    k.selectFrom("alerts").select("image_url as url").execute(),
    k.selectFrom("coupons").select("image_url as url").execute(),
  ]);
  return [...new Set(lists.flat().flatMap((r) => (r.url ? [r.url] : [])))];
}

/** Tags open and close in order and every attribute value is quoted: enough to catch broken markup. */
function wellFormed(svgText: string): boolean {
  const stack: string[] = [];
  for (const m of svgText.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<>]*")*)\s*(\/?)>/g)) {
    const [, closing, tag = "", , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== tag) return false;
    } else if (!selfClosing) {
      stack.push(tag);
    }
  }
  const tagCount = (svgText.match(/</g) ?? []).length;
  const matched = [
    ...svgText.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<>]*")*)\s*(\/?)>/g),
  ].length;
  return stack.length === 0 && tagCount === matched;
}

describe.each(targets)("demo seed on $name", (target) => {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  const now = new Date();

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    await migrateToLatest(db);
    expect(await seedDemoIfEmpty(db, { now })).toBe(true);
  });

  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it("has at least 10 stores with 5-digit zips and positions in the north-east", async () => {
    const stores = await db.kysely.selectFrom("stores").selectAll().execute();
    expect(stores.length).toBeGreaterThanOrEqual(10);
    for (const s of stores) {
      expect(s.zip_code).toMatch(/^\d{5}$/);
      expect(s.address_latitude).toBeGreaterThanOrEqual(38.5);
      expect(s.address_latitude).toBeLessThanOrEqual(45.5);
      expect(s.address_longitude).toBeGreaterThanOrEqual(-80.5);
      expect(s.address_longitude).toBeLessThanOrEqual(-69.5);
      expect(s.timezone).toBe("America/New_York");
    }
    const hours = await db.kysely.selectFrom("store_hours").select("store_id").execute();
    expect(hours).toHaveLength(stores.length * 7);
    const brand = await db.kysely.selectFrom("brands").selectAll().executeTakeFirstOrThrow();
    expect(brand.slug).toBe("harvest-market");
    expect(brand.stores_count).toBe(stores.length);
    expect(brand.default_store_id).toBe(Math.min(...stores.map((s) => s.id)));
  });

  it("has at least 400 products, each with exactly one primary image", async () => {
    const products = await db.kysely.selectFrom("products").select(["id", "sku"]).execute();
    expect(products.length).toBeGreaterThanOrEqual(400);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    const primaries = await db.kysely
      .selectFrom("products")
      .leftJoin("product_images", (j) =>
        j
          .onRef("product_images.product_id", "=", "products.id")
          .on("product_images.primary", "=", 1),
      )
      .select(["products.id", (eb) => eb.fn.count<number>("product_images.id").as("n")])
      .groupBy("products.id")
      .execute();
    expect(primaries).toHaveLength(products.length);
    for (const p of primaries) expect(Number(p.n)).toBe(1);
    const perProduct = await db.kysely
      .selectFrom("product_images")
      .select(["product_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("product_id")
      .execute();
    for (const p of perProduct) expect(Number(p.n)).toBeLessThanOrEqual(5);
  });

  it("prices every product in each store's department of its kind and files it in 1–2 categories", async () => {
    const counts = await countSeeded(db);
    const kinds = await db.kysely
      .selectFrom("department_products")
      .innerJoin("departments", "departments.id", "department_products.department_id")
      .select([
        "department_products.product_id",
        (eb) => eb.fn.count<number>("departments.store_id").distinct().as("stores"),
      ])
      .groupBy("department_products.product_id")
      .execute();
    expect(kinds).toHaveLength(counts.products!);
    for (const k of kinds) expect(Number(k.stores)).toBe(counts.stores);
    const filed = await db.kysely
      .selectFrom("category_products")
      .innerJoin("categories", "categories.id", "category_products.category_id")
      .select([
        "categories.department_id",
        "category_products.product_id",
        (eb) => eb.fn.countAll<number>().as("n"),
      ])
      .groupBy(["categories.department_id", "category_products.product_id"])
      .execute();
    expect(filed).toHaveLength(counts.department_products!);
    for (const f of filed) expect([1, 2]).toContain(Number(f.n));
    const fractional = await db.kysely
      .selectFrom("products")
      .select("name")
      .where("unit_of_measure", "=", "pound")
      .where("accepts_fractional_quantities", "=", 1)
      .execute();
    expect(fractional.map((p) => p.name)).toContain("Oven Roasted Turkey Breast");
  });

  it("has facets of all three types, required ones, groups, triggers and hex message colours", async () => {
    const types = await db.kysely.selectFrom("facets").select("type").distinct().execute();
    expect(types.map((t) => t.type).sort()).toEqual([
      "custom-message",
      "free-response",
      "multi-choice",
    ]);
    const required = await db.kysely
      .selectFrom("facets")
      .select("id")
      .where("required", "=", 1)
      .execute();
    expect(required.length).toBeGreaterThan(0);
    const grouped = await db.kysely
      .selectFrom("facets")
      .select("id")
      .where("facet_group_id", "is not", null)
      .execute();
    expect(grouped.length).toBeGreaterThan(0);
    const triggers = await db.kysely
      .selectFrom("facet_triggers")
      .innerJoin("facets", "facets.id", "facet_triggers.facet_id")
      .innerJoin("choices", "choices.id", "facet_triggers.choice_id")
      .innerJoin("facets as trigger_facet", "trigger_facet.id", "choices.facet_id")
      .select([
        "facets.name",
        "choices.value",
        "facets.product_id",
        "trigger_facet.product_id as choice_product",
      ])
      .execute();
    expect(triggers.some((t) => t.name === "Photo Placement" && t.value === "Add a Photo")).toBe(
      true,
    );
    for (const t of triggers) expect(t.choice_product).toBe(t.product_id);
    const messageChoices = await db.kysely
      .selectFrom("choices")
      .innerJoin("facets", "facets.id", "choices.facet_id")
      .select("choices.color")
      .where("facets.type", "=", "custom-message")
      .execute();
    expect(messageChoices.length).toBeGreaterThan(0);
    for (const c of messageChoices) expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(messageChoices.some((c) => c.color === "#ff00ff")).toBe(true);
    const builders = await db.kysely
      .selectFrom("products")
      .select("builder_base_image_url")
      .where("detail_style", "=", "builder")
      .execute();
    expect(builders.length).toBeGreaterThan(0);
    for (const b of builders) expect(b.builder_base_image_url).toMatch(/^\/media\/builder\//);
  });

  it("shows no one serving size on a product whose size choices each say how many they serve", async () => {
    const both = await db.kysely
      .selectFrom("products")
      .innerJoin("facets", "facets.product_id", "products.id")
      .innerJoin("choices", "choices.facet_id", "facets.id")
      .select(["products.name", "products.serving_size", "choices.description"])
      .where("products.serving_size", "is not", null)
      .where("choices.description", "like", "Serves %")
      .execute();
    // A platter cannot say both 'Serves 12' and 'Small: Serves 10–12'.
    expect(both).toEqual([]);
  });

  it("says how many a product serves once: a serving size, no 'serves N' in its words beside it", async () => {
    const twice = await db.kysely
      .selectFrom("products")
      .select(["name", "serving_size", "variation_description", "description"])
      .where("serving_size", "is not", null)
      .execute();
    // A tray cannot say both 'Serves 12' and 'Half tray, serves 10–12'.
    expect(
      twice.filter((p) => /\bserves\s+\d/i.test(`${p.variation_description} ${p.description}`)),
    ).toEqual([]);
  });

  it("has produce ready without waiting, the Grocery pickup still two hours out", async () => {
    const produce = await db.kysely
      .selectFrom("categories")
      .leftJoin("categories as parent", "parent.id", "categories.parent_id")
      .innerJoin("departments", "departments.id", "categories.department_id")
      .innerJoin("category_products", "category_products.category_id", "categories.id")
      .innerJoin("products", "products.id", "category_products.product_id")
      .select([
        "products.name",
        "products.lead_time as product",
        "departments.lead_time as department",
        "departments.lead_time_min",
      ])
      // Produce and its shelves (Fresh Fruit, Fresh Vegetables, Salad & Herbs).
      .where((eb) =>
        eb.or([eb("categories.name", "=", "Produce"), eb("parent.name", "=", "Produce")]),
      )
      .where("departments.kind", "=", "grocery")
      .execute();
    expect(produce.length).toBeGreaterThan(10);
    // Spec §9: the larger of the two lead times; zero shows nothing.
    expect(produce.filter((p) => waitTimeText(p.department, p.product) !== null)).toEqual([]);
    for (const p of produce) expect(p.lead_time_min).toBe(120);
  });

  it("has promotions of all four types, an expired one and one with a minimum subtotal", async () => {
    const promos = await db.kysely.selectFrom("promotions").selectAll().execute();
    expect([...new Set(promos.map((p) => p.type))].sort()).toEqual([
      "delivery-amount",
      "delivery-percentage",
      "order-amount",
      "order-percentage",
    ]);
    const byCode = new Map(promos.map((p) => [p.code, p]));
    expect(byCode.get("SAVE10")).toMatchObject({ type: "order-percentage", value: 10 });
    expect(byCode.get("FIVEOFF")).toMatchObject({ type: "order-amount", value: 500 });
    expect(byCode.get("FREEDELIVERY")).toMatchObject({ type: "delivery-percentage", value: 100 });
    expect(byCode.get("DELIVERY3")).toMatchObject({ type: "delivery-amount", value: 300 });
    expect(
      promos.some((p) => p.ends_at !== null && new Date(p.ends_at).getTime() < now.getTime()),
    ).toBe(true);
    expect(promos.some((p) => p.minimum_subtotal > 0)).toBe(true);
  });

  it("has bundles, suggestions, catalogs whose hitboxes target their department, blackouts and alerts", async () => {
    const counts = await countSeeded(db);
    expect(counts.bundles).toBeGreaterThanOrEqual(3);
    expect(counts.product_suggestions).toBeGreaterThanOrEqual(30);
    expect(counts.coupons).toBeGreaterThan(0);

    const pagesPerCatalog = await db.kysely
      .selectFrom("catalog_pages")
      .select([
        "catalog_id",
        (eb) => eb.fn.max<number>("number").as("last"),
        (eb) => eb.fn.countAll<number>().as("n"),
      ])
      .groupBy("catalog_id")
      .execute();
    for (const c of pagesPerCatalog) {
      expect(Number(c.n)).toBeGreaterThanOrEqual(8);
      expect(Number(c.last)).toBe(Number(c.n));
    }
    // Every page has at least six hitboxes (products and page links) to shop from.
    const boxesPerPage = await db.kysely
      .selectFrom("catalog_pages")
      .leftJoin("hitboxes", "hitboxes.page_id", "catalog_pages.id")
      .select(["catalog_pages.id", (eb) => eb.fn.count<number>("hitboxes.id").as("n")])
      .groupBy("catalog_pages.id")
      .execute();
    expect(boxesPerPage.length).toBeGreaterThan(0);
    for (const p of boxesPerPage) expect(Number(p.n)).toBeGreaterThanOrEqual(6);
    const strays = await db.kysely
      .selectFrom("hitboxes")
      .innerJoin("catalog_pages", "catalog_pages.id", "hitboxes.page_id")
      .innerJoin("catalogs", "catalogs.id", "catalog_pages.catalog_id")
      .leftJoin("department_products", (j) =>
        j
          .onRef("department_products.department_id", "=", "catalogs.department_id")
          .onRef("department_products.product_id", "=", "hitboxes.target_id"),
      )
      .select("hitboxes.id")
      .where("hitboxes.target_type", "=", "product")
      .where("department_products.id", "is", null)
      .execute();
    expect(strays).toEqual([]);
    const boxes = await db.kysely.selectFrom("hitboxes").selectAll().execute();
    expect(boxes.some((b) => b.target_type === "page" && b.target_number !== null)).toBe(true);
    for (const b of boxes) {
      expect(b.top + b.height).toBeLessThanOrEqual(100);
      expect(b.left + b.width).toBeLessThanOrEqual(100);
    }

    const blackouts = await db.kysely.selectFrom("blackouts").selectAll().execute();
    expect(new Set(blackouts.map((b) => b.type))).toEqual(
      new Set(["holiday", "closure", "capacity"]),
    );
    for (const b of blackouts)
      expect(new Date(b.to).getTime()).toBeGreaterThan(new Date(b.from).getTime());
    const holidays = blackouts.filter((b) => b.type === "holiday");
    for (const h of holidays) expect(new Date(h.to).getTime()).toBeGreaterThan(now.getTime());

    const alerts = await db.kysely.selectFrom("alerts").selectAll().execute();
    expect(alerts.some((a) => a.type === "message" && a.store_id === null)).toBe(true);
    expect(alerts.some((a) => a.type === "image" && a.store_id !== null && a.alt_text)).toBe(true);
    expect(
      alerts.some((a) => a.ends_at !== null && new Date(a.ends_at).getTime() < now.getTime()),
    ).toBe(true);
  });

  it("does not seed twice, and a second seedDemo fails without writing anything", async () => {
    const before = await countSeeded(db);
    expect(await seedDemoIfEmpty(db)).toBe(false);
    await expect(seedDemo(db)).rejects.toThrow();
    expect(await countSeeded(db)).toEqual(before);
  });

  it("stores only picture URLs the media router can draw: small, well formed, no scripts", async () => {
    const urls = await storedImageUrls(db);
    expect(urls.length).toBeGreaterThan(1000);
    for (const url of urls) {
      const body = renderMediaUrl(url);
      expect(body, url).not.toBeNull();
      // A food picture is a WebP of about 3 to 9 KB, embedded: a product, category or coupon
      // picture shows one (16 KB), a department three (40 KB), a catalog page up to six (64 KB);
      // the cake builder's drawn layers and the logo stay under 3 KB.
      const limit = url.includes("/media/catalogs/")
        ? 64 * 1024
        : url.includes("/media/departments/")
          ? 40 * 1024
          : /\/media\/(products|categories|coupons)\//.test(url)
            ? 16 * 1024
            : 3072;
      expect(Buffer.byteLength(body!), url).toBeLessThan(limit);
      expect(body, url).not.toMatch(
        /<script|\son[a-z]+=|javascript:|<foreignObject|href="(?!#|data:image\/webp;base64,)/i,
      );
      expect(wellFormed(body!), url).toBe(true);
    }
  });
});

describe("demo seed is deterministic", () => {
  it("gives identical rows for the same clock", async () => {
    const now = new Date("2025-03-10T15:00:00Z");
    const dump = async () => {
      const { db, drop } = await sqliteTarget.open();
      try {
        await migrateToLatest(db);
        await seedDemo(db, { now });
        const k = db.kysely;
        return JSON.stringify([
          await k.selectFrom("department_products").selectAll().orderBy("id").execute(),
          await k.selectFrom("hitboxes").selectAll().orderBy("id").execute(),
          await k.selectFrom("blackouts").selectAll().orderBy("id").execute(),
          await k.selectFrom("catalogs").selectAll().orderBy("id").execute(),
        ]);
      } finally {
        await db.close();
        await drop();
      }
    };
    expect(await dump()).toBe(await dump());
  });
});

describe("the weekly circular at the week's turn", () => {
  afterAll(() => vi.useRealTimers());

  it("a demo seeded on the week's last evening still runs a Weekly Circular after midnight", async () => {
    // Saturday 23:50 in the brand's zone (America/New_York); its circular week starts on Sunday.
    const seededAt = new Date("2026-11-29T04:50:00Z");
    const { db, drop } = await sqliteTarget.open();
    try {
      await migrateToLatest(db);
      await seedDemo(db, { now: seededAt });
      const groceries = await db.kysely
        .selectFrom("departments")
        .innerJoin("stores", "stores.id", "departments.store_id")
        .select(["departments.id", "stores.brand_id"])
        .where("departments.kind", "=", "grocery")
        .execute();
      expect(groceries.length).toBeGreaterThan(0);
      const running = async (at: string) => {
        vi.useFakeTimers({ toFake: ["Date"], now: new Date(at) });
        try {
          return await Promise.all(
            groceries.map(async (d) =>
              (await listCatalogs(db.kysely, d.brand_id, d.id)).map((c) => c.name),
            ),
          );
        } finally {
          vi.useRealTimers();
        }
      };
      const circulars = (names: string[][]) =>
        names.map((list) => list.filter((n) => n === "Weekly Circular").length);
      const one = groceries.map(() => 1);
      // Seeding evening, after midnight (the next week's circular), and that week's last evening.
      expect(circulars(await running("2026-11-29T04:55:00Z"))).toEqual(one);
      expect(circulars(await running("2026-11-29T05:10:00Z"))).toEqual(one);
      expect(circulars(await running("2026-12-06T04:50:00Z"))).toEqual(one);
    } finally {
      await db.close();
      await drop();
    }
  });
});

describe("media router", () => {
  let server: ReturnType<express.Express["listen"]>;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.use("/media", mediaRouter());
    server = app.listen(0);
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each([
    "/media/products/DL-1000-1.svg",
    "/media/products/BK-2000-5.svg",
    "/media/categories/deli-sliced-meats.svg",
    "/media/categories/deli-sliced-meats-icon.svg",
    "/media/catalogs/weekly-circular-1.svg",
    "/media/brand/logo.svg",
    "/media/alerts/curbside.svg",
    "/media/builder/round-base.svg",
    "/media/builder/sheet-decor-balloons.svg",
    "/media/builder/thumb-icing-pink.svg",
    "/media/departments/deli.svg",
    "/media/coupons/coffee.svg",
  ])("serves %s as a cacheable SVG", async (url) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const body = await res.text();
    expect(body.startsWith("<svg ")).toBe(true);
    const again = await fetch(base + url, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it.each([
    "/media/products/DL-1000-9.svg",
    "/media/products/NOPE-1.svg",
    "/media/products/DL-1000-1.png",
    "/media/products/..%2F..%2Fetc%2Fpasswd",
    "/media/products/%3Cscript%3E.svg",
    "/media/catalogs/weekly-circular-99.svg",
    "/media/builder/round-icing-black.svg",
    "/media/secrets/logo.svg",
    "/media/brand/logo.svg/extra",
    "/media/",
  ])("answers %s with a plain-text 404", async (url) => {
    const res = await fetch(base + url);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("Not found");
  });
});
