export * from "./errors";
export { buildQueryString, callApi, type HttpOptions } from "./http";
export { createApiClient, registerDevice, type ApiKeySource, type StorefrontApi } from "./client";
// The answers' types come from the contract the API is typed with (core/contract/).
export type { Catalog, Hitbox } from "@core/contract/catalogs";
export type { Coupon, Order, OrderItem } from "@core/contract/orders";
export type { Builder, Product, ProductDetail } from "@core/contract/products";
export type { Alert, CategoryDetail, Department, Store } from "@core/contract/stores";
