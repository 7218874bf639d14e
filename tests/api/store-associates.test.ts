/**
 * Store associates through single sign-on (issue 30, decision 042): the sandbox provider's
 * associates carry claims naming their store, the API keeps that store on the person, and only
 * that store's calls are open to them; a shopper signed in the same way reaches none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { signInAs } from "../support/sso-sign-in";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox" });
});
afterAll(() => api.close());

async function storeNamed(name: string) {
  const row = await api.db.kysely
    .selectFrom("stores")
    .select("id")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("associates signed in through the sandbox provider", () => {
  it("Ana works at Princeton: she reaches Princeton's queue and not Hoboken's", async () => {
    const princeton = await storeNamed("Princeton");
    const hoboken = await storeNamed("Hoboken");
    const { key, profile } = await signInAs(api, "ana@example.com", "ana-password");
    expect(profile).toMatchObject({ first_name: "Ana", associate_store_id: princeton });
    expect((await api.call("GET", `/stores/${princeton}/orders`, { key })).status).toBe(200);
    const elsewhere = await api.call("GET", `/stores/${hoboken}/orders`, { key });
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).code).toBe("store_associate_required");
  });

  it("Lee works at Hoboken, and only there", async () => {
    const princeton = await storeNamed("Princeton");
    const hoboken = await storeNamed("Hoboken");
    const { key, profile } = await signInAs(api, "lee@example.com", "lee-password");
    expect(profile.associate_store_id).toBe(hoboken);
    expect((await api.call("GET", `/stores/${hoboken}/orders`, { key })).status).toBe(200);
    expect((await api.call("GET", `/stores/${princeton}/orders`, { key })).status).toBe(403);
  });

  it("a shopper signed in the same way is no associate", async () => {
    const princeton = await storeNamed("Princeton");
    const { key, profile } = await signInAs(api, "pat@example.com", "pat-password");
    expect(profile.associate_store_id).toBeNull();
    expect((await api.call("GET", `/stores/${princeton}/orders`, { key })).status).toBe(403);
  });

  it("follows the provider: an associate moved to another store is that store's at the next sign-in", async () => {
    const hoboken = await storeNamed("Hoboken");
    await api.db.kysely
      .updateTable("sandbox_sso_accounts")
      .set({ associate_store: "Hoboken" })
      .where("email", "=", "ana@example.com")
      .execute();
    const { key, profile } = await signInAs(api, "ana@example.com", "ana-password");
    expect(profile.associate_store_id).toBe(hoboken);
    expect((await api.call("GET", `/stores/${hoboken}/orders`, { key })).status).toBe(200);
    await api.db.kysely
      .updateTable("sandbox_sso_accounts")
      .set({ associate_store: null })
      .where("email", "=", "ana@example.com")
      .execute();
    const again = await signInAs(api, "ana@example.com", "ana-password");
    expect(again.profile.associate_store_id).toBeNull();
    expect((await api.call("GET", `/stores/${hoboken}/orders`, { key: again.key })).status).toBe(
      403,
    );
  });
});
