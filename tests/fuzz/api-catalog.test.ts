/**
 * Fuzz of the API's browsing calls (keys, brand, stores, departments, categories, products,
 * catalogs, alerts, unknown paths) and the public pictures: every generated request is answered
 * below 500, as JSON on /api/1, and the database keeps its invariants.
 */
import express from "express";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { mediaRouter } from "../../api/routes/media";
import { nutritionPanelsRouter } from "../../api/routes/nutrition-panels";
import { PRODUCT_INCLUDES } from "../../api/services/products";
import { startTestApi, type TestApi } from "../support/api";
import { plainProduct } from "../support/orders";
import { bindKey, newUser } from "../support/users";
import { listen, type Running } from "../server/support";
import {
  bodyFor,
  field,
  fuzzOptions,
  fuzzEachRoute,
  includes,
  nastyNumber,
  nastyString,
  pathSegment,
  q,
  queryFor,
  ref,
  refs,
  resolveRefs,
  type FuzzRoute,
  type Pool,
} from "./support";

let api: TestApi;
let publicSite: Running;
let otherKey: string;
const pool: Pool = {};

beforeAll(async () => {
  api = await startTestApi();
  otherKey = await api.newKey();
  // Signed in, so the favorite calls reach past the 401 a guest gets.
  await bindKey(api, api.key, await newUser(api));
  const k = api.db.kysely;
  const product = await plainProduct(api);
  const department = await k
    .selectFrom("departments")
    .select(["id", "store_id"])
    .where("id", "=", product.department_id)
    .executeTakeFirstOrThrow();
  const category = await k
    .selectFrom("categories")
    .select("id")
    .where("department_id", "=", department.id)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const facetProduct = await k
    .selectFrom("facets")
    .innerJoin("department_products as dp", "dp.product_id", "facets.product_id")
    .select(["facets.product_id", "dp.department_id"])
    .orderBy("facets.product_id")
    .executeTakeFirstOrThrow();
  const page = await k
    .selectFrom("catalog_pages as p")
    .innerJoin("catalogs as c", "c.id", "p.catalog_id")
    .select(["p.id", "p.catalog_id", "c.department_id"])
    .orderBy("p.id")
    .executeTakeFirstOrThrow();
  const alert = await k.selectFrom("alerts").select("id").orderBy("id").executeTakeFirstOrThrow();
  Object.assign(pool, {
    store: department.store_id,
    department: department.id,
    category: category.id,
    product: product.id,
    facetProduct: facetProduct.product_id,
    facetDepartment: facetProduct.department_id,
    catalog: page.catalog_id,
    catalogDepartment: page.department_id,
    page: page.id,
    alert: alert.id,
  });

  const site = express();
  site.use("/media", mediaRouter());
  site.use("/nutrition-panels", nutritionPanelsRouter(api.db));
  publicSite = await listen(site);
});
afterAll(async () => {
  await publicSite?.close();
  await api?.close();
});

const id = (...names: string[]) => pathSegment(refs(...names));
const anyDepartment = q(ref("department"), ref("facetDepartment"), ref("catalogDepartment"));
const anyPath = fc
  .array(pathSegment(fc.constantFrom("orders", "items", "stores", "keys", "api", "1")), {
    minLength: 1,
    maxLength: 5,
  })
  .map((segments) => `/${segments.join("/")}`);

const ROUTES: Record<string, FuzzRoute> = {
  "GET /openapi.json": {
    method: "GET",
    path: fc.constant("/openapi.json"),
    query: queryFor({}),
    public: true,
  },
  "POST /keys": {
    method: "POST",
    path: fc.constant("/keys"),
    public: true,
    body: bodyFor({
      uuid: field(fc.uuid(), nastyString),
      device: field(
        fc.record(
          {
            brand: field(nastyString),
            platform: field(nastyString),
            model: field(nastyString),
            version: field(nastyString),
            app_type: field(fc.constantFrom("website", "kiosk"), nastyString),
            app_version: field(nastyString),
          },
          { requiredKeys: [] },
        ),
      ),
    }),
  },
  "GET /brand": { method: "GET", path: fc.constant("/brand"), query: queryFor({}) },
  "GET /home-store": { method: "GET", path: fc.constant("/home-store") },
  "PUT /home-store": {
    method: "PUT",
    path: fc.constant("/home-store"),
    body: bodyFor({ id: field(fc.constant(ref("store")), nastyNumber, nastyString) }),
  },
  "GET /geolocate": { method: "GET", path: fc.constant("/geolocate"), query: queryFor({}) },
  "GET /stores": {
    method: "GET",
    path: fc.constant("/stores"),
    query: queryFor({
      latitude: fc.oneof(q("40.2", "-90", "90.0001", "1e2"), nastyNumber.map(String)),
      longitude: fc.oneof(q("-74.7", "180", "-180.5"), nastyNumber.map(String)),
      limit: fc.oneof(q("1", "1000", "1001", "0", "2.5"), nastyNumber.map(String)),
      include: includes("brand", "departments", "pseudoDepartments"),
    }),
  },
  "GET /stores/:id": {
    method: "GET",
    path: id("store").map((s) => `/stores/${s}`),
    query: queryFor({ include: includes("brand", "departments", "pseudoDepartments") }),
  },
  "GET /departments/:id": {
    method: "GET",
    path: id("department", "facetDepartment").map((s) => `/departments/${s}`),
    query: queryFor({
      include: includes(
        "categories",
        "categories.children",
        "pickup_locations",
        "featured_product",
        "store",
      ),
    }),
  },
  "GET /categories/:id": {
    method: "GET",
    path: id("category").map((s) => `/categories/${s}`),
    query: queryFor({
      include: includes("children", "products", "products.images", "department"),
    }),
  },
  "GET /products": {
    method: "GET",
    path: fc.constant("/products"),
    query: queryFor({
      department_id: anyDepartment,
      fragment: fc.oneof(
        q("milk", "bread rolls", "chees", "a", "%", "_", "*", '"', "'"),
        nastyString,
      ),
      category_id: q(ref("category")),
      brands: fc.oneof(nastyString, fc.array(nastyString, { maxLength: 55 })),
      specials: q("1", "0", "true", "false", "yes"),
      favorites: q("1", "0", "true"),
      sort: q("relevance", "popular", "brand", "price", "specials", "name"),
      limit: q("1", "50", "51", "0", "-3"),
      page: q("1", "2", "10000", "10001", "999999999999"),
    }),
  },
  "GET /products/:id": {
    method: "GET",
    path: id("product", "facetProduct").map((s) => `/products/${s}`),
    query: queryFor({ department_id: anyDepartment, include: includes(...PRODUCT_INCLUDES) }),
  },
  "GET /products/:id/favorite": {
    method: "GET",
    path: id("product", "facetProduct").map((s) => `/products/${s}/favorite`),
  },
  "PUT /products/:id/favorite": {
    method: "PUT",
    path: id("product", "facetProduct").map((s) => `/products/${s}/favorite`),
    body: fc.option(bodyFor({ favorite: field(fc.boolean(), nastyString, nastyNumber) }), {
      nil: undefined,
      freq: 4,
    }),
  },
  "GET /products/:id/builder": {
    method: "GET",
    path: id("product", "facetProduct").map((s) => `/products/${s}/builder`),
    query: queryFor({ department_id: anyDepartment }),
  },
  "GET /products/:id/nutrition": {
    method: "GET",
    path: id("product", "facetProduct").map((s) => `/products/${s}/nutrition`),
    query: queryFor({ department_id: anyDepartment }),
  },
  "GET /catalogs": {
    method: "GET",
    path: fc.constant("/catalogs"),
    query: queryFor({ department: anyDepartment }),
  },
  "GET /catalogs/:id": {
    method: "GET",
    path: id("catalog").map((s) => `/catalogs/${s}`),
    query: queryFor({ include: includes("pages") }),
  },
  "GET /pages/:id": {
    method: "GET",
    path: id("page").map((s) => `/pages/${s}`),
    query: queryFor({ include: includes("hitboxes", "store") }),
  },
  "GET /alerts": {
    method: "GET",
    path: fc.constant("/alerts"),
    query: queryFor({
      store_id: q(ref("store")),
      exclude: fc.oneof(q(ref("alert")), fc.array(q(ref("alert"), "1", "x"), { maxLength: 210 })),
    }),
  },
  "GET on an unknown path": { method: "GET", path: anyPath, query: queryFor({}) },
  "POST with a body to an unknown path": {
    method: "POST",
    path: anyPath,
    query: queryFor({}),
    body: bodyFor({}),
  },
};

describe("API browsing calls under generated input", () => {
  fuzzEachRoute(ROUTES, 0, () => ({ api, pool, otherKey }));

  it(
    "the public pictures and nutrition panels never answer 5xx",
    { timeout: 120_000 },
    async () => {
      const path = fc.oneof(
        fc
          .tuple(
            pathSegment(fc.constantFrom("products", "categories", "stores", "logo")),
            pathSegment(fc.constantFrom("1.svg", "x.svg", ".svg", "1")),
          )
          .map(([section, file]) => `/media/${section}/${file}`),
        pathSegment(q(ref("product"), ref("facetProduct")) as fc.Arbitrary<string>).map(
          (s) => `/nutrition-panels/${s}`,
        ),
      );
      await fc.assert(
        fc.asyncProperty(path, async (p) => {
          const target = resolveRefs(p, pool);
          const res = await fetch(publicSite.url + target);
          await res.arrayBuffer();
          if (res.status >= 500) throw new Error(`GET ${target} answered ${res.status}`);
        }),
        fuzzOptions(9_000),
      );
    },
  );
});
