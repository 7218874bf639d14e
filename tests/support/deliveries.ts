/** Delivery carts for the API tests (decision 022): a department of each delivery service. */
import { expect } from "vitest";
import type { TestApi } from "./api";
import { simpleProducts, type PlainProduct } from "./orders";

export interface Shop {
  departmentId: number;
  state: string;
  zip: string;
  products: PlainProduct[];
}

/** A department delivering through `provider`, its store's state, and plain deliverable products. */
export async function deliveryShop(t: TestApi, provider: "door_dash" | "store"): Promise<Shop> {
  const department = await t.db.kysely
    .selectFrom("departments as d")
    .innerJoin("stores as s", "s.id", "d.store_id")
    .select(["d.id", "s.state", "s.zip_code"])
    .where("d.delivery_type", "=", provider)
    .where("d.delivery_enabled", "=", 1)
    .where("d.active", "=", 1)
    .orderBy("d.id")
    .executeTakeFirstOrThrow();
  const products = await simpleProducts(t)
    .where("dp.department_id", "=", department.id)
    .where("p.deliverable", "=", 1)
    .where((eb) => eb.or([eb("p.maximum_quantity", "is", null), eb("p.maximum_quantity", ">=", 5)]))
    .orderBy("p.id")
    .limit(5)
    .execute();
  expect(products.length).toBeGreaterThan(1);
  return {
    departmentId: department.id,
    state: department.state,
    zip: department.zip_code,
    products,
  };
}
