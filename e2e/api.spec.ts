/** The API's contract at the HTTP edge: keys, authentication, JSON errors. Runs in project `api`. */
import { expect, test } from "@playwright/test";
import { DEVICE, newApiKey } from "./support/api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function expectJson(contentType: string | undefined) {
  expect(contentType ?? "").toMatch(/^application\/json/);
}

test("POST /api/1/keys issues an API key and a uuid", async ({ request }) => {
  const response = await request.post("/api/1/keys", { data: { uuid: "", device: DEVICE } });
  expect(response.status()).toBe(201);
  expectJson(response.headers()["content-type"]);
  const body = (await response.json()) as { data: { apikey: unknown; uuid: unknown } };
  expect(typeof body.data.apikey).toBe("string");
  expect(String(body.data.apikey).length).toBeGreaterThan(0);
  expect(String(body.data.uuid)).toMatch(UUID);
});

test("POST /api/1/keys keeps a well-formed uuid it is given", async ({ request }) => {
  const uuid = "0b7c9d4e-3f2a-4c1b-9e8d-7a6b5c4d3e2f";
  const response = await request.post("/api/1/keys", { data: { uuid, device: DEVICE } });
  expect(response.status()).toBe(201);
  expect(((await response.json()) as { data: { uuid: string } }).data.uuid).toBe(uuid);
});

test("GET /api/1/stores without a key answers 401 in JSON", async ({ request }) => {
  const response = await request.get("/api/1/stores");
  expect(response.status()).toBe(401);
  expectJson(response.headers()["content-type"]);
  expect(await response.json()).toMatchObject({ status: 401, message: "Unauthenticated." });
});

test("GET /api/1/stores with a key lists the demo stores", async ({ request }) => {
  const key = await newApiKey(request);
  for (const authorization of [`Bearer ${key}`, key]) {
    const response = await request.get("/api/1/stores?limit=1000", { headers: { authorization } });
    expect(response.status(), authorization).toBe(200);
    const body = (await response.json()) as { data: { id: number; name: string }[] };
    expect(body.data.length).toBeGreaterThan(0);
  }
});

test("an unknown API path answers 404 in JSON, never HTML", async ({ request }) => {
  const key = await newApiKey(request);
  const headers = { authorization: `Bearer ${key}` };
  for (const [method, path] of [
    ["GET", "/api/1/no-such-resource"],
    ["POST", "/api/1/no-such-resource"],
    ["GET", "/api/1/stores/1/no-such-child"],
  ] as const) {
    const response = await request.fetch(path, { method, headers });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expectJson(response.headers()["content-type"]);
    expect(await response.json()).toMatchObject({ status: 404 });
  }
});
