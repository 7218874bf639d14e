/**
 * The API client for the shopper of this request.
 *
 * A shopper's own API key (a device registration, `POST /keys`, one row each) is made only when
 * the shopper first changes something through the API (the first add to cart creates the order).
 * Until then reads go out with one shared key the storefront registers once per process, so page
 * views, crawlers and one-page visits write nothing. The shared key never changes anything: every
 * client method that is not a known read first registers the shopper's own device (re-using the
 * uuid of the preferences cookie), and the home store is kept in the preferences cookie until
 * then and handed to the API when the device registers. If the API refuses a stored key (e.g. its
 * database was reset) the key is registered again, once.
 */
import { describeDevice } from "~/lib/user-agent";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import {
  ApiUnavailableError,
  createApiClient,
  registerDevice,
  type ApiKeySource,
  type HttpOptions,
  type StorefrontApi,
} from "./api";
import { processSharedAnswers } from "./api-use";
import { storefrontConfig } from "./config";
import { describeError, logWarning } from "./log";
import { StorefrontError } from "./route-errors";
import type { ShopperState } from "./session";

/** Calls that only read what every shopper may see: the shared key may make them. */
const SHARED_READS: ReadonlySet<string> = new Set<keyof StorefrontApi>([
  "getBrand",
  "getHomeStore",
  "geolocate",
  "geocode",
  "nearestStore",
  "listStores",
  "getStore",
  "getDepartment",
  "listProducts",
  "getCategory",
  "getProduct",
  "listCatalogs",
  "listAlerts",
]);

/** Without a start-up key nothing works: the start-up failure page, or 502 if the API is away. */
function registrationFailure(error: unknown): Error {
  if (error instanceof ApiUnavailableError) return error;
  return new StorefrontError(ERROR_MESSAGES.startup, 500, { cause: error });
}

let sharedKey: Promise<string> | undefined;

/** The storefront's shared browsing key: registered once, again only when the API refuses it. */
function sharedBrowsingKey(http: HttpOptions, staleKey?: string): Promise<string> {
  if (staleKey !== undefined && sharedKey) {
    const current = sharedKey;
    sharedKey = current.then((key) => (key === staleKey ? registerShared(http) : key));
  }
  sharedKey ??= registerShared(http);
  return sharedKey;
}

function registerShared(http: HttpOptions): Promise<string> {
  const config = storefrontConfig();
  const registration = registerDevice(http, {
    device: {
      brand: "Order Express",
      model: "Storefront shared browsing key",
      platform: "server",
      version: config.appVersion,
      app_type: "website",
      app_version: config.appVersion,
    },
  }).then(
    ({ apikey }) => apikey,
    (error: unknown) => {
      sharedKey = undefined; // try again on the next request
      throw registrationFailure(error);
    },
  );
  return registration;
}

interface ShopperKeys extends ApiKeySource {
  /** The shopper's own key, registering the device first if this session has none. */
  own(): Promise<string>;
  hasOwn(): boolean;
}

function keySource(
  http: HttpOptions,
  request: Request,
  state: ShopperState,
  onRegistered: () => Promise<void>,
) {
  const config = storefrontConfig();
  let registration: Promise<string> | undefined;
  let renewal: Promise<string> | undefined;

  const register = async () => {
    try {
      const { apikey, uuid } = await registerDevice(http, {
        uuid: state.preferences.uuid,
        device: {
          ...describeDevice(request.headers.get("user-agent")),
          app_type: "website",
          app_version: config.appVersion,
        },
      });
      state.session.set("apiKey", apikey);
      state.preferences.uuid = uuid;
    } catch (error) {
      throw registrationFailure(error);
    }
    await onRegistered();
    return state.session.get("apiKey")!;
  };

  const keys: ShopperKeys = {
    hasOwn: () => Boolean(state.session.get("apiKey")),
    own() {
      const key = state.session.get("apiKey");
      if (key) return Promise.resolve(key);
      registration ??= register();
      return registration;
    },
    current() {
      const key = state.session.get("apiKey");
      return key ? Promise.resolve(key) : sharedBrowsingKey(http);
    },
    renew(staleKey) {
      const key = state.session.get("apiKey");
      if (!key) return sharedBrowsingKey(http, staleKey);
      if (key !== staleKey) return Promise.resolve(key);
      renewal ??= (() => {
        // A refused key is a retired one (signed out elsewhere, or reset): a guest from here on.
        state.session.unset("apiKey");
        state.session.unset("user");
        registration = undefined;
        return keys.own();
      })();
      return renewal;
    },
  };
  return keys;
}

/**
 * The client as routes use it: reads as they are; anything else registers the shopper's device
 * first; the home store is saved with the API only once the shopper has a key of their own.
 */
function lazilyRegistering(client: StorefrontApi, keys: ShopperKeys): StorefrontApi {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(client) as [
    string,
    (...args: never[]) => unknown,
  ][]) {
    if (SHARED_READS.has(name)) wrapped[name] = method;
    else if (name === "saveHomeStore")
      wrapped[name] = (...args: never[]) => (keys.hasOwn() ? method(...args) : Promise.resolve());
    else
      wrapped[name] = async (...args: never[]) => {
        await keys.own();
        return method(...args);
      };
  }
  return wrapped as unknown as StorefrontApi;
}

/** The two reads of the working order: both answer the whole order from one call. */
const ORDER_READS: ReadonlySet<string> = new Set<keyof StorefrontApi>(["getOrder", "getFullOrder"]);

/**
 * The working order read once per request: the Cart badge (root loader) and the page's own loader
 * share one read with every include. Any other call that is not a shared read may change the
 * order, so it forgets what was read: a loader after an action's change reads the change.
 */
function readingOrdersOnce(client: StorefrontApi): StorefrontApi {
  const reads = new Map<number, ReturnType<StorefrontApi["getFullOrder"]>>();
  const read = (id: number) => {
    let order = reads.get(id);
    if (!order) {
      order = client.getFullOrder(id);
      // A failed read is not kept: the next reader asks again (and handles its own error).
      order.catch(() => reads.delete(id));
      reads.set(id, order);
    }
    return order;
  };
  const wrapped: Record<string, unknown> = { ...client, getOrder: read, getFullOrder: read };
  for (const [name, method] of Object.entries(client) as [
    string,
    (...args: never[]) => Promise<unknown>,
  ][]) {
    if (SHARED_READS.has(name) || ORDER_READS.has(name)) continue;
    wrapped[name] = async (...args: never[]) => {
      try {
        return await method(...args);
      } finally {
        reads.clear();
      }
    };
  }
  return wrapped as unknown as StorefrontApi;
}

/**
 * The API for one request's shopper: one client per request (its context builds it on first use,
 * `context.api`), shared by its loaders.
 */
export function createShopperApi(
  request: Request,
  shopper: ShopperState,
  http: HttpOptions,
): StorefrontApi {
  // The home store chosen while browsing becomes the new device's (best effort, as before).
  const keys = keySource(http, request, shopper, async () => {
    const homeStoreId = shopper.preferences.homeStoreId;
    if (homeStoreId === undefined) return;
    await raw.saveHomeStore(homeStoreId).catch((error: unknown) => {
      logWarning("Could not save the home store with the API", {
        storeId: homeStoreId,
        ...describeError(error),
      });
    });
  });
  const raw = createApiClient(http, keys, processSharedAnswers());
  return lazilyRegistering(readingOrdersOnce(raw), keys);
}
