/** Small client for the Order Express API, used by specs to look up demo data by id, not by guess. */
import { expect, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { FIXED_STORE_PORT, PORT } from "./servers";

export const DEVICE = {
  brand: "Playwright",
  platform: "e2e",
  model: "chromium",
  version: "1",
  app_type: "web",
  app_version: "e2e",
};

export async function newApiKey(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/1/keys", { data: { uuid: "", device: DEVICE } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { apikey: string } };
  return body.data.apikey;
}

export interface DemoStore {
  id: number;
  name: string;
}

/**
 * The brand's default store (Princeton in the demo): where a new shopper starts, since the e2e
 * browsers come from its zip code (playwright.config.ts) and the fixed-store brand has only it.
 */
export async function demoStore(request: APIRequestContext): Promise<DemoStore> {
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  const brand = await request.get("/api/1/brand", { headers });
  expect(brand.ok(), await brand.text()).toBe(true);
  const homeId = ((await brand.json()) as { data: { default_store_id: number | null } }).data
    .default_store_id;
  const stores = await request.get("/api/1/stores?limit=1000", { headers });
  expect(stores.ok(), await stores.text()).toBe(true);
  const list = ((await stores.json()) as { data: DemoStore[] }).data;
  const store = list.find((s) => s.id === homeId) ?? list[0];
  if (!store) throw new Error("the demo data has no store");
  return { id: store.id, name: store.name };
}

/** Which e2e server: the first, or the brand that cannot change stores (and has past orders). */
export type E2eServer = "main" | "fixed-store";

/**
 * The e2e server's own SQLite file (playwright.config.ts names it by port). Specs that need the
 * store to change under a shopper (stock sold out, a time blacked out) change rows of their own
 * in it, never the seed's shared ones.
 */
export function e2eDatabase(server: E2eServer = "main"): Database.Database {
  const file =
    server === "main"
      ? `data/e2e/e2e-${PORT}.sqlite`
      : `data/e2e/e2e-${FIXED_STORE_PORT}-fixed-store.sqlite`;
  const db = new Database(file, { timeout: 10_000 });
  db.pragma("busy_timeout = 10000");
  return db;
}

/**
 * Runs `work` in a write transaction taken at BEGIN (IMMEDIATE): a deferred one that reads first
 * and writes after the server committed meanwhile fails at once with "database is locked" (its
 * snapshot is stale, so SQLite does not wait on the busy timeout).
 */
function writing<T>(db: Database.Database, work: () => T): T {
  return db.transaction(work).immediate();
}

/**
 * A copy of a department's product, for one spec alone: same fields, its own id and stock, and
 * the lead time asked for. Answers the product page's path. With `fromDepartmentId` the product
 * is copied from that department into `departmentId` (a department of the spec's own).
 */
export function ownProduct(
  storeId: number,
  departmentId: number,
  options: {
    remaining: number | null;
    leadTime: number;
    name: string;
    server?: E2eServer;
    fromDepartmentId?: number;
  },
): { id: number; path: string } {
  const fromDepartmentId = options.fromDepartmentId ?? departmentId;
  const db = e2eDatabase(options.server);
  try {
    return writing(db, () => {
      const source = db
        .prepare(
          `SELECT dp.product_id AS id FROM department_products dp JOIN products p ON p.id = dp.product_id
           WHERE dp.department_id = ? AND dp.active = 1 AND p.detail_style = 'default'
             AND p.minimum_quantity IS NULL AND p.accepts_customer_photo = 0
             AND NOT EXISTS (SELECT 1 FROM facets f WHERE f.product_id = p.id)
           ORDER BY dp.product_id LIMIT 1`,
        )
        .get(fromDepartmentId) as { id: number } | undefined;
      if (!source) throw new Error("no plain product in the department");
      const columns = (db.prepare("PRAGMA table_info(products)").all() as { name: string }[])
        .map((c) => c.name)
        .filter((name) => !["id", "sku", "name", "lead_time"].includes(name));
      const quoted = columns.map((c) => `"${c}"`).join(", ");
      const inserted = db
        .prepare(
          `INSERT INTO products (${quoted}, sku, name, lead_time)
           SELECT ${quoted}, ?, ?, ? FROM products WHERE id = ?`,
        )
        .run(`e2e-${Date.now()}-${Math.random()}`, options.name, options.leadTime, source.id);
      const id = Number(inserted.lastInsertRowid);
      const dpColumns = (
        db.prepare("PRAGMA table_info(department_products)").all() as { name: string }[]
      )
        .map((c) => c.name)
        .filter(
          (name) => !["id", "department_id", "product_id", "remaining_quantity"].includes(name),
        );
      const dpQuoted = dpColumns.map((c) => `"${c}"`).join(", ");
      db.prepare(
        `INSERT INTO department_products (${dpQuoted}, department_id, product_id, remaining_quantity)
         SELECT ${dpQuoted}, ?, ?, ? FROM department_products WHERE department_id = ? AND product_id = ?`,
      ).run(departmentId, id, options.remaining, fromDepartmentId, source.id);
      return { id, path: `/stores/${storeId}/departments/${departmentId}/products/${id}` };
    });
  } finally {
    db.close();
  }
}

/** The columns of `table` but `left`, quoted for a copy's INSERT ... SELECT. */
export function columnsBut(db: Database.Database, table: string, left: string[]): string {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
    .map((c) => c.name)
    .filter((name) => !left.includes(name))
    .map((name) => `"${name}"`)
    .join(", ");
}

/**
 * A department of one spec's own in the same store: a copy of `fromDepartmentId` (its settings,
 * lead times and payment, its pickup locations, its own blackouts and slot capacities) under a
 * name no other department starts with, listed last. A spec that closes times or caps slots does
 * it there, so no other journey ever meets the change. Answers its id.
 */
export function ownDepartment(
  fromDepartmentId: number,
  name: string,
  server: E2eServer = "main",
): number {
  const db = e2eDatabase(server);
  try {
    return writing(db, () => {
      const copied = columnsBut(db, "departments", ["id", "name", "weight"]);
      const id = Number(
        db
          .prepare(
            `INSERT INTO departments (${copied}, name, weight)
             SELECT ${copied}, ?, (SELECT MAX(weight) + 1 FROM departments) FROM departments WHERE id = ?`,
          )
          .run(name, fromDepartmentId).lastInsertRowid,
      );
      for (const table of ["pickup_locations", "blackouts", "slot_capacities"]) {
        const columns = columnsBut(db, table, ["id", "department_id"]);
        db.prepare(
          `INSERT INTO ${table} (${columns}, department_id)
           SELECT ${columns}, ? FROM ${table} WHERE department_id = ? ORDER BY id`,
        ).run(id, fromDepartmentId);
      }
      return id;
    });
  } finally {
    db.close();
  }
}

export interface DemoDepartment {
  storeId: number;
  departmentId: number;
  name: string;
  /** The seed's premise for Catering: orders from signed-in shoppers only. */
  requiresSignIn: boolean;
  /** A fresh API key's header, for further reads. */
  headers: Record<string, string>;
}

export interface DemoShop {
  storeId: number;
  /** The store's departments by name. */
  departments: Map<string, { id: number; name: string; requiresSignIn: boolean }>;
  /** A fresh API key's header, for further reads. */
  headers: Record<string, string>;
}

/** A store's departments by name, from the API (never guessed ids). */
export async function departmentsOf(
  request: APIRequestContext,
  storeId: number,
  headers: Record<string, string>,
): Promise<DemoShop["departments"]> {
  const answer = await request.get(`/api/1/stores/${storeId}?include=departments`, { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  const departments = (
    (await answer.json()) as {
      data: {
        departments: {
          data: { id: number; name: string; remote_orders_require_authentication: boolean }[];
        };
      };
    }
  ).data.departments.data;
  return new Map(
    departments.map((d) => [
      d.name,
      { id: d.id, name: d.name, requiresSignIn: d.remote_orders_require_authentication },
    ]),
  );
}

/** The demo home store and its departments. */
export async function demoShop(request: APIRequestContext): Promise<DemoShop> {
  const store = await demoStore(request);
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  return {
    storeId: store.id,
    departments: await departmentsOf(request, store.id, headers),
    headers,
  };
}

/** A department of the demo home store, by name (never a guessed id). */
export async function demoDepartment(
  request: APIRequestContext,
  name: string,
): Promise<DemoDepartment> {
  const shop = await demoShop(request);
  const found = shop.departments.get(name);
  if (!found) throw new Error(`the demo store has no ${name} department`);
  return {
    storeId: shop.storeId,
    departmentId: found.id,
    name,
    requiresSignIn: found.requiresSignIn,
    headers: shop.headers,
  };
}

export interface DemoProduct {
  storeId: number;
  departmentId: number;
  departmentName: string;
  productId: number;
  /** The product page's path. */
  path: string;
}

/** A seeded product of the demo store by department and SKU, found by searching `fragment`. */
export async function demoProduct(
  request: APIRequestContext,
  departmentName: string,
  fragment: string,
  sku: string,
): Promise<DemoProduct> {
  const department = await demoDepartment(request, departmentName);
  const search = await request.get(
    `/api/1/products?department_id=${department.departmentId}&fragment=${encodeURIComponent(fragment)}`,
    { headers: department.headers },
  );
  expect(search.ok(), await search.text()).toBe(true);
  const found = ((await search.json()) as { data: { id: number; sku: string }[] }).data.find(
    (p) => p.sku === sku,
  );
  if (!found) throw new Error(`no product ${sku} in ${departmentName}`);
  return {
    storeId: department.storeId,
    departmentId: department.departmentId,
    departmentName,
    productId: found.id,
    path: `/stores/${department.storeId}/departments/${department.departmentId}/products/${found.id}`,
  };
}

/**
 * A product of the department that a shopper adds with one click: no required choice and no stock
 * limit, and unless `anyLeadTime`, no lead time. `noFacets` asks for no choices at all. (Specs that
 * change a product's row change one of their own: `ownProduct`.)
 */
export async function oneClickProduct(
  request: APIRequestContext,
  departmentId: number,
  options: { anyLeadTime?: boolean; noFacets?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  const listing = await request.get(`/api/1/products?department_id=${departmentId}&limit=50`, {
    headers,
  });
  expect(listing.ok(), await listing.text()).toBe(true);
  const listed = (
    (await listing.json()) as {
      data: { id: number; name: string; lead_time: number; remaining_quantity: number | null }[];
    }
  ).data;
  for (const product of listed) {
    if (product.remaining_quantity !== null) continue;
    if (!options.anyLeadTime && product.lead_time !== 0) continue;
    const detail = await request.get(
      `/api/1/products/${product.id}?department_id=${departmentId}&include=facets`,
      { headers },
    );
    const facets =
      ((await detail.json()) as { data: { facets?: { data: { required: boolean }[] } } }).data
        .facets?.data ?? [];
    const fits = options.noFacets ? facets.length === 0 : facets.every((f) => !f.required);
    if (fits) return { id: product.id, name: product.name };
  }
  throw new Error(`no one-click product in department ${departmentId} of the demo data`);
}

/** A product of the department with a Price Plus Club discount, as the API answers it. */
export interface ClubPricedProduct {
  id: number;
  name: string;
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: boolean;
  /** Cents off one unit for club members; above 0. */
  discount_amount: number;
}

/**
 * The department's first club-priced product found by searching `fragment` (the seed prices a
 * few: Grocery's salted butter, on sale too, has no choices to make).
 */
export async function clubPricedProduct(
  request: APIRequestContext,
  departmentId: number,
  fragment: string,
): Promise<ClubPricedProduct> {
  const answer = await request.get(
    `/api/1/products?department_id=${departmentId}&fragment=${encodeURIComponent(fragment)}`,
    { headers: { authorization: `Bearer ${await newApiKey(request)}` } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  const found = (
    (await answer.json()) as { data: (ClubPricedProduct & { discount_amount: number | null })[] }
  ).data.find((p) => (p.discount_amount ?? 0) > 0);
  if (!found) throw new Error(`no club-priced '${fragment}' in department ${departmentId}`);
  return found;
}
