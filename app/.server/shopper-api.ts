/**
 * The API client for the shopper of this request, with their API key. The device is registered
 * (POST /keys) once per session, re-using the uuid of the preferences cookie; if the API refuses
 * a stored key (e.g. its database was reset) the device is registered again, once.
 */
import { describeDevice } from "~/lib/user-agent";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import {
  ApiUnavailableError,
  createApiClient,
  registerDevice,
  type ApiKeySource,
  type StorefrontApi,
} from "./api";
import { storefrontConfig } from "./config";
import { StorefrontError } from "./route-errors";
import { getShopperState, type RequestArgs, type ShopperState } from "./session";

interface ShopperApi {
  client: StorefrontApi;
  keys: ApiKeySource;
}

const shopperApis = new WeakMap<object, Promise<ShopperApi>>();

function keySource(request: Request, state: ShopperState): ApiKeySource {
  const config = storefrontConfig();
  let registration: Promise<string> | undefined;
  let renewal: Promise<string> | undefined;

  const register = async () => {
    try {
      const { apikey, uuid } = await registerDevice(
        { baseUrl: config.apiUrl },
        {
          uuid: state.preferences.uuid,
          device: {
            ...describeDevice(request.headers.get("user-agent")),
            app_type: "website",
            app_version: config.appVersion,
          },
        },
      );
      state.session.set("apiKey", apikey);
      state.preferences.uuid = uuid;
      return apikey;
    } catch (error) {
      // Without a key nothing works: the start-up failure page, or 502 if the API is away.
      if (error instanceof ApiUnavailableError) throw error;
      throw new StorefrontError(ERROR_MESSAGES.startup, 500, { cause: error });
    }
  };

  const keys: ApiKeySource = {
    current() {
      const key = state.session.get("apiKey");
      if (key) return Promise.resolve(key);
      registration ??= register();
      return registration;
    },
    renew(staleKey) {
      const key = state.session.get("apiKey");
      if (key && key !== staleKey) return Promise.resolve(key);
      renewal ??= (() => {
        state.session.unset("apiKey");
        registration = undefined;
        return keys.current();
      })();
      return renewal;
    },
  };
  return keys;
}

function shopperApi(args: RequestArgs): Promise<ShopperApi> {
  let api = shopperApis.get(args.context);
  if (!api) {
    api = getShopperState(args).then((state) => {
      const keys = keySource(args.request, state);
      return { keys, client: createApiClient({ baseUrl: storefrontConfig().apiUrl }, keys) };
    });
    shopperApis.set(args.context, api);
  }
  return api;
}

/** The API for this request's shopper; one client per request, shared by its loaders. */
export async function requireApi(args: RequestArgs): Promise<StorefrontApi> {
  return (await shopperApi(args)).client;
}

/** The shopper's API key, registering the device first if this session has none. */
export async function requireApiKey(args: RequestArgs): Promise<string> {
  return (await shopperApi(args)).keys.current();
}
