/**
 * GET /products/{id}, its builder, its nutrition and a whole catalog are kept while the database is
 * unchanged (decision 046): asked again they are given again, but never once anything they are
 * made of has changed, whoever wrote it. On PostgreSQL nothing is kept and the same answers hold.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/connection";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
let departmentId: number;
let productId: number;
let builderId: number | undefined;
beforeAll(async () => {
  api = await startTestApi();
  const builder = await api.db.kysely
    .selectFrom("department_products as dp")
    .innerJoin("products as p", "p.id", "dp.product_id")
    .select(["dp.department_id", "p.id"])
    .where("p.detail_style", "=", "builder")
    .orderBy("p.id")
    .executeTakeFirst();
  const plain = await api.db.kysely
    .selectFrom("department_products")
    .select(["department_id", "product_id"])
    .where("department_id", "=", builder?.department_id ?? 1)
    .orderBy("product_id")
    .executeTakeFirstOrThrow();
  departmentId = plain.department_id;
  productId = plain.product_id;
  builderId = builder?.id;
});
afterAll(() => api.close());

interface Detail {
  id: number;
  name: string;
  srp_amount: number;
  remaining_quantity: number | null;
  images?: { data: { url: string }[] };
  nutrition_details?: { data: { calories: number | null } };
}
const INCLUDE = "images,facets,facets.choices,bundle,suggestions,builder,nutrition_details";
const detail = async (id = productId) =>
  (
    await api.get<{ data: Detail }>(
      `/products/${id}?department_id=${departmentId}&include=${INCLUDE}`,
    )
  ).data;

describe("a product asked for again", () => {
  it("has today's price and stock once they change", async () => {
    const before = await detail();
    await api.db.kysely
      .updateTable("department_products")
      .set({ srp_amount: before.srp_amount + 1, remaining_quantity: 3 })
      .where("department_id", "=", departmentId)
      .where("product_id", "=", productId)
      .execute();
    expect(await detail()).toMatchObject({
      srp_amount: before.srp_amount + 1,
      remaining_quantity: 3,
    });
  });

  it("has what another process wrote since, in the product and in what it includes", async () => {
    await detail();
    const other = openDatabase(api.db.url);
    try {
      await other.kysely
        .updateTable("products")
        .set({ name: "Turkey, new recipe", calories: 123 })
        .where("id", "=", productId)
        .execute();
    } finally {
      await other.close();
    }
    const again = await detail();
    expect(again.name).toBe("Turkey, new recipe");
    expect(again.nutrition_details?.data.calories).toBe(123);
    const nutrition = await api.get<{ data: { calories: number | null } }>(
      `/products/${productId}/nutrition?department_id=${departmentId}`,
    );
    expect(nutrition.data.calories).toBe(123);
  });

  it("is 404 once no longer sold in the department", async () => {
    const sold = await api.db.kysely
      .selectFrom("department_products")
      .selectAll()
      .where("department_id", "=", departmentId)
      .orderBy("product_id", "desc")
      .executeTakeFirstOrThrow();
    await detail(sold.product_id);
    await api.db.kysely
      .deleteFrom("department_products")
      .where("department_id", "=", departmentId)
      .where("product_id", "=", sold.product_id)
      .execute();
    const res = await api.call(
      "GET",
      `/products/${sold.product_id}?department_id=${departmentId}&include=${INCLUDE}`,
    );
    expect(res.status).toBe(404);
  });

  it("shows a builder's new layer picture", async () => {
    if (builderId === undefined) throw new Error("the demo has a builder product");
    const path = `/products/${builderId}/builder?department_id=${departmentId}`;
    const first = await api.get<{ data: unknown }>(path);
    const layer = await api.db.kysely
      .selectFrom("choices")
      .innerJoin("facets", "facets.id", "choices.facet_id")
      .select(["choices.id", "choices.full_image_url"])
      .where("facets.product_id", "=", builderId)
      .where("choices.full_image_url", "is not", null)
      .executeTakeFirstOrThrow();
    const url = "/images/builder/new-layer.png";
    await api.db.kysely
      .updateTable("choices")
      .set({ full_image_url: url })
      .where("id", "=", layer.id)
      .execute();
    const again = await api.get<{ data: unknown }>(path);
    expect(JSON.stringify(first.data)).not.toContain(url);
    expect(JSON.stringify(again.data)).toContain(url);
  });
});

describe("a catalog asked for again", () => {
  it("shows a hitbox's product at its new price, and a product no longer sold left out", async () => {
    const box = await api.db.kysely
      .selectFrom("hitboxes")
      .innerJoin("catalog_pages", "catalog_pages.id", "hitboxes.page_id")
      .innerJoin("catalogs", "catalogs.id", "catalog_pages.catalog_id")
      .select(["catalogs.id as catalogId", "catalogs.department_id", "hitboxes.target_id"])
      .where("hitboxes.target_type", "=", "product")
      .orderBy("hitboxes.id")
      .executeTakeFirstOrThrow();
    const productOf = async () => {
      const { data } = await api.get<{
        data: { pages: { data: { hitboxes: { data: Detailed[] } }[] } };
      }>(`/catalogs/${box.catalogId}?include=pages.hitboxes.product`);
      const boxes = data.pages.data.flatMap((page) => page.hitboxes.data);
      return boxes.find((b) => b.target.id === box.target_id)?.product?.data ?? null;
    };
    const before = await productOf();
    if (!before) throw new Error("the demo's first catalog hitbox has its product");
    await productOf();
    await api.db.kysely
      .updateTable("department_products")
      .set({ srp_amount: before.srp_amount + 7 })
      .where("department_id", "=", box.department_id)
      .where("product_id", "=", box.target_id!)
      .execute();
    expect((await productOf())?.srp_amount).toBe(before.srp_amount + 7);
    await api.db.kysely
      .deleteFrom("department_products")
      .where("department_id", "=", box.department_id)
      .where("product_id", "=", box.target_id!)
      .execute();
    expect(await productOf()).toBeNull();
  });
});

interface Detailed {
  target: { id: number | null };
  product?: { data: { srp_amount: number } };
}
