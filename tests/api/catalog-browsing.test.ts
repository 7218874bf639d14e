import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Finds seeded rows to ask about, so the tests do not depend on the seed's exact ids. */
const find = {
  departmentWithCategories: async () =>
    (
      await api.db.kysely
        .selectFrom("categories")
        .select("department_id")
        .where("parent_id", "is not", null)
        .orderBy("department_id")
        .executeTakeFirstOrThrow()
    ).department_id,
  categoryWithProducts: async () =>
    api.db.kysely
      .selectFrom("category_products")
      .innerJoin("categories", "categories.id", "category_products.category_id")
      .select(["categories.id", "categories.department_id"])
      .orderBy("categories.id")
      .executeTakeFirstOrThrow(),
  productWithFacets: async () =>
    api.db.kysely
      .selectFrom("facets")
      .innerJoin("department_products", "department_products.product_id", "facets.product_id")
      .select(["facets.product_id", "department_products.department_id"])
      .where("facets.type", "=", "custom-message")
      .orderBy("facets.product_id")
      .executeTakeFirstOrThrow(),
  bundleProduct: async () =>
    api.db.kysely
      .selectFrom("bundles")
      .innerJoin("department_products", "department_products.product_id", "bundles.product_id")
      .select(["bundles.product_id", "department_products.department_id"])
      .orderBy("bundles.id")
      .executeTakeFirstOrThrow(),
};

describe("GET /departments/{id}", () => {
  it("answers the department's rules, categories (featured first, with children) and pickup locations", async () => {
    const id = await find.departmentWithCategories();
    const { data } = await api.get(
      `/departments/${id}?include=categories.children,pickup_locations,featured_product`,
    );
    expect(data.id).toBe(id);
    expect(["default", "image-centric"]).toContain(data.list_style);
    expect(typeof data.delivery_enabled).toBe("boolean");
    expect(data.lead_time_limits.max).toBeGreaterThan(0);
    const categories = data.categories.data as {
      featured: boolean;
      children: { data: unknown[] };
    }[];
    expect(categories.length).toBeGreaterThan(0);
    const firstPlain = categories.findIndex((c) => !c.featured);
    if (firstPlain >= 0) expect(categories.slice(firstPlain).some((c) => c.featured)).toBe(false);
    expect(categories.some((c) => c.children.data.length > 0)).toBe(true);
    expect(data.pickup_locations.data.length).toBeGreaterThan(0);
    expect(data.featured_product.data.id).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown department and 422 for an unknown include", async () => {
    expect((await api.call("GET", "/departments/999999")).status).toBe(404);
    expect((await api.call("GET", "/departments/1?include=everything")).status).toBe(422);
  });
});

describe("GET /categories/{id}", () => {
  it("answers the category with its products (priced, with images) and its department", async () => {
    const category = await find.categoryWithProducts();
    const { data } = await api.get(
      `/categories/${category.id}?include=children,products.images,department`,
    );
    expect(data.department.data.id).toBe(category.department_id);
    const products = data.products.data as {
      srp_amount: number;
      images: { data: { primary: boolean }[] };
    }[];
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(Number.isInteger(p.srp_amount)).toBe(true);
      expect(p.images.data[0]!.primary).toBe(true);
    }
  });

  it("answers 404 for an unknown category", async () => {
    expect((await api.call("GET", "/categories/999999")).status).toBe(404);
  });
});

describe("GET /products (search)", () => {
  it("finds products of the department by a word in their name, at most 50", async () => {
    const category = await find.categoryWithProducts();
    const sample = await api.get(`/categories/${category.id}?include=products`);
    const word = (sample.data.products.data[0].name as string)
      .split(/\s+/)
      .find((w) => w.length > 3)!;
    const body = await api.get(
      `/products?department_id=${category.department_id}&fragment=${encodeURIComponent(word)}&limit=50`,
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(50);
    for (const p of body.data as { name: string; brand: string | null }[]) {
      expect(`${p.name} ${p.brand ?? ""}`.toLowerCase()).toContain(word.toLowerCase());
    }
  });

  it("treats LIKE wildcards in the fragment as plain text", async () => {
    const category = await find.categoryWithProducts();
    const body = await api.get(
      `/products?department_id=${category.department_id}&fragment=%25%25%25`,
    );
    expect(body.data).toEqual([]);
  });

  it.each([
    ["no department", "/products?fragment=ham", "department_id", "Must be a whole number."],
    ["a limit above 50", "/products?department_id=1&limit=51", "limit", "Must be at most 50."],
    [
      "a department that is not a number",
      "/products?department_id=deli",
      "department_id",
      "Must be a whole number.",
    ],
  ])("answers 422 for %s", async (_what, path, field, message) => {
    const res = await api.call("GET", path);
    expect(res.status).toBe(422);
    expect((await res.json()).errors[field]).toEqual([message]);
  });

  it("answers 404 for a department that does not exist", async () => {
    expect((await api.call("GET", "/products?department_id=999999")).status).toBe(404);
  });
});

describe("GET /products/{id}", () => {
  it("answers a configurable product with images, facets and choices, groups and triggers", async () => {
    const { product_id, department_id } = await find.productWithFacets();
    const { data } = await api.get(
      `/products/${product_id}?department_id=${department_id}&include=images,facets.choices,bundle.members.product,suggestions`,
    );
    expect(data.id).toBe(product_id);
    expect(data.images.data.filter((i: { primary: boolean }) => i.primary)).toHaveLength(1);
    const facets = data.facets.data as {
      type: string;
      choices: { data: { meta: { color: string } }[] };
    }[];
    expect(facets.some((f) => f.type === "custom-message")).toBe(true);
    for (const f of facets) for (const c of f.choices.data) expect(c.meta.color).toBeTruthy();
    expect(Array.isArray(data.facet_groups)).toBe(true);
    expect(Array.isArray(data.facet_triggers)).toBe(true);
    expect(data.favorite).toBe(false);
  });

  it("answers a bundle with its member products", async () => {
    const { product_id, department_id } = await find.bundleProduct();
    const { data } = await api.get(
      `/products/${product_id}?department_id=${department_id}&include=bundle.members.product`,
    );
    expect(data.bundle.data.members.data.length).toBeGreaterThan(0);
    expect(data.bundle.data.members.data[0].product.data.id).toBeGreaterThan(0);
  });

  it("answers the builder layers and the nutrition summary", async () => {
    const { product_id, department_id } = await find.productWithFacets();
    const builder = await api.get(`/products/${product_id}/builder?department_id=${department_id}`);
    expect(builder.data.baseImageUrl).toMatch(/^\/media\//);
    expect(Array.isArray(builder.data.groups)).toBe(true);
    const nutrition = await api.get(
      `/products/${product_id}/nutrition?department_id=${department_id}`,
    );
    // The seed's first product with facets: its panel's summary.
    expect(product_id).toBe(77);
    expect(nutrition.data).toMatchObject({ calories: 380, sodium_warning_header: null });
  });

  it("answers the builder and nutrition inside the product when asked, as their own calls do", async () => {
    const { product_id, department_id } = await find.productWithFacets();
    // A product sold somewhere whose page is (or is not) a builder.
    const soldWhere = (op: "=" | "!=") =>
      api.db.kysely
        .selectFrom("products as p")
        .innerJoin("department_products as dp", "dp.product_id", "p.id")
        .select(["p.id", "dp.department_id"])
        .where("p.detail_style", op, "builder")
        .where("dp.active", "=", 1)
        .orderBy("p.id")
        .executeTakeFirstOrThrow();
    const builderProduct = await soldWhere("=");
    const query = (id: number, department: number) =>
      `/products/${id}?department_id=${department}&include=builder,nutrition_details`;
    const { data } = await api.get(query(builderProduct.id, builderProduct.department_id));
    const builder = await api.get(
      `/products/${builderProduct.id}/builder?department_id=${builderProduct.department_id}`,
    );
    const nutrition = await api.get(
      `/products/${builderProduct.id}/nutrition?department_id=${builderProduct.department_id}`,
    );
    expect(data.builder.data).toEqual(builder.data);
    expect(data.builder.data.groups.length).toBeGreaterThan(0);
    expect(data.nutrition_details.data).toEqual(nutrition.data);
    // Not a builder product: the include is there, and empty.
    const plain = await soldWhere("!=");
    const other = await api.get(query(plain.id, plain.department_id));
    expect(other.data.builder).toEqual({ data: null });
    // Left out unless asked for.
    const bare = await api.get(`/products/${product_id}?department_id=${department_id}`);
    expect(bare.data).not.toHaveProperty("builder");
    expect(bare.data).not.toHaveProperty("nutrition_details");
  });

  it("answers 404 for a product not sold in that department, and 422 without a department", async () => {
    const { product_id } = await find.productWithFacets();
    const elsewhere = await api.db.kysely
      .selectFrom("departments")
      .select("id")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("department_products")
              .select("product_id")
              .whereRef("department_products.department_id", "=", "departments.id")
              .where("department_products.product_id", "=", product_id),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(
      (await api.call("GET", `/products/${product_id}?department_id=${elsewhere.id}`)).status,
    ).toBe(404);
    expect((await api.call("GET", `/products/${product_id}`)).status).toBe(422);
    expect((await api.call("GET", `/products/999999?department_id=${elsewhere.id}`)).status).toBe(
      404,
    );
  });
});

describe("GET /catalogs, /catalogs/{id}, /pages/{id}", () => {
  it("walks from a department's catalogs to a page's hitboxes", async () => {
    const row = await api.db.kysely
      .selectFrom("catalogs")
      .select("department_id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const catalogs = await api.get(`/catalogs?department=${row.department_id}`);
    expect(catalogs.data.length).toBeGreaterThan(0);
    const catalog = await api.get(`/catalogs/${catalogs.data[0].id}?include=pages`);
    const pages = catalog.data.pages.data as { id: number; number: number }[];
    expect(pages.length).toBe(catalog.data.page_count);
    expect(pages.map((p) => p.number)).toEqual(pages.map((_, i) => i + 1));
    const withBoxes = await api.db.kysely
      .selectFrom("hitboxes")
      .select("page_id")
      .where(
        "page_id",
        "in",
        pages.map((p) => p.id),
      )
      .executeTakeFirstOrThrow();
    const page = await api.get(`/pages/${withBoxes.page_id}?include=hitboxes,store`);
    const box = page.data.hitboxes.data[0];
    expect(["product", "page"]).toContain(box.target.type);
    expect(box.width).toBeGreaterThan(0);
    expect(page.data.store.data.id).toBeGreaterThan(0);
  });

  it("answers a whole catalog in one call: pages, hitboxes and their products priced in its department", async () => {
    const row = await api.db.kysely
      .selectFrom("catalogs")
      .select(["id", "department_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const catalog = await api.get(`/catalogs/${row.id}?include=pages.hitboxes.product`);
    type Box = {
      target: { type: string; id: number | null; number: number | null };
      product?: { data: { id: number; name: string; srp_amount: number } };
    };
    const pages = catalog.data.pages.data as { number: number; hitboxes: { data: Box[] } }[];
    expect(pages.length).toBe(catalog.data.page_count);
    const boxes = pages.flatMap((p) => p.hitboxes.data);
    const products = boxes.filter((b) => b.target.type === "product");
    expect(products.length).toBeGreaterThan(0);
    for (const box of products) expect(box.product?.data.id).toBe(box.target.id);
    // The price is the department's, as GET products/{id} answers it there.
    const first = products[0]?.product?.data;
    const sold = await api.get(`/products/${first?.id}?department_id=${row.department_id}`);
    expect(first?.srp_amount).toBe(sold.data.srp_amount);
    expect(
      boxes.filter((b) => b.target.type === "page").every((b) => b.product === undefined),
    ).toBe(true);
    // Without the nested include, pages come bare.
    const bare = await api.get(`/catalogs/${row.id}?include=pages`);
    expect(bare.data.pages.data[0].hitboxes).toBeUndefined();
    // GET pages/{id} answers the same hitboxes with their products.
    const page = await api.get(`/pages/${bare.data.pages.data[0].id}?include=hitboxes.product`);
    const names = (boxes: Box[]) => boxes.map((b) => b.product?.data.name ?? null);
    expect(names(page.data.hitboxes.data as Box[])).toEqual(names(pages[0]?.hitboxes.data ?? []));
  });

  it("answers 422 without a department and 404 for unknown ids", async () => {
    expect((await api.call("GET", "/catalogs")).status).toBe(422);
    expect((await api.call("GET", "/catalogs/999999")).status).toBe(404);
    expect((await api.call("GET", "/pages/999999")).status).toBe(404);
  });
});

describe("GET /alerts", () => {
  it("answers the store's current alerts and leaves out the ones already seen", async () => {
    const store = await api.db.kysely
      .selectFrom("stores")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const all = await api.get(`/alerts?store_id=${store.id}`);
    expect(all.data.length).toBeGreaterThan(0);
    const seen = all.data[0].id as number;
    const rest = await api.get(`/alerts?store_id=${store.id}&exclude[]=${seen}`);
    expect(rest.data.map((a: { id: number }) => a.id)).not.toContain(seen);
    expect(rest.data.length).toBe(all.data.length - 1);
  });

  it("never answers an expired alert", async () => {
    const store = await api.db.kysely
      .selectFrom("stores")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const expired = await api.db.kysely
      .selectFrom("alerts")
      .select("id")
      .where("ends_at", "<", new Date().toISOString())
      .execute();
    const body = await api.get(`/alerts?store_id=${store.id}`);
    for (const { id } of expired)
      expect(body.data.map((a: { id: number }) => a.id)).not.toContain(id);
  });

  it("answers 422 without a store and for a malformed exclude list", async () => {
    expect((await api.call("GET", "/alerts")).status).toBe(422);
    expect((await api.call("GET", "/alerts?store_id=1&exclude[]=x")).status).toBe(422);
  });
});
