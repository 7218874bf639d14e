/**
 * The shared-data version the API stamps on its answers: it moves when what every shopper sees
 * alike changes (whoever changes it: here plain SQL, as an import or an operator would), and not
 * when orders or stock change, on both databases.
 */
import { SHARED_DATA_VERSION_HEADER } from "@core/contract/headers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedDataVersionReader } from "../../api/services/shared-data-version";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe("Shared-Data-Version", () => {
  it("is on every answer, errors included", async () => {
    const ok = await api.call("GET", "/brand");
    expect(Number(ok.headers.get(SHARED_DATA_VERSION_HEADER))).toBeGreaterThan(0);
    const missing = await api.call("GET", "/stores/2000000000");
    expect(missing.status).toBe(404);
    expect(missing.headers.get(SHARED_DATA_VERSION_HEADER)).toBe(
      ok.headers.get(SHARED_DATA_VERSION_HEADER),
    );
  });

  it("moves when a store, a department or an alert changes, not when stock or orders do", async () => {
    const version = sharedDataVersionReader(api.db, 0);
    const k = api.db.kysely;
    const start = await version();

    const store = await k.selectFrom("stores").select(["id", "name"]).executeTakeFirstOrThrow();
    await k.updateTable("stores").set({ name: store.name }).where("id", "=", store.id).execute();
    const afterStore = await version();
    expect(afterStore).toBeGreaterThan(start);

    await k.updateTable("department_products").set({ popularity: 1 }).where("id", "<", 5).execute();
    await k.updateTable("orders").set({ notes: "x" }).where("id", "<", 0).execute();
    expect(await version()).toBe(afterStore);

    const department = await k
      .selectFrom("departments")
      .select(["id", "name"])
      .executeTakeFirstOrThrow();
    await k
      .updateTable("departments")
      .set({ name: department.name })
      .where("id", "=", department.id)
      .execute();
    const afterDepartment = await version();
    expect(afterDepartment).toBeGreaterThan(afterStore);

    await k.deleteFrom("alerts").where("id", "<", 0).execute();
    await k
      .updateTable("alerts")
      .set((eb) => ({ name: eb.ref("name") }))
      .execute();
    expect(await version()).toBeGreaterThan(afterDepartment);
  });

  it("is read at most once per interval, so every answer does not cost a query", async () => {
    const version = sharedDataVersionReader(api.db, 60_000);
    const first = await version();
    const store = await api.db.kysely
      .selectFrom("stores")
      .select(["id", "name"])
      .executeTakeFirstOrThrow();
    await api.db.kysely
      .updateTable("stores")
      .set({ name: store.name })
      .where("id", "=", store.id)
      .execute();
    expect(await version()).toBe(first);
  });
});
