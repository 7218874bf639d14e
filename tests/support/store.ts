/**
 * Store associates without the sign-in flow (issue 30): a `users` row whose
 * `associate_store_id` names their store, bound to a fresh key, as signing in through the
 * provider with an associate's claims makes it.
 */
import type { TestApi } from "./api";
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
