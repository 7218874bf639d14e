/** Small client for the Order Express API, used by specs to look up demo data by id, not by guess. */
import { expect, type APIRequestContext } from "@playwright/test";

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

/** The store a new shopper starts at: the brand's default home store. */
export async function demoStore(request: APIRequestContext): Promise<DemoStore> {
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  const home = await request.get("/api/1/home-store", { headers });
  expect(home.ok(), await home.text()).toBe(true);
  const homeId = ((await home.json()) as { data: { id: number | null } }).data.id;
  const stores = await request.get("/api/1/stores?limit=1000", { headers });
  expect(stores.ok(), await stores.text()).toBe(true);
  const list = ((await stores.json()) as { data: DemoStore[] }).data;
  const store = list.find((s) => s.id === homeId) ?? list[0];
  if (!store) throw new Error("the demo data has no store");
  return { id: store.id, name: store.name };
}
