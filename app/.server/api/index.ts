export * from "./errors";
export { buildQueryString, callApi, type HttpOptions } from "./http";
export {
  createApiClient,
  registerDevice,
  type ApiKeySource,
  type DeviceRegistration,
  type StorefrontApi,
} from "./client";
// The answers' types come from the contract the API is typed with (core/contract/).
export type { ApiKey, Brand, Geolocation } from "@core/contract/brand";
export type { Catalog, CatalogPage, Hitbox } from "@core/contract/catalogs";
export type { Blackouts, Coupon, Order, OrderItem, Recommendations } from "@core/contract/orders";
export type {
  Builder,
  Choice,
  Facet,
  Nutrition,
  Product,
  ProductDetail,
  ProductListing,
} from "@core/contract/products";
export type {
  Alert,
  Category,
  CategoryDetail,
  Department,
  PickupLocation,
  PseudoDepartment,
  Store,
} from "@core/contract/stores";
