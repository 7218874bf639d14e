import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceInMiles } from "@core/rules/geo";
import { createGeocoder } from "../../api/integrations/geocoder";
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

  it("answers no home store for a new device where shoppers choose, then the one it saves", async () => {
    const brand = (await api.get("/brand")).data;
    expect(brand.can_change_stores).toBe(true);
    expect((await api.get("/home-store")).data.id).toBeNull();
    const stores: StoreJson[] = (await api.get("/stores")).data;
    const other = stores.find((s) => s.id !== brand.default_store_id)!;
    const put = await api.call("PUT", "/home-store", { body: { id: other.id } });
    expect(put.status).toBe(200);
    expect((await api.get("/home-store")).data.id).toBe(other.id);
  });

  it("answers the brand's one store to a new device where shoppers cannot change stores", async () => {
    await api.db.kysely.updateTable("brands").set({ can_change_stores: 0 }).execute();
    try {
      const brand = (await api.get("/brand")).data;
      const key = await api.newKey();
      const res = await api.call("GET", "/home-store", { key });
      expect((await res.json()).data.id).toBe(brand.default_store_id);
    } finally {
      await api.db.kysely.updateTable("brands").set({ can_change_stores: 1 }).execute();
    }
  });

  it("refuses to save an unknown or malformed home store", async () => {
    expect((await api.call("PUT", "/home-store", { body: { id: 999999 } })).status).toBe(404);
    const bad = await api.call("PUT", "/home-store", { body: { id: "abc" } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.id).toEqual(["Must be a whole number."]);
  });

  it("geolocates inside the market", async () => {
    const { data } = await api.get("/geolocate");
    expect(data.latitude).toBeGreaterThan(38);
    expect(data.latitude).toBeLessThan(46);
    expect(data.longitude).toBeLessThan(-69);
    expect(data.longitude).toBeGreaterThan(-81);
    expect(data.source).toBe("market");
  });

  it("ignores a CDN's location headers unless told which CDN it sits behind", async () => {
    const res = await api.call("GET", "/geolocate", {
      headers: { "cloudfront-viewer-postal-code": "08540" },
    });
    expect((await res.json()).data.source).toBe("market");
  });
});

describe("GET /geolocate behind a CDN that sends visitor location headers", () => {
  let edgeApi: TestApi;
  beforeAll(async () => {
    edgeApi = await startTestApi({ geocoder: createGeocoder("offline", "cloudfront") });
  });
  afterAll(() => edgeApi.close());

  const locate = async (headers: Record<string, string>) => {
    const res = await edgeApi.call("GET", "/geolocate", { headers });
    expect(res.status).toBe(200);
    return (await res.json()).data as { latitude: number; longitude: number; source: string };
  };
  const princeton = { latitude: 40.35, longitude: -74.66 };

  it("answers the visitor's coordinates", async () => {
    const point = await locate({
      "cloudfront-viewer-latitude": "40.3573",
      "cloudfront-viewer-longitude": "-74.6672",
      "cloudfront-viewer-country": "US",
    });
    expect(point).toEqual({ latitude: 40.3573, longitude: -74.6672, source: "edge" });
  });

  it("places a postal code (ZIP+4 too) when the coordinates are missing", async () => {
    for (const zip of ["08540", "08540-1234"]) {
      const point = await locate({ "cloudfront-viewer-postal-code": zip });
      expect(point.source).toBe("edge");
      expect(distanceInMiles(point, princeton)).toBeLessThan(5);
    }
  });

  it("falls back to the market centre outside the US, outside the region, or on junk", async () => {
    const market = await locate({});
    expect(market.source).toBe("market");
    const unplaced: Record<string, string>[] = [
      { "cloudfront-viewer-postal-code": "08540", "cloudfront-viewer-country": "CA" },
      { "cloudfront-viewer-latitude": "34.05", "cloudfront-viewer-longitude": "-118.24" },
      { "cloudfront-viewer-latitude": "1e3", "cloudfront-viewer-longitude": "NaN" },
      { "cloudfront-viewer-latitude": "95", "cloudfront-viewer-longitude": "-74" },
      { "cloudfront-viewer-postal-code": "99999" },
      // Another CDN's names: not the one this API sits behind.
      { "cf-iplatitude": "40.35", "cf-iplongitude": "-74.66" },
    ];
    for (const headers of unplaced) expect(await locate(headers)).toEqual(market);
  });

  it("lets the nearest store follow the visitor", async () => {
    const point = await locate({ "cloudfront-viewer-postal-code": "08540" });
    const nearest = await edgeApi.get(
      `/stores?latitude=${point.latitude}&longitude=${point.longitude}&limit=1`,
    );
    expect(nearest.data[0].zip_code).toBe("08540");
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
    [
      "latitude without longitude",
      "?latitude=40.7",
      "longitude",
      "Latitude and longitude go together.",
    ],
    [
      "a latitude off the earth",
      "?latitude=91&longitude=-74",
      "latitude",
      "Must be between -90 and 90.",
    ],
    ["a word for a number", "?latitude=north&longitude=-74", "latitude", "Must be a number."],
    ["a limit of zero", "?limit=0", "limit", "Must be at least 1."],
    ["a limit above 1000", "?limit=1001", "limit", "Must be at most 1000."],
    [
      "an unknown include",
      "?include=departments,bogus",
      "include",
      'Unknown include "bogus". Allowed: brand, departments, pseudoDepartments.',
    ],
  ])("answers 422 for %s", async (_what, query, field, message) => {
    const res = await api.call("GET", `/stores${query}`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The given data was invalid.");
    expect(body.errors[field]).toEqual([message]);
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
