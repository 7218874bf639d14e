/**
 * The API client for the shopper of this request.
 *
 * A shopper's own API key (a device registration, `POST /keys`, one row each) is made only when
 * the shopper first changes something through the API (the first add to cart creates the order).
 * Until then reads go out with one shared key the storefront registers once per process, so page
 * views, crawlers and one-page visits write nothing. The shared key never changes anything: the
 * client (app/.server/api/client.ts) sends with it only the calls whose kind in the call table
 * (core/contract/calls.ts) is `shared` or `browse`; any other call first registers the shopper's
 * own device here (`own`, re-using the uuid of the preferences cookie), and the home store (a
 * `device` call) is kept in the preferences cookie until then and handed to the API when the
 * device registers. If the API refuses a stored key (e.g. its database was reset) the key is
 * registered again, once.
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
 * The API for one request's shopper: one client per request (its context builds it on first use,
 * `context.api`), shared by its loaders. Each call behaves as its kind in the call table says
 * (core/contract/calls.ts): shared reads with the shared key, the working order once per request,
 * anything else with the shopper's own key (registering the device first).
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
    await client.saveHomeStore(homeStoreId).catch((error: unknown) => {
      logWarning("Could not save the home store with the API", {
        storeId: homeStoreId,
        ...describeError(error),
      });
    });
  });
  const client = createApiClient(http, keys, processSharedAnswers());
  return client;
}
