import type { AddressInfo } from "node:net";
import express from "express";
import { nutritionPanelsRouter } from "../../api/routes/nutrition-panels";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("POST /keys", () => {
  it("registers a device and answers an API key and a uuid", async () => {
    const res = await api.call("POST", "/keys", {
      key: null,
      body: {
        uuid: "",
        device: {
          brand: "Google",
          platform: "Linux",
          model: "Pixel",
          version: "14",
          app_type: "website",
          app_version: "1.0",
        },
      },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.apikey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the uuid a device already has, and gives it a new key", async () => {
    const uuid = "0b6b1f7e-3c5a-4d4f-9a51-2f0b8f1c9d11";
    const first = await (
      await api.call("POST", "/keys", { key: null, body: { uuid, device: {} } })
    ).json();
    const second = await (
      await api.call("POST", "/keys", { key: null, body: { uuid, device: {} } })
    ).json();
    expect(first.data.uuid).toBe(uuid);
    expect(second.data.uuid).toBe(uuid);
    expect(second.data.apikey).not.toBe(first.data.apikey);
  });

  it("replaces a malformed uuid instead of storing it", async () => {
    const { data } = await (
      await api.call("POST", "/keys", { key: null, body: { uuid: "<script>", device: {} } })
    ).json();
    expect(data.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it("answers 422 with field errors for a malformed device, and for malformed JSON", async () => {
    const bad = await api.call("POST", "/keys", { key: null, body: { device: { brand: 42 } } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors["device.brand"]).toEqual(["Expected string, received number"]);
    const broken = await api.call("POST", "/keys", { key: null, body: "{not json" });
    expect(broken.status).toBe(422);
    expect((await broken.json()).errors.body).toEqual(["Malformed JSON."]);
  });

  it("makes a key that opens the other calls", async () => {
    const key = await api.newKey();
    expect((await api.call("GET", "/brand", { key })).status).toBe(200);
  });
});

describe("NUL characters", () => {
  it("answers 422 for a NUL in a body string or key, which PostgreSQL text cannot store", async () => {
    const key = await api.call("POST", "/keys", {
      key: null,
      body: { uuid: "", device: { app_type: "website", model: "a\u0000b" } },
    });
    expect(key.status).toBe(422);
    expect((await key.json()).errors).toEqual({
      "device.model": ["Must not contain NUL characters."],
    });
    const home = await api.call("PUT", "/home-store", { body: '{"\\u0000":1,"id":1}' });
    expect(home.status).toBe(422);
  });
});

describe("GET /nutrition-panels/{id}", () => {
  it("is a 404 for an id past a 32-bit integer (PostgreSQL would refuse the query)", async () => {
    const app = express();
    app.use("/nutrition-panels", nutritionPanelsRouter(api.db));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/nutrition-panels/2147483648`);
      expect(res.status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe("authentication and errors", () => {
  it.each(["/brand", "/stores", "/stores/1", "/home-store", "/geolocate", "/alerts?store_id=1"])(
    "GET %s without a key is 401 JSON",
    async (path) => {
      const res = await api.call("GET", path, { key: null });
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res.json()).toEqual({
        status: 401,
        code: "unauthenticated",
        message: "Unauthenticated.",
      });
    },
  );

  it("an unknown key is 401, whatever its form", async () => {
    for (const key of ["nope", "x".repeat(500), "Bearer Bearer"]) {
      expect((await api.call("GET", "/stores", { key })).status).toBe(401);
    }
  });

  it("an unknown path under /api/1 is 404 JSON, never HTML", async () => {
    const res = await api.call("GET", "/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect((await res.json()).status).toBe(404);
  });

  it("serves its OpenAPI description", async () => {
    const res = await api.call("GET", "/openapi.json", { key: null });
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/keys", "/stores", "/products/{id}", "/alerts"]),
    );
  });
});
