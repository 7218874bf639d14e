/**
 * Which store the shopper is ordering from (spec §4 "Store resolution"): the URL's store, else
 * the home store saved in the preferences cookie, else the API's home store for this device, else
 * the store nearest the shopper (the browser's position when JS sent one, else the API's
 * geolocation, which reads the CDN visitor-location headers passed on from the shopper's request).
 * A resolved store becomes the home store.
 */
import { ALL_EDGE_LOCATION_HEADERS } from "@core/contract/edge-location";
import { parseId } from "@core/rules/ids";
import { z } from "zod";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import { ApiNotFoundError, ApiUnavailableError, type Store, type StorefrontApi } from "./api";
import { describeError, logWarning } from "./log";
import { StorefrontError } from "./route-errors";
import { type RequestArgs, type ShopperState } from "./session";

export interface ResolvedStore {
  store: Store;
  /** Found by position rather than chosen: the shopper is asked to confirm it. */
  guessed: boolean;
}

export interface Position {
  latitude: number;
  longitude: number;
}

const positionSchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/** `?lat=…&lng=…` as sent by the browser's geolocation; anything malformed is ignored. */
export function positionFromQuery(search: URLSearchParams): Position | null {
  const lat = search.get("lat");
  const lng = search.get("lng");
  if (!lat?.trim() || !lng?.trim()) return null;
  const parsed = positionSchema.safeParse({ latitude: lat, longitude: lng });
  return parsed.success ? parsed.data : null;
}

/** The shopper's home store from now on: in the preferences cookie, and with the API (best effort). */
async function saveHomeStore(
  api: StorefrontApi,
  state: ShopperState,
  storeId: number,
): Promise<void> {
  if (state.preferences.homeStoreId === storeId) return;
  state.preferences.homeStoreId = storeId;
  await api.saveHomeStore(storeId).catch((error: unknown) => {
    logWarning("Could not save the home store with the API", { storeId, ...describeError(error) });
  });
}

/** A store by id, or null if the API does not know it. */
export async function findStore(api: StorefrontApi, id: number): Promise<Store | null> {
  try {
    return await api.getStore(id);
  } catch (error) {
    if (error instanceof ApiNotFoundError) return null;
    throw error;
  }
}

/** The store of a URL segment; an unknown or malformed id is the 404 page. */
export async function requireUrlStore(
  args: RequestArgs,
  storeParam: string | undefined,
): Promise<Store> {
  const id = parseId(storeParam);
  const api = args.context.api;
  const store = id === null ? null : await findStore(api, id);
  if (!store) throw new StorefrontError(ERROR_MESSAGES.invalidStoreId, 404);
  await saveHomeStore(api, args.context.shopper, store.id);
  return store;
}

/** The CDN visitor-location headers of the shopper's request, passed on to GET /geolocate. */
function visitorLocationHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ALL_EDGE_LOCATION_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}

async function nearestStore(
  api: StorefrontApi,
  request: Request,
  position: Position | null,
): Promise<Store> {
  let origin = position;
  if (!origin) {
    try {
      origin = await api.geolocate(visitorLocationHeaders(request));
    } catch (error) {
      if (error instanceof ApiUnavailableError) throw error;
      throw new StorefrontError(ERROR_MESSAGES.geolocationFailed, 500, { cause: error });
    }
  }
  const store = await api.nearestStore(origin.latitude, origin.longitude);
  if (!store) throw new StorefrontError(ERROR_MESSAGES.nearestStoreNotFound, 500);
  return store;
}

async function findHomeOrNearestStore(
  api: StorefrontApi,
  request: Request,
  state: ShopperState,
  position: Position | null,
): Promise<ResolvedStore> {
  const savedId = state.preferences.homeStoreId;
  if (savedId !== undefined) {
    const saved = await findStore(api, savedId);
    if (saved) return { store: saved, guessed: false };
    delete state.preferences.homeStoreId; // gone from the API: forget it and keep looking
  }
  const apiHomeId = await api.getHomeStore();
  const apiHome = apiHomeId === null ? null : await findStore(api, apiHomeId);
  if (apiHome) return { store: apiHome, guessed: false };
  return { store: await nearestStore(api, request, position), guessed: true };
}

/**
 * The store to order from when the URL names none. Failure clears the home store; the error page
 * then shows why (or the 502 page when the API is unreachable).
 */
export async function resolveStore(
  args: RequestArgs,
  position: Position | null = null,
): Promise<ResolvedStore> {
  const api = args.context.api;
  const state = args.context.shopper;
  try {
    const resolved = await findHomeOrNearestStore(api, args.request, state, position);
    await saveHomeStore(api, state, resolved.store.id);
    return resolved;
  } catch (error) {
    delete state.preferences.homeStoreId;
    if (error instanceof ApiUnavailableError || error instanceof StorefrontError) throw error;
    throw new StorefrontError(ERROR_MESSAGES.storeResolutionFailed, 500, { cause: error });
  }
}
