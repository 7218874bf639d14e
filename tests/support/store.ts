/**
 * Store associates without the sign-in flow (issue 30): a `users` row whose
 * `associate_store_id` names their store, bound to a fresh key, as signing in through the
 * provider with an associate's claims makes it.
 */
import type { TestApi } from "./api";
import { simpleProducts } from "./orders";
import { newUser, signedInKey } from "./users";

/** The store a department belongs to. */
export async function storeOf(api: TestApi, departmentId: number) {
  const row = await api.db.kysely
    .selectFrom("departments")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .select(["stores.id", "stores.timezone"])
    .where("departments.id", "=", departmentId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Another store of the brand than `storeId`. */
export async function otherStore(api: TestApi, storeId: number) {
  const row = await api.db.kysely
    .selectFrom("stores")
    .select("id")
    .where("id", "!=", storeId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A device signed in as an associate of `storeId`. */
export async function associateKey(api: TestApi, storeId: number) {
  const user = await newUser(api);
  await api.db.kysely
    .updateTable("users")
    .set({ associate_store_id: storeId })
    .where("id", "=", user.id)
    .execute();
  return (await signedInKey(api, user)).key;
}

/** The store-local day (YYYY-MM-DD) of an order's pickup. */
export async function pickupDay(api: TestApi, orderId: number, timeZone: string) {
  const row = await api.db.kysely
    .selectFrom("orders")
    .select("pickup_at")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(row.pickup_at as string));
}

/** Sets an order's status as the store would, through the API. */
export function setStatus(
  api: TestApi,
  key: string,
  storeId: number,
  orderId: number,
  status: string,
  from?: string,
) {
  return api.call("PUT", `/stores/${storeId}/orders/${orderId}/status`, {
    key,
    body: { status, ...(from ? { from } : {}) },
  });
}

/**
 * For picking: a department open to guests that sells a plain product by the pound (`weighed`)
 * and two or more plain products by the each (`each`), first by id.
 */
export async function weighedAndEachProducts(api: TestApi) {
  const rows = await simpleProducts(api)
    .innerJoin("departments as d", "d.id", "dp.department_id")
    .select(["p.unit_of_measure", "dp.srp_amount"])
    .where("d.remote_orders_require_authentication", "=", 0)
    .orderBy("p.id")
    .execute();
  const others = (departmentId: number) =>
    rows.filter((o) => o.department_id === departmentId && o.unit_of_measure !== "pound");
  const weighed = rows.find(
    (r) => r.unit_of_measure === "pound" && others(r.department_id).length >= 2,
  )!;
  return { weighed, each: others(weighed.department_id) };
}

/** Those products, their store, and an associate of it. */
export async function pickingShop(api: TestApi) {
  const products = await weighedAndEachProducts(api);
  const storeId = (await storeOf(api, products.weighed.department_id)).id;
  return { ...products, storeId, associate: await associateKey(api, storeId) };
}
