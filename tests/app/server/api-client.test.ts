import { describe, expect, it, vi } from "vitest";
import {
  ApiBadRequestError,
  ApiError,
  ApiNotFoundError,
  ApiResponseShapeError,
  ApiUnavailableError,
  ApiValidationError,
  buildQueryString,
  callApi,
  createApiClient,
  registerDevice,
} from "~/.server/api";
import { BrandAnswerSchema } from "@core/contract/brand";
import type { CallEntry, CallKind } from "@core/contract/calls";
import { createSharedAnswers } from "~/.server/api/shared-answers";

type Fetch = typeof globalThis.fetch;

const BASE = "http://api.test/api/1";

const BRAND = {
  id: 1,
  slug: "harvest-market",
  name: "Harvest Market",
  market_name: "Harvest Market",
  logo_url: "/media/brand/logo.svg",
  phone: "8605550100",
  can_change_stores: true,
  circular_week_start: 0,
  bag_fee_amount: 10,
  stores_count: 3,
  default_store_id: 1,
  timezone: "America/New_York",
};

const STORE = {
  id: 7,
  name: "Harvest Market Hartford",
  address: "1 Main St",
  city: "Hartford",
  state: "CT",
  zip_code: "06103",
  phone: null,
  address_latitude: 41.7,
  address_longitude: -72.6,
  timezone: "America/New_York",
  customer_disclaimer: null,
};

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
    ...init,
  });
}

describe("buildQueryString", () => {
  it("joins includes with commas and writes other arrays bracket style", () => {
    expect(
      buildQueryString({
        include: ["departments", "pseudoDepartments"],
        exclude: [1, 2],
        limit: 1,
        skip: undefined,
      }),
    ).toBe("include=departments%2CpseudoDepartments&exclude[]=1&exclude[]=2&limit=1");
  });

  it("leaves out empty includes and missing values", () => {
    expect(buildQueryString({ include: [], fragment: null })).toBe("");
  });
});

describe("callApi", () => {
  it("sends the bearer key and parses the answer", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: BRAND }));
    const answer = await callApi(
      { baseUrl: BASE, fetch },
      { path: "/brand", apiKey: "k1", schema: BrandAnswerSchema },
    );
    expect(answer.data.name).toBe("Harvest Market");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${BASE}/brand`);
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer k1");
  });

  it("no response at all is ApiUnavailableError (502) with the spec's message", async () => {
    const fetch = vi.fn<Fetch>(async () => {
      throw new TypeError("fetch failed");
    });
    const error = await callApi({ baseUrl: BASE, fetch }, { path: "/brand" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiUnavailableError);
    expect(error).toMatchObject({
      status: 502,
      path: "/brand",
      message: "The API service is currently unavailable (it's likely being updated right now).",
    });
  });

  it("404 is ApiNotFoundError with the spec's message", async () => {
    const fetch = vi.fn<Fetch>(async () =>
      json({ status: 404, message: "No such store" }, { status: 404 }),
    );
    const error = await callApi({ baseUrl: BASE, fetch }, { path: "/stores/9" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiNotFoundError);
    expect(error).toMatchObject({
      status: 404,
      message: "The requested page or resource could not be found.",
    });
  });

  it("400 and 422 carry the body's message and field errors", async () => {
    const body = {
      status: 422,
      message: "The given data was invalid.",
      errors: { limit: ["Too big."] },
    };
    const fetch422 = vi.fn<Fetch>(async () => json(body, { status: 422 }));
    const validation = await callApi({ baseUrl: BASE, fetch: fetch422 }, { path: "/stores" }).catch(
      (e: unknown) => e,
    );
    expect(validation).toBeInstanceOf(ApiValidationError);
    expect(validation).toMatchObject({
      status: 422,
      message: "The given data was invalid.",
      errors: { limit: ["Too big."] },
    });

    const fetch400 = vi.fn<Fetch>(async () => json({ message: "Bad combo" }, { status: 400 }));
    const bad = await callApi({ baseUrl: BASE, fetch: fetch400 }, { path: "/x" }).catch(
      (e: unknown) => e,
    );
    expect(bad).toBeInstanceOf(ApiBadRequestError);
    expect(bad).toMatchObject({ status: 400, message: "Bad combo" });
  });

  it("any other status is a generic ApiError with the status text", async () => {
    const fetch = vi.fn<Fetch>(async () =>
      json({ message: "Server Error" }, { status: 500, statusText: "Internal Server Error" }),
    );
    const error = await callApi({ baseUrl: BASE, fetch }, { path: "/brand" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 500,
      message: "Internal Server Error",
    });
  });

  it("an answer of an unexpected shape is a clear error", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: { ...BRAND, can_change_stores: "yes" } }));
    const error = await callApi(
      { baseUrl: BASE, fetch },
      { path: "/brand", schema: BrandAnswerSchema },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseShapeError);
    expect((error as Error).message).toContain("data.can_change_stores");
  });
});

describe("registerDevice", () => {
  it("posts the device (and the uuid when known) without an API key", async () => {
    const fetch = vi.fn<Fetch>(async () =>
      json({ data: { apikey: "new-key", uuid: "u-1" } }, { status: 201 }),
    );
    const device = {
      brand: "Chrome",
      platform: "Linux",
      model: "Desktop",
      version: "1",
      app_type: "website" as const,
      app_version: "0.1.0",
    };
    expect(await registerDevice({ baseUrl: BASE, fetch }, { uuid: "u-1", device })).toEqual({
      apikey: "new-key",
      uuid: "u-1",
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${BASE}/keys`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ uuid: "u-1", device });
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });
});

describe("createApiClient", () => {
  it("asks for a store with its departments and pseudo-departments, once per request", async () => {
    const fetch = vi.fn<Fetch>(async () =>
      json({ data: { ...STORE, departments: { data: [] }, pseudoDepartments: { data: [] } } }),
    );
    const keys = { current: async () => "k1", renew: async () => "k2" };
    const api = createApiClient({ baseUrl: BASE, fetch }, keys);
    const [a, b] = await Promise.all([api.getStore(7), api.getStore(7)]);
    expect(a).toEqual(b);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      `${BASE}/stores/7?include=departments%2CpseudoDepartments`,
    );
  });

  it("nearestStore asks for one store by position, with its brand", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: [STORE], meta: { count: 1 } }));
    const api = createApiClient(
      { baseUrl: BASE, fetch },
      { current: async () => "k", renew: async () => "k" },
    );
    expect((await api.nearestStore(41.7, -72.6))?.id).toBe(7);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      `${BASE}/stores?latitude=41.7&longitude=-72.6&limit=1&include=brand`,
    );
  });

  it("renews a refused key once and retries", async () => {
    const fetch = vi.fn<Fetch>(async (_url, init) => {
      const auth = (init?.headers as Record<string, string>).authorization;
      return auth === "Bearer fresh"
        ? json({ data: BRAND })
        : json({ status: 401, message: "Unauthenticated." }, { status: 401 });
    });
    const renew = vi.fn(async (_stale: string) => "fresh");
    const api = createApiClient({ baseUrl: BASE, fetch }, { current: async () => "stale", renew });
    expect((await api.getBrand()).name).toBe("Harvest Market");
    expect(renew).toHaveBeenCalledWith("stale");
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("the client's calls behave as their kind in the call table says", () => {
  /** A shopper without a key of their own until something asks for one. */
  function shopperKeys() {
    let ownKey: string | undefined;
    return {
      own: vi.fn(async () => (ownKey ??= "own-key")),
      hasOwn: () => ownKey !== undefined,
      current: async () => ownKey ?? "shared-key",
      renew: async () => "renewed",
    };
  }
  const entry = (kind: CallKind, method: CallEntry["method"] = "get") =>
    ({
      method,
      path: "/things/{id}" as const,
      kind,
      summary: "A test call",
      answer: { status: 200, description: "Nothing read" },
    }) satisfies CallEntry;
  const bearerOf = (fetch: ReturnType<typeof vi.fn<Fetch>>, call: number) =>
    (fetch.mock.calls[call]?.[1]?.headers as Record<string, string>).authorization;

  it("keeps the store list across requests, but not the store nearest a position", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: [STORE], meta: { count: 1 } }));
    const shared = createSharedAnswers({ ttlMs: 30_000 });
    const request = () => createApiClient({ baseUrl: BASE, fetch }, shopperKeys(), shared);
    await request().listStores();
    await request().listStores();
    expect(fetch).toHaveBeenCalledTimes(1);
    await request().nearestStore(41.7, -72.6);
    await request().nearestStore(41.7, -72.6);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("browses with the shared key, and registers the shopper's device for their own reads", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: BRAND }));
    const keys = shopperKeys();
    const api = createApiClient({ baseUrl: BASE, fetch }, keys);
    await api.call(entry("browse"), { path: { id: 1 } });
    expect(keys.own).not.toHaveBeenCalled();
    expect(bearerOf(fetch, 0)).toBe("Bearer shared-key");
    await api.call(entry("own"), { path: { id: 1 } });
    expect(keys.own).toHaveBeenCalledTimes(1);
    expect(bearerOf(fetch, 1)).toBe("Bearer own-key");
  });

  it("reads the working order once per request, and again after a change", async () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    const api = createApiClient({ baseUrl: BASE, fetch }, shopperKeys());
    const order = entry("order");
    await Promise.all([api.call(order, { path: { id: 5 } }), api.call(order, { path: { id: 5 } })]);
    expect(fetch).toHaveBeenCalledTimes(1);
    await api.call(entry("write", "put"), { path: { id: 5 } });
    await api.call(order, { path: { id: 5 } });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(["GET", "PUT", "GET"]);
  });

  it("sends a device call only once the shopper has a key of their own", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: { id: 3 } }));
    const keys = shopperKeys();
    const api = createApiClient({ baseUrl: BASE, fetch }, keys);
    await api.saveHomeStore(3);
    expect(fetch).not.toHaveBeenCalled();
    await keys.own();
    await api.saveHomeStore(3);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(`${BASE}/home-store`);
  });
});
