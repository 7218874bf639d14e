import type { StoreSchema } from "@core/contract/stores";
import type { z } from "zod";
import { distanceInMiles } from "@core/rules/geo";
import { sql, type Kysely } from "kysely";
import type { Database, Row } from "../db/schema";
import { notFound } from "../http/errors";
import { getBrand, serializeBrand } from "./brands";
import { listDepartmentsOfStores, listPseudoDepartmentsOfStores } from "./departments";
import { serializeStore } from "./store-json";

type StoreJson = z.input<typeof StoreSchema>;

import type { StoreInclude } from "@core/contract/stores";

interface ListOptions {
  brandId: number;
  near?: { latitude: number; longitude: number };
  limit: number;
  include: Set<StoreInclude>;
}

/** Stores of the brand: nearest first when a position is given, else by name. */
export async function listStores(db: Kysely<Database>, opts: ListOptions): Promise<StoreJson[]> {
  let query = db
    .selectFrom("stores")
    .selectAll()
    .where("brand_id", "=", opts.brandId)
    .where("active", "=", 1)
    .limit(opts.limit);
  if (opts.near) {
    // Equirectangular distance is exact enough to rank stores within a market, and needs no
    // trigonometry in SQL (SQLite has none by default); the reported distance is haversine.
    const { latitude, longitude } = opts.near;
    const k = Math.cos((latitude * Math.PI) / 180);
    query = query.orderBy(
      sql`((address_latitude - ${latitude}) * (address_latitude - ${latitude}) + (address_longitude - ${longitude}) * ${k} * (address_longitude - ${longitude}) * ${k})`,
    );
  }
  const rows = await query.orderBy("name").orderBy("id").execute();
  const stores = await withIncludes(db, rows, opts.include, opts.brandId);
  if (!opts.near) return stores;
  const near = opts.near;
  return stores.map((s) => ({
    ...s,
    distance:
      Math.round(
        distanceInMiles(near, { latitude: s.address_latitude, longitude: s.address_longitude }) *
          10,
      ) / 10,
  }));
}

export async function findStore(db: Kysely<Database>, brandId: number, id: number) {
  const store = await db
    .selectFrom("stores")
    .selectAll()
    .where("id", "=", id)
    .where("brand_id", "=", brandId)
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!store) throw notFound("store");
  return store;
}

export async function getStore(
  db: Kysely<Database>,
  brandId: number,
  id: number,
  include: Set<StoreInclude>,
): Promise<StoreJson> {
  const store = await findStore(db, brandId, id);
  const [json] = await withIncludes(db, [store], include, brandId);
  return json!;
}

/** Loads each requested relation for all stores in one query (no query per store). */
async function withIncludes(
  db: Kysely<Database>,
  stores: Row<"stores">[],
  include: Set<StoreInclude>,
  brandId: number,
): Promise<StoreJson[]> {
  const ids = stores.map((s) => s.id);
  const [brand, departments, pseudo] = await Promise.all([
    include.has("brand") ? getBrand(db, brandId).then(serializeBrand) : null,
    include.has("departments") ? listDepartmentsOfStores(db, ids) : null,
    include.has("pseudoDepartments") ? listPseudoDepartmentsOfStores(db, ids) : null,
  ]);
  return stores.map((store) => ({
    ...serializeStore(store),
    ...(brand ? { brand: { data: brand } } : {}),
    ...(departments ? { departments: { data: departments.get(store.id) ?? [] } } : {}),
    ...(pseudo ? { pseudoDepartments: { data: pseudo.get(store.id) ?? [] } } : {}),
  }));
}
