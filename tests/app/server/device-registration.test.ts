/**
 * Against the real API: browsing pages without cookies register no device (one shared key at
 * most, for the whole storefront); the shopper's own device is registered on the first change,
 * once, and keeps the home store chosen while browsing.
 */
import { defaultQuantity } from "@core/rules/quantity-options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorefrontApi } from "~/.server/api";
import { loader as storeLoader } from "~/routes/stores.$store";
import { loader as departmentLoader } from "~/routes/stores.$store.departments.$department";
import { loader as departmentHomeLoader } from "~/routes/stores.$store.departments.$department._index";
import { loader as departmentsLoader } from "~/routes/stores.$store.departments._index";
import { startTestApi, type TestApi } from "../../support/api";
import { shopperOf, testContext } from "../../support/storefront";

let api: TestApi;
let storeId: number;
let departmentId: number;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "registration-test-secret";
  process.env.LOG_LEVEL = "silent";
  const stores = await api.get<{ data: { id: number }[] }>("/stores");
  storeId = stores.data[0]!.id;
  const store = await api.get<{ data: { departments: { data: { id: number }[] } } }>(
    `/stores/${storeId}?include=departments`,
  );
  departmentId = store.data.departments.data[0]!.id;
});
afterAll(async () => {
  await api.close();
});

async function apiKeyRows(): Promise<number> {
  const row = await api.db.kysely
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The first add to cart (which creates the order) of the first product that needs no choices. */
async function addAnyProduct(client: StorefrontApi) {
  const listing = await client.listProducts({ departmentId, limit: 20 });
  for (const product of listing.data) {
    const quantity = defaultQuantity(product);
    if (quantity === null) continue;
    const added = await client
      .addItemToNewOrder(departmentId, {
        product_id: product.id,
        quantity,
        preferences: [],
        notes: null,
        add_source: "default",
      })
      .catch(() => null);
    if (added) return added;
  }
  throw new Error(`no product of department ${departmentId} could be added`);
}

/** One page view of a department by a browser without cookies: its loaders, as Remix runs them. */
async function viewDepartmentWithoutCookies() {
  const path = `/stores/${storeId}/departments/${departmentId}`;
  const request = new Request(`http://localhost${path}`, {
    headers: { "user-agent": "Mozilla/5.0" },
  });
  const args = {
    request,
    context: await testContext(request),
    params: { store: String(storeId), department: String(departmentId) },
  };
  const [store, department, home, list] = await Promise.all([
    storeLoader(args),
    departmentLoader(args),
    departmentHomeLoader(args),
    departmentsLoader(args),
  ]);
  expect(store.store.id).toBe(storeId);
  expect(department.department.id).toBe(departmentId);
  expect(home.categories.length).toBeGreaterThan(0);
  expect(list.alerts).toBeInstanceOf(Array);
  return args;
}

describe("device registration", () => {
  it("20 page views without cookies add at most one (shared) key", async () => {
    const before = await apiKeyRows();
    for (let view = 0; view < 20; view += 1) await viewDepartmentWithoutCookies();
    expect((await apiKeyRows()) - before).toBeLessThanOrEqual(1);
    // The shared key never became anyone's: no home store was saved on it.
    const homes = await api.db.kysely
      .selectFrom("api_keys")
      .select("home_store_id")
      .where("home_store_id", "is not", null)
      .execute();
    expect(homes).toHaveLength(0);
  });

  it("registers the shopper's device on the first change, once, with the home store", async () => {
    const args = await viewDepartmentWithoutCookies();
    const state = await shopperOf(args);
    expect(state.session.get("apiKey")).toBeUndefined();
    expect(state.preferences.homeStoreId).toBe(storeId);

    const before = await apiKeyRows();
    const client = args.context.api;
    const item = await addAnyProduct(client);
    const order = await client.getFullOrder(item.order_id);
    expect((await apiKeyRows()) - before).toBe(1);

    const key = state.session.get("apiKey");
    expect(key).toBeTruthy();
    const mine = await api.call("GET", "/home-store", { key });
    expect(((await mine.json()) as { data: { id: number } }).data.id).toBe(storeId);
    // The order is the shopper's own, not the shared key's.
    const theirs = await api.call("GET", `/orders/${order.id}`, { key });
    expect(theirs.status).toBe(200);
  });
});
