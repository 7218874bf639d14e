/**
 * The storefront's view of the API: one function per call it makes. A client belongs to one
 * shopper request: it remembers GET answers for the length of that request (the root and the page
 * loaders run in parallel and often ask for the same brand or store), and it renews the API key
 * once if the API no longer knows it.
 */
import { ApiUnauthenticatedError } from "./errors";
import { callApi, type ApiCall, type HttpOptions, type Query } from "./http";
import {
  apiKeySchema,
  brandSchema,
  departmentSchema,
  geolocationSchema,
  homeStoreSchema,
  listResource,
  orderSummarySchema,
  singleResource,
  storeSchema,
  type ApiKey,
} from "./schemas";

export interface DeviceRegistration {
  /** The device's uuid from the preferences cookie; empty for a first visit. */
  uuid?: string;
  device: {
    brand: string;
    platform: string;
    model: string;
    version: string;
    app_type: "website";
    app_version: string;
  };
}

/** POST /keys: the only call without an API key. */
export async function registerDevice(
  http: HttpOptions,
  registration: DeviceRegistration,
): Promise<ApiKey> {
  const body = registration.uuid ? registration : { device: registration.device };
  const answer = await callApi(http, {
    method: "POST",
    path: "/keys",
    body,
    schema: singleResource(apiKeySchema),
  });
  return answer.data;
}

export interface ApiKeySource {
  /** The key to send, registering the device first when there is none. */
  current(): Promise<string>;
  /** A fresh key after `staleKey` was refused; at most one renewal per request. */
  renew(staleKey: string): Promise<string>;
}

const STORE_INCLUDES = ["departments", "pseudoDepartments"] as const;

export function createApiClient(http: HttpOptions, keys: ApiKeySource) {
  const remembered = new Map<string, Promise<unknown>>();

  async function send<T>(call: Omit<ApiCall<T>, "apiKey">): Promise<T> {
    const apiKey = await keys.current();
    try {
      return await callApi(http, { ...call, apiKey });
    } catch (error) {
      if (!(error instanceof ApiUnauthenticatedError)) throw error;
      return callApi(http, { ...call, apiKey: await keys.renew(apiKey) });
    }
  }

  function get<T>(path: string, schema: ApiCall<T>["schema"], query?: Query): Promise<T> {
    const key = JSON.stringify([path, query ?? {}]);
    let answer = remembered.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = send({ path, schema, query });
      remembered.set(key, answer);
    }
    return answer;
  }

  return {
    async getBrand() {
      return (await get("/brand", singleResource(brandSchema))).data;
    },

    /** The store this device last saved, else the brand's default; null when neither exists. */
    async getHomeStore() {
      return (await get("/home-store", singleResource(homeStoreSchema))).data.id;
    },

    async saveHomeStore(id: number) {
      await send({ method: "PUT", path: "/home-store", body: { id } });
    },

    /** The shopper's rough position as the API's geocoder sees it (by IP, else the market centre). */
    async geolocate() {
      return (await get("/geolocate", singleResource(geolocationSchema))).data;
    },

    /** The store nearest a position, or null when the brand has none. */
    async nearestStore(latitude: number, longitude: number) {
      const answer = await get("/stores", listResource(storeSchema), {
        latitude,
        longitude,
        limit: 1,
        include: ["brand"],
      });
      return answer.data[0] ?? null;
    },

    /** Every store of the brand (up to 1000), by name. */
    async listStores(
      options: { include?: readonly ("brand" | "departments" | "pseudoDepartments")[] } = {},
    ) {
      const answer = await get("/stores", listResource(storeSchema), {
        limit: 1000,
        include: options.include,
      });
      return answer.data;
    },

    /** A store with its departments and pseudo-departments. */
    async getStore(id: number) {
      return (await get(`/stores/${id}`, singleResource(storeSchema), { include: STORE_INCLUDES }))
        .data;
    },

    async getDepartment(
      id: number,
      include: readonly ("categories" | "categories.children" | "pickup_locations" | "store")[] = [
        "categories",
        "pickup_locations",
      ],
    ) {
      return (await get(`/departments/${id}`, singleResource(departmentSchema), { include })).data;
    },

    /** An order with its items, for the Cart badge. */
    async getOrder(id: number) {
      return (
        await get(`/orders/${id}`, singleResource(orderSummarySchema), { include: ["items"] })
      ).data;
    },
  };
}

export type StorefrontApi = ReturnType<typeof createApiClient>;
