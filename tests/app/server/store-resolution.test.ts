import { parseId } from "@core/rules/ids";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiUnavailableError } from "~/.server/api";
import { StorefrontError } from "~/.server/route-errors";
import { positionFromQuery, requireUrlStore, resolveStore } from "~/.server/store-resolution";
import { shopperOf, testContext } from "../../support/storefront";

const API = "http://api.test/api/1";

beforeAll(() => {
  process.env.API_URL = API;
  process.env.SESSION_SECRET = "resolution-test-secret";
});

const store = (id: number, name: string) => ({
  id,
  name,
  address: "1 Main St",
  city: name,
  state: "NJ",
  zip_code: "08540",
  phone: null,
  address_latitude: 40,
  address_longitude: -74,
  timezone: "America/New_York",
  customer_disclaimer: null,
});

interface FakeApi {
  stores: Record<number, ReturnType<typeof store>>;
  homeStoreId: number | null;
  homeStoreStatus: number;
  geolocateStatus: number;
  nearest: ReturnType<typeof store> | null;
  down: boolean;
  calls: string[];
  /** The headers the last GET /geolocate carried. */
  geolocateHeaders: Headers | null;
}

let api: FakeApi;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  api = {
    stores: { 1: store(1, "Princeton"), 2: store(2, "Hoboken") },
    homeStoreId: null,
    homeStoreStatus: 200,
    geolocateStatus: 200,
    nearest: store(2, "Hoboken"),
    down: false,
    calls: [],
    geolocateHeaders: null,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (api.down) throw new TypeError("fetch failed");
      const url = new URL(String(input));
      const path = url.pathname.replace("/api/1", "");
      const method = init?.method ?? "GET";
      api.calls.push(`${method} ${path}${url.search}`);
      if (method === "POST" && path === "/keys")
        return json({ data: { apikey: "key", uuid: "uuid-1" } }, 201);
      if (method === "PUT" && path === "/home-store")
        return json({ data: JSON.parse(String(init?.body)) });
      if (path === "/home-store")
        return json({ data: { id: api.homeStoreId } }, api.homeStoreStatus);
      if (path === "/geolocate") {
        api.geolocateHeaders = new Headers(init?.headers);
        return api.geolocateStatus === 200
          ? json({ data: { latitude: 40.7, longitude: -74.0, source: "ip" } })
          : json({ status: api.geolocateStatus, message: "Server Error" }, api.geolocateStatus);
      }
      if (path === "/stores")
        return json({ data: api.nearest ? [api.nearest] : [], meta: { count: 0 } });
      const id = Number(/^\/stores\/(\d+)$/.exec(path)?.[1]);
      const found = api.stores[id];
      return found ? json({ data: found }) : json({ status: 404, message: "Not found" }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const newArgs = async (cookie?: string, headers: Record<string, string> = {}) => {
  const request = new Request("http://localhost/start", {
    headers: cookie ? { ...headers, cookie } : headers,
  });
  return { request, context: await testContext(request) };
};

describe("resolveStore", () => {
  it("uses the saved home store first, and does not guess", async () => {
    const args = await newArgs();
    (await shopperOf(args)).preferences.homeStoreId = 1;
    expect(await resolveStore(args)).toMatchObject({ store: { id: 1 }, guessed: false });
    expect(
      api.calls.some((call) => call.includes("geolocate") || call.includes("home-store")),
    ).toBe(false);
  });

  it("then the API's home store, which becomes the saved home store", async () => {
    api.homeStoreId = 1;
    const args = await newArgs();
    (await shopperOf(args)).session.set("apiKey", "the-shoppers-own-key");
    expect(await resolveStore(args)).toMatchObject({ store: { id: 1 }, guessed: false });
    expect((await shopperOf(args)).preferences.homeStoreId).toBe(1);
    expect(api.calls).toContain("PUT /home-store");
  });

  it("keeps it in the cookie alone while the shopper has no device of their own", async () => {
    api.homeStoreId = 1;
    const args = await newArgs();
    expect(await resolveStore(args)).toMatchObject({ store: { id: 1 }, guessed: false });
    expect((await shopperOf(args)).preferences.homeStoreId).toBe(1);
    expect(api.calls).not.toContain("PUT /home-store");
  });

  it("then the store nearest the API's geolocation, as a guess", async () => {
    const args = await newArgs();
    expect(await resolveStore(args)).toMatchObject({ store: { id: 2 }, guessed: true });
    expect(api.calls).toContain("GET /geolocate");
    expect(api.calls).toContain("GET /stores?latitude=40.7&longitude=-74&limit=1&include=brand");
    expect((await shopperOf(args)).preferences.homeStoreId).toBe(2);
  });

  it("passes the shopper's CDN location headers on to the API's geolocation, and nothing else", async () => {
    const args = await newArgs(undefined, {
      "CloudFront-Viewer-Postal-Code": "08540",
      "cf-iplatitude": "40.35",
      "x-forwarded-host": "evil.example",
      "user-agent": "shopper",
    });
    await resolveStore(args);
    const sent = api.geolocateHeaders!;
    expect(sent.get("cloudfront-viewer-postal-code")).toBe("08540");
    expect(sent.get("cf-iplatitude")).toBe("40.35");
    expect(sent.get("x-forwarded-host")).toBeNull();
    expect(sent.get("user-agent")).not.toBe("shopper");
  });

  it("prefers the browser's position to the API's geolocation", async () => {
    expect(
      await resolveStore(await newArgs(), { latitude: 41.5, longitude: -72.25 }),
    ).toMatchObject({
      guessed: true,
    });
    expect(api.calls).not.toContain("GET /geolocate");
    expect(api.calls).toContain("GET /stores?latitude=41.5&longitude=-72.25&limit=1&include=brand");
  });

  it("forgets a saved home store the API no longer knows, and keeps looking", async () => {
    api.homeStoreId = 1;
    const args = await newArgs();
    (await shopperOf(args)).preferences.homeStoreId = 77;
    expect(await resolveStore(args)).toMatchObject({ store: { id: 1 }, guessed: false });
    expect((await shopperOf(args)).preferences.homeStoreId).toBe(1);
  });

  it.each([
    [
      "geolocation fails",
      () => (api.geolocateStatus = 500),
      "Geolocation failed. A home store could not be determined.",
    ],
    ["no store is near", () => (api.nearest = null), "Failed to find a nearest store"],
    [
      "the API fails otherwise",
      () => (api.homeStoreStatus = 500),
      "The website and API failed to resolve a store.",
    ],
  ])(
    "when %s: the spec's message, and the home store cleared",
    async (_case, breakApi, message) => {
      breakApi();
      const args = await newArgs();
      const error = await resolveStore(args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorefrontError);
      expect(error).toMatchObject({ message, status: 500 });
      expect((await shopperOf(args)).preferences.homeStoreId).toBeUndefined();
    },
  );

  it("an unreachable API is the 502 error", async () => {
    api.down = true;
    await expect(resolveStore(await newArgs())).rejects.toBeInstanceOf(ApiUnavailableError);
  });
});

describe("requireUrlStore", () => {
  it("returns the URL's store and saves it as home store", async () => {
    const args = await newArgs();
    expect((await requireUrlStore(args, "2")).name).toBe("Hoboken");
    expect((await shopperOf(args)).preferences.homeStoreId).toBe(2);
  });

  it.each(["abc", "999", "0", "-1", "1.5", undefined])(
    "%s is the 404 'Invalid store ID provided in URL'",
    async (id) => {
      const error = await requireUrlStore(await newArgs(), id).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404, message: "Invalid store ID provided in URL" });
    },
  );
});

describe("URL helpers", () => {
  it("parseId accepts positive integers only", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId("012")).toBe(12);
    expect(parseId("1e3")).toBeNull();
    expect(parseId("99999999999")).toBeNull();
  });

  it("positionFromQuery ignores missing or out-of-range positions", () => {
    expect(positionFromQuery(new URLSearchParams("lat=40.5&lng=-74.25"))).toEqual({
      latitude: 40.5,
      longitude: -74.25,
    });
    expect(positionFromQuery(new URLSearchParams("lat=&lng="))).toBeNull();
    expect(positionFromQuery(new URLSearchParams("lat=95&lng=0"))).toBeNull();
    expect(positionFromQuery(new URLSearchParams("lat=abc&lng=1"))).toBeNull();
  });
});
