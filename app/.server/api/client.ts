/**
 * The storefront's view of the API: one method per way it calls the API, each a call of the table
 * (core/contract/calls.ts) made through one generic `call`, whose behaviour the entry's kind
 * chooses. A client belongs to one shopper request: it remembers reads for the length of that
 * request (the root and the page loaders run in parallel and often ask for the same brand or
 * store), and it renews the API key once if the API no longer knows it.
 */
import type { z, ZodTypeAny } from "zod";
import {
  CALLS,
  type AnswerOf,
  type BodyInputOf,
  type CallEntry,
  type PathParamsOf,
} from "@core/contract/calls";
import type { ApiKey } from "@core/contract/brand";
import type { CatalogInclude } from "@core/contract/catalogs";
import type { DeliveryInfoBody, DeliveryPayloadSchema } from "@core/contract/deliveries";
import type { CardAuthorizationBodySchema } from "@core/contract/payments";
import type { ItemInput, ItemSubstitutionInput, OrderChanges } from "@core/contract/order-changes";
import type { SlotKind } from "@core/rules/slot-capacity";
import type { CouponClipBodySchema, OrderInclude } from "@core/contract/orders";
import type { ProductInclude, Sort } from "@core/contract/products";
import type { CategoryInclude, DepartmentInclude, StoreInclude } from "@core/contract/stores";
import { ApiNotFoundError, ApiUnauthenticatedError } from "./errors";
import { callApi, type ApiCall, type HttpOptions, type Query } from "./http";
import type { SharedAnswers } from "./shared-answers";

type StoreStatus = BodyInputOf<typeof CALLS.setStoreStatus>["status"];

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
  return (await callApi(http, requestOf(CALLS.registerDevice, { body }))).data;
}

export interface ApiKeySource {
  /** The key to send: the shopper's own, else the shared browsing key. */
  current(): Promise<string>;
  /** A fresh key after `staleKey` was refused; at most one renewal per request. */
  renew(staleKey: string): Promise<string>;
  /** The shopper's own key, registering the device first (default: `current`). */
  own?(): Promise<string>;
  /** Whether the shopper has a key of their own yet (default: yes). */
  hasOwn?(): boolean;
}

/** How many past orders one page of /stores/{store}/orders shows. */
const PAST_ORDERS_PER_PAGE = 20;

// The includes of spec §7, one list per call (each a subset of what the contract allows).
const STORE_INCLUDES = ["departments", "pseudoDepartments"] as const satisfies StoreInclude[];
const DEPARTMENT_INCLUDES = [
  "categories",
  "categories.children",
  "pickup_locations",
  "featured_product",
] as const satisfies DepartmentInclude[];
/** The category page shows the category and its sub-categories; its products come from the listing. */
const CATEGORY_INCLUDES = ["children"] as const satisfies CategoryInclude[];
const PRODUCT_PAGE_INCLUDES = [
  "images",
  "facets.choices",
  "bundle.members.product",
  "suggestions",
] as const satisfies ProductInclude[];
const ORDER_INCLUDES = [
  "department.categories",
  "department.pickup_locations",
  "department.store",
  "items.product.images",
  "items.preferences",
  "cardAuthorization",
] as const satisfies OrderInclude[];

/** The arguments of one call: its path's parameters, query, body and extra headers. */
export type CallArgs<C extends CallEntry> = ([PathParamsOf<C["path"]>] extends [never]
  ? { path?: undefined }
  : { path: Record<PathParamsOf<C["path"]>, string | number> }) & {
  /** The query's fields (arrays as `key[]=…`, `include` comma-separated). */
  query?: C["query"] extends ZodTypeAny
    ? { [K in keyof z.input<C["query"]>]?: Query[string] }
    : undefined;
  body?: C["multipart"] extends true ? FormData : BodyInputOf<C>;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
};

/** `/orders/{id}` with `{ id: 5 }` → `/orders/5`. */
function filledPath(path: string, values: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(String(values?.[name] ?? "")),
  );
}

/** Each entry's name, for the in-process transport (which dispatches by name). */
const NAMES = new Map<CallEntry, string>(Object.entries(CALLS).map(([name, call]) => [call, name]));

/** The HTTP request of a call of the table. */
function requestOf<C extends CallEntry>(call: C, args: CallArgs<C>): ApiCall<AnswerOf<C>> {
  return {
    name: NAMES.get(call),
    params: args.path,
    method: call.method.toUpperCase() as ApiCall<unknown>["method"],
    path: filledPath(call.path, args.path),
    query: args.query as Query | undefined,
    body: args.body,
    headers: args.headers,
    schema: call.answer.schema as ApiCall<AnswerOf<C>>["schema"],
  };
}

/**
 * The client of one shopper request. Every method is a call of the table (core/contract/calls.ts)
 * made through `call`, which behaves as the entry's kind says: `shared` answers are kept across
 * requests when `shared` is given; `shared` and `browse` answers are remembered for the request
 * (forgotten after any change); the `order` read is made once per request and forgotten after any
 * `own` or `write` call; `own`, `write` and `order` calls first get the shopper's own key
 * (`keys.own`, registering the device); a `device` call waits for one (skipped until then).
 */
export function createApiClient(http: HttpOptions, keys: ApiKeySource, shared?: SharedAnswers) {
  const remembered = new Map<string, Promise<unknown>>();
  const orderReads = new Map<string, Promise<unknown>>();
  const own = () => (keys.own ? keys.own() : keys.current());
  const hasOwn = () => (keys.hasOwn ? keys.hasOwn() : true);

  async function send<T>(request: ApiCall<T>): Promise<T> {
    // A change makes remembered answers stale (an action and the page's loaders share a client).
    if (request.method && request.method !== "GET") remembered.clear();
    const apiKey = await keys.current();
    try {
      return await callApi(http, { ...request, apiKey });
    } catch (error) {
      if (!(error instanceof ApiUnauthenticatedError)) throw error;
      return callApi(http, { ...request, apiKey: await keys.renew(apiKey) });
    }
  }

  const keyOf = (request: ApiCall<unknown>) =>
    JSON.stringify([request.path, request.query ?? {}, request.headers ?? {}]);

  /** One answer per request for the same read (a failed one included). */
  function remember<T>(request: ApiCall<T>): Promise<T> {
    const key = keyOf(request);
    let answer = remembered.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = send(request);
      remembered.set(key, answer);
    }
    return answer;
  }

  /** The working order read once: the Cart badge (root loader) and the page share one read. */
  function readOrder<T>(request: ApiCall<T>): Promise<T> {
    const key = keyOf(request);
    let answer = orderReads.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = send(request);
      // A failed read is not kept: the next reader asks again (and handles its own error).
      answer.catch(() => orderReads.delete(key));
      orderReads.set(key, answer);
    }
    return answer;
  }

  /** A call that may change the order: what this request read of it is forgotten after. */
  async function changing<T>(request: ApiCall<T>): Promise<T> {
    try {
      return await send(request);
    } finally {
      orderReads.clear();
    }
  }

  async function call<C extends CallEntry>(entry: C, args: CallArgs<C>): Promise<AnswerOf<C>> {
    const request = requestOf(entry, args);
    const personal = entry.personalQuery?.some((field) => request.query?.[field] !== undefined);
    switch (personal ? "browse" : entry.kind) {
      case "shared":
        if (!shared) return remember(request);
        return shared.get(JSON.stringify([http.baseUrl, request.path, request.query ?? {}]), () =>
          remember(request as ApiCall<object>),
        ) as Promise<AnswerOf<C>>;
      case "browse":
        return remember(request);
      case "order":
        await own();
        return readOrder(request);
      case "device":
        // Until the shopper has a key of their own the preferences cookie keeps it.
        if (!hasOwn()) return undefined as AnswerOf<C>;
        return changing(request);
      case "keyless":
        return callApi(http, request);
      case "own":
      case "write":
        await own();
        return changing(request);
    }
  }

  /** The order as the cart, checkout and the Cart badge show it. */
  const fullOrder = async (id: number) =>
    (await call(CALLS.order, { path: { id }, query: { include: ORDER_INCLUDES } })).data;

  return {
    call,

    async getBrand() {
      return (await call(CALLS.brand, {})).data;
    },

    /**
     * The store this device last saved; else null where shoppers choose their store (the
     * storefront then places them), the brand's one store where they cannot.
     */
    async getHomeStore() {
      return (await call(CALLS.homeStore, {})).data.id;
    },

    /** Saved once the shopper has a key of their own (the device's registration hands it over). */
    async saveHomeStore(id: number) {
      await call(CALLS.saveHomeStore, { body: { id } });
    },

    /**
     * The shopper's rough position as the API places it from their request: `visitorHeaders` are
     * the CDN location headers the shopper's request came with (the API trusts only its own
     * CDN's); the brand's market centre when nothing places them.
     */
    async geolocate(visitorHeaders: Record<string, string> = {}) {
      return (await call(CALLS.geolocate, { headers: visitorHeaders })).data;
    },

    /** A searched 'City, State or Zip Code' as a point in the brand's region; null when unknown. */
    async geocode(address: string) {
      try {
        return (await call(CALLS.geocode, { query: { address } })).data;
      } catch (error) {
        if (error instanceof ApiNotFoundError) return null;
        throw error;
      }
    },

    /** The store nearest a position, or null when the brand has none. */
    async nearestStore(latitude: number, longitude: number) {
      const answer = await call(CALLS.stores, {
        query: { latitude, longitude, limit: 1, include: ["brand"] satisfies StoreInclude[] },
      });
      return answer.data[0] ?? null;
    },

    /** Every store of the brand (up to 1000), by name, with their departments. */
    async listStores() {
      return (await call(CALLS.stores, { query: { limit: 1000, include: STORE_INCLUDES } })).data;
    },

    /** A store with its departments and pseudo-departments. */
    async getStore(id: number) {
      return (await call(CALLS.store, { path: { id }, query: { include: STORE_INCLUDES } })).data;
    },

    /** A department with its category tree, pickup locations and featured product. */
    async getDepartment(id: number) {
      return (
        await call(CALLS.department, { path: { id }, query: { include: DEPARTMENT_INCLUDES } })
      ).data;
    },

    /** The working order (the Cart badge): the same one read as `getFullOrder`. */
    getOrder: fullOrder,

    // --- Browsing ---------------------------------------------------------------------------

    /** A department's products: searched, filtered and sorted by the API (spec §9 sorts). */
    async listProducts(query: ProductListingQuery) {
      return call(CALLS.products, {
        query: {
          department_id: query.departmentId,
          fragment: query.fragment || undefined,
          category_id: query.categoryId,
          brands: query.brands?.length ? query.brands : undefined,
          specials: query.specials ? 1 : undefined,
          favorites: query.favorites ? 1 : undefined,
          sort: query.sort,
          limit: query.limit ?? 50,
          page: query.page,
        },
      });
    },

    /** A category with its sub-categories: the same for every shopper, so kept like a department. */
    async getCategory(id: number) {
      return (await call(CALLS.category, { path: { id }, query: { include: CATEGORY_INCLUDES } }))
        .data;
    },

    /**
     * A product as sold in the department. `page` asks for what the product page shows besides:
     * the builder (null unless it has one) and, when the department shows it, nutrition.
     */
    async getProduct(id: number, departmentId: number, page?: { nutrition: boolean }) {
      const include: ProductInclude[] = [...PRODUCT_PAGE_INCLUDES];
      if (page) include.push("builder");
      if (page?.nutrition) include.push("nutrition_details");
      return (
        await call(CALLS.product, { path: { id }, query: { department_id: departmentId, include } })
      ).data;
    },

    /** Whether the signed-in shopper's favorites hold the product (the API refuses guests: 401). */
    async getFavorite(productId: number) {
      return (await call(CALLS.favorite, { path: { id: productId } })).data.favorite;
    },

    /** Spec §7: PUT toggles the product's star for the signed-in shopper; answers the new flag. */
    async toggleFavorite(productId: number) {
      return (await call(CALLS.setFavorite, { path: { id: productId } })).data.favorite;
    },

    async listCatalogs(departmentId: number) {
      return (await call(CALLS.catalogs, { query: { department: departmentId } })).data;
    },

    /**
     * A catalog with its pages, their hitboxes and the products they lead to, priced in its
     * department: one call for the whole viewer. Not shared: prices move without the shared
     * answers' version noticing.
     */
    async getCatalogWithHitboxes(id: number) {
      return (
        await call(CALLS.catalog, {
          path: { id },
          query: { include: ["pages.hitboxes.product"] satisfies CatalogInclude[] },
        })
      ).data;
    },

    /**
     * Current alerts of a store the shopper has not closed yet: the store's list is shared, the
     * shopper's closed ones are left out here (as the API's `exclude` would).
     */
    async listAlerts(storeId: number, seen: readonly number[] = []) {
      const alerts = (await call(CALLS.alerts, { query: { store_id: storeId } })).data;
      return seen.length ? alerts.filter((alert) => !seen.includes(alert.id)) : alerts;
    },

    // --- Orders -------------------------------------------------------------------------------

    /** The whole order: its department (categories, pickup locations, store), items, card. */
    getFullOrder: fullOrder,

    async addItem(orderId: number, item: ItemInput) {
      return (await call(CALLS.addItem, { body: { ...item, order_id: orderId } })).data;
    },

    /** The first add to cart: the API creates the order with the item (one call, one transaction). */
    async addItemToNewOrder(departmentId: number, item: ItemInput) {
      return (
        await call(CALLS.addItem, {
          body: { ...item, department_id: departmentId, source: "website" },
        })
      ).data;
    },

    async updateItem(itemId: number, item: ItemInput) {
      return (await call(CALLS.updateItem, { path: { id: itemId }, body: item })).data;
    },

    /** What the store does if the item is unavailable (decision 029). */
    async setItemSubstitution(itemId: number, choice: ItemSubstitutionInput) {
      return (await call(CALLS.setItemSubstitution, { path: { id: itemId }, body: choice })).data;
    },

    /** Up to 5 similar products the item may be substituted with. */
    async itemSubstitutes(itemId: number) {
      return (await call(CALLS.itemSubstitutes, { path: { id: itemId } })).data;
    },

    /** Removes an item; the answer is the order, cancelled when that was its last item. */
    async deleteItem(itemId: number) {
      return (await call(CALLS.deleteItem, { path: { id: itemId } })).data;
    },

    /** Uploads a customer photo (the API checks it is a real image). */
    async uploadItemImage(itemId: number, file: Blob, filename: string) {
      const form = new FormData();
      form.append("image", file, filename);
      return (await call(CALLS.uploadItemImage, { path: { id: itemId }, body: form })).data;
    },

    async updateOrder(id: number, changes: OrderChanges) {
      return (await call(CALLS.updateOrder, { path: { id }, body: changes })).data;
    },

    async getBlackouts(orderId: number, fulfillment?: SlotKind) {
      return call(CALLS.blackouts, {
        query: { order_id: orderId, source: "website", ...(fulfillment ? { fulfillment } : {}) },
      });
    },

    async applyPromotion(orderId: number, code: string) {
      return (await call(CALLS.applyPromotion, { path: { id: orderId }, body: { code } })).data;
    },

    async removePromotion(orderId: number) {
      return (await call(CALLS.removePromotion, { path: { id: orderId } })).data;
    },

    /** Prices the items again at today's prices; answers the order (without its store). */
    async refreshOrder(orderId: number) {
      return (await call(CALLS.refreshOrder, { path: { id: orderId } })).data;
    },

    /**
     * Places the order; a delivery order sends its delivery payload, checked again (spec §7). The
     * idempotency key makes a retried or double-submitted placement answer the same placed order
     * instead of a duplicate (a different key gets 403).
     */
    async placeOrder(
      orderId: number,
      idempotencyKey: string,
      delivery?: z.input<typeof DeliveryPayloadSchema>,
    ) {
      return (
        await call(CALLS.placeOrder, {
          path: { id: orderId },
          body: delivery ? { delivery } : {},
          headers: { "idempotency-key": idempotencyKey },
        })
      ).data;
    },

    // --- Online card payment (spec §7) ---------------------------------------------------------

    /** Starts (or, while one is pending, resumes) the order's card authorization. */
    async startCardAuthorization(
      orderId: number,
      body: z.input<typeof CardAuthorizationBodySchema>,
    ) {
      return (await call(CALLS.startCardAuthorization, { path: { id: orderId }, body })).data;
    },

    /** The order's card authorization, or null when it has none. */
    async getCardAuthorization(orderId: number) {
      try {
        return (await call(CALLS.cardAuthorization, { path: { id: orderId } })).data;
      } catch (error) {
        if (error instanceof ApiNotFoundError) return null;
        throw error;
      }
    },

    /** Gives up the order's card authorization ('Pay At Store'). */
    async deleteCardAuthorization(orderId: number) {
      await call(CALLS.deleteCardAuthorization, { path: { id: orderId } });
    },

    // --- Delivery (spec §7) ---------------------------------------------------------------------

    /** The delivery service's check of the form and its quote (fee, tip, totals, minutes). */
    async validateDelivery(orderId: number, body: DeliveryInfoBody) {
      return (await call(CALLS.validateDelivery, { path: { id: orderId }, body })).data;
    },

    /** Turns delivery on with the shopper's delivery info; answers the order as it now is. */
    async setStoreDelivery(orderId: number, body: DeliveryInfoBody) {
      return (await call(CALLS.setStoreDelivery, { path: { id: orderId }, body })).data;
    },

    /** Turns delivery off: the order is for pickup again. */
    async deleteStoreDelivery(orderId: number) {
      await call(CALLS.deleteStoreDelivery, { path: { id: orderId } });
    },

    async getRecommendations(orderId: number) {
      return (await call(CALLS.recommendations, { path: { id: orderId } })).data;
    },

    async recordRecommendation(
      collectionId: string,
      productId: number,
      event: "view" | "add-to-cart",
    ) {
      await call(CALLS.recordRecommendation, {
        path: { collection: collectionId, product: productId, event },
      });
    },

    /** Where to send the shopper to sign in, and the state to check on the way back. */
    async startSignIn(redirectUri: string, { register = false }: { register?: boolean } = {}) {
      return (
        await call(CALLS.startSignIn, {
          query: { redirect_uri: redirectUri, prompt: register ? "create" : undefined },
        })
      ).data;
    },

    /** The return's code exchanged: the profile, and the new key the device uses from now on. */
    async finishSignIn(signInReturn: {
      code: string;
      state: string;
      redirect_uri: string;
      iss?: string;
    }) {
      const answer = await call(CALLS.finishSignIn, { body: signInReturn });
      return { profile: answer.data, apiKey: answer.meta.api_key };
    },

    async getProfile() {
      return (await call(CALLS.profile, {})).data;
    },

    /** The profile, and the identity provider's page for adding an address (null: it has none). */
    async getProfileWithAddressPage() {
      const answer = await call(CALLS.profile, {});
      return { profile: answer.data, addressPageUrl: answer.meta?.address_page_url ?? null };
    },

    /** Retires this device's key on the API's side (decision 016). */
    async signOut() {
      await call(CALLS.signOut, {});
    },

    // --- Past orders (decision 017) ------------------------------------------------------------

    /**
     * The signed-in shopper's orders at a store, newest first, a page at a time, each with its
     * department and store (for the department's name and the store's time zone).
     */
    async listOrders(storeId: number, page = 1, limit = PAST_ORDERS_PER_PAGE) {
      const answer = await call(CALLS.orders, {
        query: {
          store_id: storeId,
          // Working carts are no past orders: left out before paging, so every page is full.
          placed: 1,
          // The item lines show each item's substitution choice (decision 029).
          include: [
            "department",
            "department.store",
            "items",
            "items.product",
          ] satisfies OrderInclude[],
          page,
          limit,
        },
      });
      const total = typeof answer.meta.total === "number" ? answer.meta.total : answer.data.length;
      return { orders: answer.data, total, page, limit };
    },

    /** Takes a placed order back into the cart ('incomplete'), to be changed and placed again. */
    async retractOrder(id: number) {
      return (await call(CALLS.retractOrder, { path: { id } })).data;
    },

    /** Cancels a placed order the store has not started (409 `order_not_cancelable` after). */
    // The store's side of an order (issue 30): an associate of the store only (decision 042).
    async storeQueue(storeId: number, day?: string) {
      return call(CALLS.storeQueue, { path: { store: storeId }, query: day ? { day } : {} });
    },

    async storeOrder(storeId: number, id: number) {
      return (await call(CALLS.storeOrder, { path: { store: storeId, id } })).data;
    },

    async setStoreStatus(storeId: number, id: number, status: StoreStatus, from: StoreStatus) {
      const body = { status, from };
      return (await call(CALLS.setStoreStatus, { path: { store: storeId, id }, body })).data;
    },

    async pickItem(
      storeId: number,
      id: number,
      item: number,
      body: BodyInputOf<typeof CALLS.pickItem>,
    ) {
      return (await call(CALLS.pickItem, { path: { store: storeId, id, item }, body })).data;
    },

    async cancelOrder(id: number) {
      return (await call(CALLS.cancelOrder, { path: { id } })).data;
    },

    /** A new cart with the order's items; `leftOut` names those that could not be had now. */
    async reorder(id: number) {
      const answer = await call(CALLS.reorder, { path: { id }, body: { source: "website" } });
      return { id: answer.data.id, leftOut: answer.meta.left_out };
    },

    async getCoupon(orderId: number, cardNumber?: string) {
      return (
        await call(CALLS.coupon, { path: { id: orderId }, query: { card_number: cardNumber } })
      ).data;
    },

    /** Loads the offered coupon to the club card; a 422 `coupon_already_loaded` if it is there. */
    async clipCoupon(orderId: number, body: z.input<typeof CouponClipBodySchema>) {
      return (await call(CALLS.clipCoupon, { path: { id: orderId }, body })).data;
    },
  };
}

export interface ProductListingQuery {
  departmentId: number;
  fragment?: string;
  categoryId?: number;
  brands?: string[];
  specials?: boolean;
  favorites?: boolean;
  sort?: Sort;
  limit?: number;
  page?: number;
}

export type { ItemInput } from "@core/contract/order-changes";

export type { OrderChanges } from "@core/contract/order-changes";

export type StorefrontApi = ReturnType<typeof createApiClient>;
