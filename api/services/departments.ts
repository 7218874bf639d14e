import type {
  Department,
  DepartmentSchema,
  PickupLocationSchema,
  PseudoDepartmentSchema,
} from "@core/contract/stores";
import type { z } from "zod";
import type { Kysely } from "kysely";
import { compiledQuery } from "../db/compiled-query";
import { keptWhileUnchanged } from "../db/unchanged";
import type { Database, Row } from "../db/schema";
import { bool, jsonArray } from "../db/values";
import { notFound } from "../http/errors";
import { listCategoryTree } from "./category-tree";
import { groupBy } from "./grouping";
import { localDate } from "./local-date";
import { listProducts } from "./product-listing";
import { serializeStore } from "./store-json";

import type { DepartmentInclude } from "@core/contract/stores";
import type { DeliveryDepartment } from "@core/rules/delivery-allowed";

/** The department's lead-time limits: its minimum is at least the department's own lead time. */
export function leadTimeLimits(
  d: Pick<Row<"departments">, "lead_time" | "lead_time_min" | "lead_time_max">,
) {
  return { min: Math.max(d.lead_time_min, d.lead_time), max: d.lead_time_max };
}

type CurrentCatalog = { id: number; name: string } | null;

export function serializeDepartment(
  d: Row<"departments">,
  catalog: CurrentCatalog = null,
): z.input<typeof DepartmentSchema> {
  return {
    id: d.id,
    store_id: d.store_id,
    name: d.name,
    weight: d.weight,
    list_style: d.list_style,
    image_url: d.image_url,
    description: d.description,
    show_sodium_warnings: bool(d.show_sodium_warnings),
    show_nutritional_info: bool(d.show_nutritional_info),
    payment_gateway_enabled: bool(d.payment_gateway_enabled),
    remote_orders_require_online_payment: bool(d.remote_orders_require_online_payment),
    remote_orders_require_authentication: bool(d.remote_orders_require_authentication),
    delivery_enabled: bool(d.delivery_enabled),
    delivery_time: d.delivery_time,
    // The column is free text; the contract names the two delivery services there are.
    delivery_type: d.delivery_type as Department["delivery_type"],
    store_delivery_customer_instructions: d.store_delivery_customer_instructions,
    delivery_amount: d.delivery_amount,
    lead_time: d.lead_time,
    lead_time_limits: { min: d.lead_time_min, max: d.lead_time_max },
    pickup_interval: d.pickup_interval,
    order_sources_with_coupon_code: jsonArray(d.order_sources_with_coupon_code),
    catalog,
  };
}

export function serializePickupLocation(
  p: Row<"pickup_locations">,
): z.input<typeof PickupLocationSchema> {
  return { id: p.id, name: p.name, address_1: p.address_1, address_2: p.address_2 };
}

const catalogsQuery = compiledQuery((db, v: { departmentIds: number[] }) =>
  db
    .selectFrom("catalogs")
    .innerJoin("departments", "departments.id", "catalogs.department_id")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .select([
      "catalogs.id",
      "catalogs.name",
      "catalogs.department_id",
      "catalogs.starts_on",
      "catalogs.ends_on",
      "stores.timezone",
    ])
    .where("catalogs.department_id", "in", v.departmentIds)
    .orderBy("catalogs.weight")
    .orderBy("catalogs.id"),
);

/** The catalog running today (or the latest one) of each department, in one query. */
export async function currentCatalogs(db: Kysely<Database>, departmentIds: number[]) {
  const out = new Map<number, CurrentCatalog>();
  if (!departmentIds.length) return out;
  const rows = await catalogsQuery(db, { departmentIds });
  for (const row of rows) {
    const today = localDate(row.timezone);
    const running =
      (!row.starts_on || row.starts_on <= today) && (!row.ends_on || row.ends_on >= today);
    if (running && !out.has(row.department_id))
      out.set(row.department_id, { id: row.id, name: row.name });
  }
  return out;
}

export async function listDepartmentsOfStores(db: Kysely<Database>, storeIds: number[]) {
  if (!storeIds.length) return new Map<number, ReturnType<typeof serializeDepartment>[]>();
  const rows = await db
    .selectFrom("departments")
    .selectAll()
    .where("store_id", "in", storeIds)
    .where("active", "=", 1)
    .orderBy("weight")
    .orderBy("name")
    .execute();
  const catalogs = await currentCatalogs(
    db,
    rows.map((r) => r.id),
  );
  const serialized = rows.map((r) => serializeDepartment(r, catalogs.get(r.id) ?? null));
  return groupBy(serialized, (d) => d.store_id);
}

export async function listPseudoDepartmentsOfStores(db: Kysely<Database>, storeIds: number[]) {
  if (!storeIds.length) return new Map<number, ReturnType<typeof serializePseudo>[]>();
  const rows = await db
    .selectFrom("pseudo_departments")
    .innerJoin("departments", "departments.id", "pseudo_departments.department_id")
    .selectAll("pseudo_departments")
    .where("pseudo_departments.store_id", "in", storeIds)
    .where("departments.active", "=", 1)
    .orderBy("pseudo_departments.weight")
    .orderBy("pseudo_departments.name")
    .execute();
  return groupBy(rows.map(serializePseudo), (p) => p.store_id);
}

function serializePseudo(p: Row<"pseudo_departments">): z.input<typeof PseudoDepartmentSchema> {
  const kind = p.target_type === "category" ? "categories" : "products";
  return {
    id: p.id,
    store_id: p.store_id,
    name: p.name,
    caption: p.caption,
    kiosk_image_url: p.kiosk_image_url,
    weight: p.weight,
    department_id: p.department_id,
    target: { type: kind === "categories" ? "category" : "product", id: p.target_id },
    url: `/departments/${p.department_id}/${kind}/${p.target_id}`,
  };
}

/** A department of the caller's brand; 404 for another brand's or an unknown one. */
/** A department row's flags, as core/rules/delivery-allowed.ts reads them. */
export const deliveryFlags = (row: Row<"departments">): DeliveryDepartment => ({
  delivery_enabled: bool(row.delivery_enabled),
  payment_gateway_enabled: bool(row.payment_gateway_enabled),
});

const departmentQuery = compiledQuery((db, v: { id: number; brandId: number }) =>
  db
    .selectFrom("departments")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .selectAll("departments")
    .where("departments.id", "=", v.id)
    .where("stores.brand_id", "=", v.brandId)
    .where("departments.active", "=", 1),
);

/** Every product and listing call asks it: kept while the database is unchanged (db/unchanged.ts). */
const departmentRows = keptWhileUnchanged(
  (brandId: number, id: number) => `${brandId}:${id}`,
  (db, brandId, id) => departmentQuery(db, { id, brandId }),
);

export async function findDepartment(db: Kysely<Database>, brandId: number, id: number) {
  const [row] = await departmentRows(db, brandId, id);
  if (!row) throw notFound("department");
  return row;
}

export async function getDepartment(
  db: Kysely<Database>,
  brandId: number,
  id: number,
  include: Set<DepartmentInclude>,
): Promise<z.input<typeof DepartmentSchema>> {
  const dept = await findDepartment(db, brandId, id);
  const [catalogs, categories, pickup, featured, store] = await Promise.all([
    currentCatalogs(db, [dept.id]),
    include.has("categories")
      ? listCategoryTree(db, dept.id, include.has("categories.children"))
      : null,
    include.has("pickup_locations")
      ? db
          .selectFrom("pickup_locations")
          .selectAll()
          .where("department_id", "=", dept.id)
          .orderBy("weight")
          .orderBy("name")
          .execute()
      : null,
    include.has("featured_product")
      ? listProducts(db, brandId, { departmentId: dept.id, limit: 1, userId: null }).then(
          (r) => r.products,
        )
      : null,
    include.has("store")
      ? db
          .selectFrom("stores")
          .selectAll()
          .where("id", "=", dept.store_id)
          .executeTakeFirstOrThrow()
      : null,
  ]);
  return {
    ...serializeDepartment(dept, catalogs.get(dept.id) ?? null),
    ...(categories ? { categories: { data: categories } } : {}),
    ...(pickup ? { pickup_locations: { data: pickup.map(serializePickupLocation) } } : {}),
    ...(featured ? { featured_product: { data: featured[0] ?? null } } : {}),
    ...(store ? { store: { data: serializeStore(store) } } : {}),
  };
}
