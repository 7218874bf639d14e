import type {
  CatalogInclude,
  CatalogPageDetailSchema,
  CatalogPageSchema,
  CatalogSchema,
  Hitbox,
  HitboxSchema,
  PageInclude,
} from "@core/contract/catalogs";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Row } from "../db/schema";
import { notFound } from "../http/errors";
import { groupBy } from "./grouping";
import { localDate } from "./local-date";
import { pricedProducts, serializeProduct, type PricedRow } from "./products";
import { serializeStore } from "./store-json";

function serializeCatalog(c: Row<"catalogs">, pageCount: number): z.input<typeof CatalogSchema> {
  return {
    id: c.id,
    department_id: c.department_id,
    name: c.name,
    cover_image_url: c.cover_image_url,
    image_url: c.image_url,
    starts_on: c.starts_on,
    ends_on: c.ends_on,
    page_count: pageCount,
  };
}

const serializePage = (p: Row<"catalog_pages">): z.input<typeof CatalogPageSchema> => ({
  id: p.id,
  catalog_id: p.catalog_id,
  number: p.number,
  image_url: p.image_url,
});

/**
 * The hitboxes of some pages of a catalog, by page id. With `withProducts`, a product hitbox carries
 * its product as sold in the catalog's department (read in one query for all of them).
 */
async function hitboxesOf(
  db: Kysely<Database>,
  pageIds: number[],
  departmentId: number,
  withProducts: boolean,
) {
  if (!pageIds.length) return new Map<number, z.input<typeof HitboxSchema>[]>();
  const rows = await db
    .selectFrom("hitboxes")
    .selectAll()
    .where("page_id", "in", pageIds)
    .orderBy("page_id")
    .orderBy("id")
    .execute();
  const productIds = [
    ...new Set(
      rows.flatMap((h) =>
        h.target_type === "product" && h.target_id !== null ? [h.target_id] : [],
      ),
    ),
  ];
  const products = new Map<number, PricedRow>();
  if (withProducts && productIds.length) {
    const priced = (await pricedProducts(db, departmentId, null)
      .where("p.id", "in", productIds)
      .execute()) as PricedRow[];
    for (const row of priced) products.set(row.id, row);
  }
  const serialize = (h: Row<"hitboxes">): z.input<typeof HitboxSchema> => {
    const product =
      h.target_type === "product" && h.target_id !== null ? products.get(h.target_id) : undefined;
    return {
      id: h.id,
      top: h.top,
      left: h.left,
      width: h.width,
      height: h.height,
      target: {
        type: h.target_type as Hitbox["target"]["type"],
        id: h.target_id,
        number: h.target_number,
      },
      ...(product ? { product: { data: serializeProduct(product) } } : {}),
    };
  };
  const byPage = groupBy(rows, (h) => h.page_id);
  return new Map([...byPage].map(([pageId, boxes]) => [pageId, boxes.map(serialize)]));
}

async function pageCounts(db: Kysely<Database>, catalogIds: number[]) {
  if (!catalogIds.length) return new Map<number, number>();
  const rows = await db
    .selectFrom("catalog_pages")
    .select(["catalog_id", (eb) => eb.fn.countAll<number>().as("pages")])
    .where("catalog_id", "in", catalogIds)
    .groupBy("catalog_id")
    .execute();
  return new Map(rows.map((r) => [r.catalog_id, Number(r.pages)]));
}

/** Catalogs of a department of the brand that are running today. */
export async function listCatalogs(db: Kysely<Database>, brandId: number, departmentId: number) {
  const store = await db
    .selectFrom("departments")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .select("stores.timezone")
    .where("departments.id", "=", departmentId)
    .executeTakeFirst();
  const today = localDate(store?.timezone ?? "UTC");
  const rows = await db
    .selectFrom("catalogs")
    .innerJoin("departments", "departments.id", "catalogs.department_id")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .selectAll("catalogs")
    .where("catalogs.department_id", "=", departmentId)
    .where("stores.brand_id", "=", brandId)
    .where((eb) =>
      eb.or([eb("catalogs.starts_on", "is", null), eb("catalogs.starts_on", "<=", today)]),
    )
    .where((eb) => eb.or([eb("catalogs.ends_on", "is", null), eb("catalogs.ends_on", ">=", today)]))
    .orderBy("catalogs.weight")
    .orderBy("catalogs.id")
    .execute();
  const counts = await pageCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeCatalog(r, counts.get(r.id) ?? 0));
}

async function findCatalog(db: Kysely<Database>, brandId: number, id: number) {
  const row = await db
    .selectFrom("catalogs")
    .innerJoin("departments", "departments.id", "catalogs.department_id")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .selectAll("catalogs")
    .select("stores.id as store_id")
    .where("catalogs.id", "=", id)
    .where("stores.brand_id", "=", brandId)
    .executeTakeFirst();
  if (!row) throw notFound("catalog");
  return row;
}

export async function getCatalog(
  db: Kysely<Database>,
  brandId: number,
  id: number,
  include: Set<CatalogInclude>,
): Promise<z.input<typeof CatalogSchema>> {
  const catalog = await findCatalog(db, brandId, id);
  const pages = await db
    .selectFrom("catalog_pages")
    .selectAll()
    .where("catalog_id", "=", catalog.id)
    .orderBy("number")
    .execute();
  const hitboxes = include.has("pages.hitboxes")
    ? await hitboxesOf(
        db,
        pages.map((p) => p.id),
        catalog.department_id,
        include.has("pages.hitboxes.product"),
      )
    : null;
  return {
    ...serializeCatalog(catalog, pages.length),
    ...(include.has("pages")
      ? {
          pages: {
            data: pages.map((p) => ({
              ...serializePage(p),
              ...(hitboxes ? { hitboxes: { data: hitboxes.get(p.id) ?? [] } } : {}),
            })),
          },
        }
      : {}),
  };
}

export async function getPage(
  db: Kysely<Database>,
  brandId: number,
  id: number,
  include: Set<PageInclude>,
): Promise<z.input<typeof CatalogPageDetailSchema>> {
  const page = await db
    .selectFrom("catalog_pages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!page) throw notFound("page");
  const catalog = await findCatalog(db, brandId, page.catalog_id).catch(() => {
    throw notFound("page");
  });
  const [hitboxes, store] = await Promise.all([
    include.has("hitboxes")
      ? hitboxesOf(db, [page.id], catalog.department_id, include.has("hitboxes.product"))
      : null,
    include.has("store")
      ? db
          .selectFrom("stores")
          .selectAll()
          .where("id", "=", catalog.store_id)
          .executeTakeFirstOrThrow()
      : null,
  ]);
  return {
    ...serializePage(page),
    ...(hitboxes ? { hitboxes: { data: hitboxes.get(page.id) ?? [] } } : {}),
    ...(store ? { store: { data: serializeStore(store) } } : {}),
  };
}
