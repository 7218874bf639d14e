import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceInMiles } from "@core/rules/geo";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface StoreJson {
  id: number;
  name: string;
  zip_code: string;
  address_latitude: number;
  address_longitude: number;
  distance?: number;
  departments?: { data: { id: number; name: string; weight: number; store_id: number }[] };
  pseudoDepartments?: { data: { id: number; url: string; target: { type: string } }[] };
  brand?: { data: { name: string } };
}

describe("GET /brand, /home-store, /geolocate", () => {
  it("answers the brand with its rules as booleans", async () => {
    const { data } = await api.get("/brand");
    expect(data.name).toBeTruthy();
    expect(typeof data.can_change_stores).toBe("boolean");
    expect(data.stores_count).toBeGreaterThanOrEqual(10);
  });

  it("answers the brand's default home store until the device saves its own", async () => {
    const brand = (await api.get("/brand")).data;
    expect((await api.get("/home-store")).data.id).toBe(brand.default_store_id);
    const stores: StoreJson[] = (await api.get("/stores")).data;
    const other = stores.find((s) => s.id !== brand.default_store_id)!;
    const put = await api.call("PUT", "/home-store", { body: { id: other.id } });
    expect(put.status).toBe(200);
    expect((await api.get("/home-store")).data.id).toBe(other.id);
  });

  it("refuses to save an unknown or malformed home store", async () => {
    expect((await api.call("PUT", "/home-store", { body: { id: 999999 } })).status).toBe(404);
    const bad = await api.call("PUT", "/home-store", { body: { id: "abc" } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.id).toBeDefined();
  });

  it("geolocates inside the market", async () => {
    const { data } = await api.get("/geolocate");
    expect(data.latitude).toBeGreaterThan(38);
    expect(data.latitude).toBeLessThan(46);
    expect(data.longitude).toBeLessThan(-69);
    expect(data.longitude).toBeGreaterThan(-81);
  });
});

describe("GET /geocode (the offline geocoder, north-east region only)", () => {
  it("places a zip code at its own point, named with its town", async () => {
    const { data } = await api.get("/geocode?address=08540");
    expect(data).toMatchObject({ label: "Princeton, NJ 08540", zip_code: "08540" });
    const princeton = { latitude: 40.3616, longitude: -74.6627 };
    expect(distanceInMiles(princeton, data)).toBeLessThan(3);
  });

  it("places 'City', 'City, ST' and 'City State' at the middle of the town", async () => {
    const a = (await api.get("/geocode?address=Trenton")).data;
    const b = (await api.get(`/geocode?address=${encodeURIComponent("trenton, nj")}`)).data;
    const c = (await api.get(`/geocode?address=${encodeURIComponent("Trenton New Jersey")}`)).data;
    expect(a.label).toBe("Trenton, NJ");
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.zip_code).toBeNull();
  });

  it("answers 404 for a place outside the region or unknown, 422 without an address", async () => {
    expect((await api.call("GET", "/geocode?address=90210")).status).toBe(404);
    expect((await api.call("GET", "/geocode?address=Timbuktu")).status).toBe(404);
    const none = await api.call("GET", "/geocode?address=%20");
    expect(none.status).toBe(422);
    expect((await none.json()).code).toBe("invalid");
  });
});

describe("GET /stores", () => {
  it("lists every store with departments and pseudo-departments, under data", async () => {
    const body = await api.get("/stores?limit=1000&include=departments,pseudoDepartments");
    const stores: StoreJson[] = body.data;
    expect(stores.length).toBeGreaterThanOrEqual(10);
    expect(body.meta.count).toBe(stores.length);
    for (const store of stores) {
      expect(store.zip_code).toMatch(/^\d{5}$/);
      expect(store.departments!.data.length).toBeGreaterThan(0);
      expect(store.departments!.data.every((d) => d.store_id === store.id)).toBe(true);
      const weights = store.departments!.data.map((d) => d.weight);
      expect(weights).toEqual([...weights].sort((a, b) => a - b));
    }
    expect(stores.some((s) => s.pseudoDepartments!.data.length > 0)).toBe(true);
  });

  it("finds the nearest store to a position, with its brand", async () => {
    const all: StoreJson[] = (await api.get("/stores")).data;
    const target = all[all.length - 1]!;
    // A point a little off the store: it must still be the nearest of all.
    const point = {
      latitude: target.address_latitude + 0.01,
      longitude: target.address_longitude - 0.01,
    };
    const body = await api.get(
      `/stores?latitude=${point.latitude}&longitude=${point.longitude}&include=brand&limit=1`,
    );
    expect(body.data).toHaveLength(1);
    const nearest: StoreJson = body.data[0];
    const expected = [...all].sort(
      (a, b) =>
        distanceInMiles(point, { latitude: a.address_latitude, longitude: a.address_longitude }) -
        distanceInMiles(point, { latitude: b.address_latitude, longitude: b.address_longitude }),
    )[0]!;
    expect(nearest.id).toBe(expected.id);
    expect(nearest.distance).toBeLessThan(2);
    expect(nearest.brand!.data.name).toBeTruthy();
  });

  it.each([
    ["latitude without longitude", "?latitude=40.7", "longitude"],
    ["a latitude off the earth", "?latitude=91&longitude=-74", "latitude"],
    ["a word for a number", "?latitude=north&longitude=-74", "latitude"],
    ["a limit of zero", "?limit=0", "limit"],
    ["a limit above 1000", "?limit=1001", "limit"],
    ["an unknown include", "?include=departments,bogus", "include"],
  ])("answers 422 for %s", async (_what, query, field) => {
    const res = await api.call("GET", `/stores${query}`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The given data was invalid.");
    expect(body.errors[field]).toBeDefined();
  });
});

describe("GET /stores/{id}", () => {
  it("answers one store with its departments and pseudo-departments", async () => {
    const [first]: StoreJson[] = (await api.get("/stores?limit=1")).data;
    const { data } = await api.get(`/stores/${first!.id}?include=departments,pseudoDepartments`);
    expect(data.id).toBe(first!.id);
    expect(data.departments.data.length).toBeGreaterThan(0);
    expect(Array.isArray(data.pseudoDepartments.data)).toBe(true);
  });

  it.each(["999999", "abc", "0", "-1", "1.5", "99999999999"])(
    "answers 404 JSON for store %s",
    async (id) => {
      const res = await api.call("GET", `/stores/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).status).toBe(404);
    },
  );
});
