/** The API contract (decision 012): every call's request and answer shapes, and the error codes. */
export * from "./accounts";
export * from "./brand";
export * from "./catalogs";
export * from "./deliveries";
export * from "./errors";
export * from "./order-changes";
export * from "./orders";
export * from "./params";
export * from "./payments";
export * from "./products";
export * from "./stores";
