export * from "./errors";
export * from "./schemas";
export { buildQueryString, callApi, type HttpOptions } from "./http";
export {
  createApiClient,
  registerDevice,
  type ApiKeySource,
  type DeviceRegistration,
  type StorefrontApi,
} from "./client";
