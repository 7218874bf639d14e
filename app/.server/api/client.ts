/**
 * The storefront's view of the API: one function per call it makes. A client belongs to one
 * shopper request: it remembers GET answers for the length of that request (the root and the page
 * loaders run in parallel and often ask for the same brand or store), and it renews the API key
 * once if the API no longer knows it.
 */
import type { z } from "zod";
import {
  KeysAnswerSchema,
  BrandAnswerSchema,
  GeolocationAnswerSchema,
  GeoPlaceAnswerSchema,
  HomeStoreAnswerSchema,
  type ApiKey,
} from "@core/contract/brand";
import {
  AuthenticateAnswerSchema,
  AuthorizeAnswerSchema,
  UserProfileAnswerSchema,
} from "@core/contract/accounts";
import {
  CatalogAnswerSchema,
  CatalogListAnswerSchema,
  type CatalogInclude,
} from "@core/contract/catalogs";
import {
  DeliveryQuoteAnswerSchema,
  type DeliveryInfoBody,
  type DeliveryPayloadSchema,
} from "@core/contract/deliveries";
import {
  CardAuthorizationAnswerSchema,
  CardAuthorizationStartAnswerSchema,
  type CardAuthorizationBodySchema,
} from "@core/contract/payments";
import type { ItemInput, ItemSubstitutionInput, OrderChanges } from "@core/contract/order-changes";
import type { SlotKind } from "@core/rules/slot-capacity";
import {
  StoreOrderAnswerSchema,
  StoreQueueAnswerSchema,
  StoreStatusAnswerSchema,
  type PickBodySchema,
} from "@core/contract/store-orders";
import {
  BlackoutsAnswerSchema,
  CouponAnswerSchema,
  CouponClipAnswerSchema,
  FavoriteAnswerSchema,
  ItemAnswerSchema,
  OrderAnswerSchema,
  OrderListAnswerSchema,
  RecommendationsAnswerSchema,
  ReorderAnswerSchema,
  SubstitutesAnswerSchema,
  type CouponClipBodySchema,
  type OrderInclude,
} from "@core/contract/orders";
import {
  ProductAnswerSchema,
  ProductListingSchema,
  type ProductInclude,
  type Sort,
} from "@core/contract/products";
import {
  AlertListAnswerSchema,
  CategoryAnswerSchema,
  DepartmentAnswerSchema,
  StoreAnswerSchema,
  StoreListAnswerSchema,
  type CategoryInclude,
  type DepartmentInclude,
  type StoreInclude,
} from "@core/contract/stores";
import { ApiNotFoundError, ApiUnauthenticatedError } from "./errors";
import { callApi, type ApiCall, type HttpOptions, type Query } from "./http";
import type { SharedAnswers } from "./shared-answers";

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
    schema: KeysAnswerSchema,
  });
  return answer.data;
}

export interface ApiKeySource {
  /** The key to send, registering the device first when there is none. */
  current(): Promise<string>;
  /** A fresh key after `staleKey` was refused; at most one renewal per request. */
  renew(staleKey: string): Promise<string>;
}

/** How many past orders one page of /stores/{store}/orders shows. */
export const PAST_ORDERS_PER_PAGE = 20;

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

/**
 * `shared`, when given, keeps the answers every shopper shares (brand, stores, departments,
 * catalogs, alerts) across requests; everything else is remembered for this request only.
 */
export function createApiClient(http: HttpOptions, keys: ApiKeySource, shared?: SharedAnswers) {
  const remembered = new Map<string, Promise<unknown>>();

  async function send<T>(call: Omit<ApiCall<T>, "apiKey">): Promise<T> {
    // A change makes remembered answers stale (an action and the page's loaders share a client).
    if (call.method && call.method !== "GET") remembered.clear();
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

  /** A GET whose answer is the same for every shopper: kept across requests when `shared` is. */
  function getShared<T extends object>(
    path: string,
    schema: ApiCall<T>["schema"],
    query?: Query,
  ): Promise<T> {
    if (!shared) return get(path, schema, query);
    return shared.get(JSON.stringify([http.baseUrl, path, query ?? {}]), () =>
      get(path, schema, query),
    );
  }

  return {
    async getBrand() {
      return (await getShared("/brand", BrandAnswerSchema)).data;
    },

    /**
     * The store this device last saved; else null where shoppers choose their store (the
     * storefront then places them), the brand's one store where they cannot.
     */
    async getHomeStore() {
      return (await get("/home-store", HomeStoreAnswerSchema)).data.id;
    },

    async saveHomeStore(id: number) {
      await send({ method: "PUT", path: "/home-store", body: { id } });
    },

    /**
     * The shopper's rough position as the API places it from their request: `visitorHeaders` are
     * the CDN location headers the shopper's request came with (the API trusts only its own
     * CDN's); the brand's market centre when nothing places them.
     */
    async geolocate(visitorHeaders: Record<string, string> = {}) {
      const answer = await send({
        path: "/geolocate",
        schema: GeolocationAnswerSchema,
        headers: visitorHeaders,
      });
      return answer.data;
    },

    /** A searched 'City, State or Zip Code' as a point in the brand's region; null when unknown. */
    async geocode(address: string) {
      try {
        return (await get("/geocode", GeoPlaceAnswerSchema, { address })).data;
      } catch (error) {
        if (error instanceof ApiNotFoundError) return null;
        throw error;
      }
    },

    /** The store nearest a position, or null when the brand has none. */
    async nearestStore(latitude: number, longitude: number) {
      const answer = await get("/stores", StoreListAnswerSchema, {
        latitude,
        longitude,
        limit: 1,
        include: ["brand"] satisfies StoreInclude[],
      });
      return answer.data[0] ?? null;
    },

    /** Every store of the brand (up to 1000), by name, with their departments. */
    async listStores() {
      const answer = await getShared("/stores", StoreListAnswerSchema, {
        limit: 1000,
        include: STORE_INCLUDES,
      });
      return answer.data;
    },

    /** A store with its departments and pseudo-departments. */
    async getStore(id: number) {
      return (await getShared(`/stores/${id}`, StoreAnswerSchema, { include: STORE_INCLUDES }))
        .data;
    },

    /** A department with its category tree, pickup locations and featured product. */
    async getDepartment(id: number) {
      return (
        await getShared(`/departments/${id}`, DepartmentAnswerSchema, {
          include: DEPARTMENT_INCLUDES,
        })
      ).data;
    },

    /** An order with its items, for the Cart badge. */
    async getOrder(id: number) {
      return (
        await get(`/orders/${id}`, OrderAnswerSchema, {
          include: ["items"] satisfies OrderInclude[],
        })
      ).data;
    },

    // --- Browsing ---------------------------------------------------------------------------

    /** A department's products: searched, filtered and sorted by the API (spec §9 sorts). */
    async listProducts(query: ProductListingQuery) {
      return get("/products", ProductListingSchema, {
        department_id: query.departmentId,
        fragment: query.fragment || undefined,
        category_id: query.categoryId,
        brands: query.brands?.length ? query.brands : undefined,
        specials: query.specials ? 1 : undefined,
        favorites: query.favorites ? 1 : undefined,
        sort: query.sort,
        limit: query.limit ?? 50,
        page: query.page,
      });
    },

    /** A category with its sub-categories: the same for every shopper, so kept like a department. */
    async getCategory(id: number) {
      return (
        await getShared(`/categories/${id}`, CategoryAnswerSchema, {
          include: CATEGORY_INCLUDES,
        })
      ).data;
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
        await get(`/products/${id}`, ProductAnswerSchema, { department_id: departmentId, include })
      ).data;
    },

    /** Whether the signed-in shopper's favorites hold the product (the API refuses guests: 401). */
    async getFavorite(productId: number) {
      return (await get(`/products/${productId}/favorite`, FavoriteAnswerSchema)).data.favorite;
    },

    /** Spec §7: PUT toggles the product's star for the signed-in shopper; answers the new flag. */
    async toggleFavorite(productId: number) {
      return (
        await send({
          method: "PUT",
          path: `/products/${productId}/favorite`,
          schema: FavoriteAnswerSchema,
        })
      ).data.favorite;
    },

    async listCatalogs(departmentId: number) {
      return (await getShared("/catalogs", CatalogListAnswerSchema, { department: departmentId }))
        .data;
    },

    /**
     * A catalog with its pages, their hitboxes and the products they lead to, priced in its
     * department: one call for the whole viewer. Not shared: prices move without the shared
     * answers' version noticing.
     */
    async getCatalogWithHitboxes(id: number) {
      return (
        await get(`/catalogs/${id}`, CatalogAnswerSchema, {
          include: ["pages.hitboxes.product"] satisfies CatalogInclude[],
        })
      ).data;
    },

    /**
     * Current alerts of a store the shopper has not closed yet: the store's list is shared, the
     * shopper's closed ones are left out here (as the API's `exclude` would).
     */
    async listAlerts(storeId: number, seen: readonly number[] = []) {
      const alerts = (await getShared("/alerts", AlertListAnswerSchema, { store_id: storeId }))
        .data;
      return seen.length ? alerts.filter((alert) => !seen.includes(alert.id)) : alerts;
    },

    // --- Orders -------------------------------------------------------------------------------

    /** The whole order: its department (categories, pickup locations, store), items, card. */
    async getFullOrder(id: number) {
      return (await get(`/orders/${id}`, OrderAnswerSchema, { include: ORDER_INCLUDES })).data;
    },

    async addItem(orderId: number, item: ItemInput) {
      return (
        await send({
          method: "POST",
          path: "/items",
          body: { ...item, order_id: orderId },
          schema: ItemAnswerSchema,
        })
      ).data;
    },

    /** The first add to cart: the API creates the order with the item (one call, one transaction). */
    async addItemToNewOrder(departmentId: number, item: ItemInput) {
      return (
        await send({
          method: "POST",
          path: "/items",
          body: { ...item, department_id: departmentId, source: "website" },
          schema: ItemAnswerSchema,
        })
      ).data;
    },

    async updateItem(itemId: number, item: ItemInput) {
      return (
        await send({
          method: "PUT",
          path: `/items/${itemId}`,
          body: item,
          schema: ItemAnswerSchema,
        })
      ).data;
    },

    /** What the store does if the item is unavailable (decision 029). */
    async setItemSubstitution(itemId: number, choice: ItemSubstitutionInput) {
      return (
        await send({
          method: "PUT",
          path: `/items/${itemId}/substitution`,
          body: choice,
          schema: ItemAnswerSchema,
        })
      ).data;
    },

    /** Up to 5 similar products the item may be substituted with. */
    async itemSubstitutes(itemId: number) {
      return (
        await send({
          method: "GET",
          path: `/items/${itemId}/substitutes`,
          schema: SubstitutesAnswerSchema,
        })
      ).data;
    },

    /** Removes an item; the answer is the order, cancelled when that was its last item. */
    async deleteItem(itemId: number) {
      return (
        await send({
          method: "DELETE",
          path: `/items/${itemId}`,
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    /** Uploads a customer photo (the API checks it is a real image). */
    async uploadItemImage(itemId: number, file: Blob, filename: string) {
      const form = new FormData();
      form.append("image", file, filename);
      return (
        await send({
          method: "POST",
          path: `/items/${itemId}/image`,
          body: form,
          schema: ItemAnswerSchema,
        })
      ).data;
    },

    async updateOrder(id: number, changes: OrderChanges) {
      return (
        await send({
          method: "PUT",
          path: `/orders/${id}`,
          body: changes,
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    async getBlackouts(orderId: number, fulfillment?: SlotKind) {
      return send({
        path: "/blackouts",
        query: { order_id: orderId, source: "website", ...(fulfillment ? { fulfillment } : {}) },
        schema: BlackoutsAnswerSchema,
      });
    },

    async applyPromotion(orderId: number, code: string) {
      return (
        await send({
          method: "POST",
          path: `/orders/${orderId}/promotion`,
          body: { code },
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    async removePromotion(orderId: number) {
      return (
        await send({
          method: "DELETE",
          path: `/orders/${orderId}/promotion`,
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    /** Prices the items again at today's prices; answers the order (without its store). */
    async refreshOrder(orderId: number) {
      return (
        await send({
          method: "PUT",
          path: `/orders/${orderId}/refresh`,
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    /**
     * Places the order. The idempotency key makes a retried or double-submitted placement answer
     * the same placed order instead of a duplicate (a different key gets 403).
     */
    /** Places the order; a delivery order sends its delivery payload, checked again (spec §7). */
    async placeOrder(
      orderId: number,
      idempotencyKey: string,
      delivery?: z.input<typeof DeliveryPayloadSchema>,
    ) {
      return (
        await send({
          method: "PUT",
          path: `/orders/${orderId}/place`,
          body: delivery ? { delivery } : {},
          headers: { "idempotency-key": idempotencyKey },
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    // --- Online card payment (spec §7) ---------------------------------------------------------

    /** Starts (or, while one is pending, resumes) the order's card authorization. */
    async startCardAuthorization(
      orderId: number,
      body: z.input<typeof CardAuthorizationBodySchema>,
    ) {
      return (
        await send({
          method: "POST",
          path: `/orders/${orderId}/card-authorization`,
          body,
          schema: CardAuthorizationStartAnswerSchema,
        })
      ).data;
    },

    /** The order's card authorization, or null when it has none. */
    async getCardAuthorization(orderId: number) {
      try {
        return (
          await send({
            path: `/orders/${orderId}/card-authorization`,
            schema: CardAuthorizationAnswerSchema,
          })
        ).data;
      } catch (error) {
        if (error instanceof ApiNotFoundError) return null;
        throw error;
      }
    },

    /** Gives up the order's card authorization ('Pay At Store'). */
    async deleteCardAuthorization(orderId: number) {
      await send({ method: "DELETE", path: `/orders/${orderId}/card-authorization` });
    },

    // --- Delivery (spec §7) ---------------------------------------------------------------------

    /** The delivery service's check of the form and its quote (fee, tip, totals, minutes). */
    async validateDelivery(orderId: number, body: DeliveryInfoBody) {
      return (
        await send({
          method: "POST",
          path: `/orders/${orderId}/delivery/validate`,
          body,
          schema: DeliveryQuoteAnswerSchema,
        })
      ).data;
    },

    /** Turns delivery on with the shopper's delivery info; answers the order as it now is. */
    async setStoreDelivery(orderId: number, body: DeliveryInfoBody) {
      return (
        await send({
          method: "POST",
          path: `/orders/${orderId}/store-delivery`,
          body,
          schema: OrderAnswerSchema,
        })
      ).data;
    },

    /** Turns delivery off: the order is for pickup again. */
    async deleteStoreDelivery(orderId: number) {
      await send({ method: "DELETE", path: `/orders/${orderId}/store-delivery` });
    },

    async getRecommendations(orderId: number) {
      return (
        await send({
          path: `/orders/${orderId}/product-recommendations`,
          schema: RecommendationsAnswerSchema,
        })
      ).data;
    },

    async recordRecommendation(
      collectionId: string,
      productId: number,
      event: "view" | "add-to-cart",
    ) {
      await send({
        method: "POST",
        path: `/recommend_collection_analytics_snapshots/${collectionId}/${productId}/${event}`,
      });
    },

    /** Where to send the shopper to sign in, and the state to check on the way back. */
    async startSignIn(redirectUri: string, { register = false }: { register?: boolean } = {}) {
      return (
        await send({
          path: "/oauth/authorize",
          query: { redirect_uri: redirectUri, prompt: register ? "create" : undefined },
          schema: AuthorizeAnswerSchema,
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
      const answer = await send({
        method: "POST",
        path: "/oauth/authenticate",
        body: signInReturn,
        schema: AuthenticateAnswerSchema,
      });
      return { profile: answer.data, apiKey: answer.meta.api_key };
    },

    async getProfile() {
      return (await send({ path: "/profile", schema: UserProfileAnswerSchema })).data;
    },

    /** The profile, and the identity provider's page for adding an address (null: it has none). */
    async getProfileWithAddressPage() {
      const answer = await send({ path: "/profile", schema: UserProfileAnswerSchema });
      return { profile: answer.data, addressPageUrl: answer.meta?.address_page_url ?? null };
    },

    /** Retires this device's key on the API's side (decision 016). */
    async signOut() {
      await send({ method: "DELETE", path: "/oauth/session" });
    },

    // --- Past orders (decision 017) ------------------------------------------------------------

    /**
     * The signed-in shopper's orders at a store, newest first, a page at a time, each with its
     * department and store (for the department's name and the store's time zone).
     */
    async listOrders(storeId: number, page = 1, limit = PAST_ORDERS_PER_PAGE) {
      const answer = await get("/orders", OrderListAnswerSchema, {
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
      });
      const total = typeof answer.meta.total === "number" ? answer.meta.total : answer.data.length;
      return { orders: answer.data, total, page, limit };
    },

    /** Takes a placed order back into the cart ('incomplete'), to be changed and placed again. */
    async retractOrder(id: number) {
      return (
        await send({ method: "PUT", path: `/orders/${id}/retract`, schema: OrderAnswerSchema })
      ).data;
    },

    /** Cancels a placed order the store has not started (409 `order_not_cancelable` after). */
    // The store's side of an order (issue 30): an associate of the store only (decision 042).
    async storeQueue(storeId: number, day?: string) {
      return get(`/stores/${storeId}/orders`, StoreQueueAnswerSchema, day ? { day } : undefined);
    },

    async storeOrder(storeId: number, id: number) {
      return (await get(`/stores/${storeId}/orders/${id}`, StoreOrderAnswerSchema)).data;
    },

    async setStoreStatus(storeId: number, id: number, status: string, from: string) {
      return (
        await send({
          method: "PUT",
          path: `/stores/${storeId}/orders/${id}/status`,
          body: { status, from },
          schema: StoreStatusAnswerSchema,
        })
      ).data;
    },

    async pickItem(
      storeId: number,
      id: number,
      item: number,
      body: z.input<typeof PickBodySchema>,
    ) {
      return (
        await send({
          method: "PUT",
          path: `/stores/${storeId}/orders/${id}/items/${item}`,
          body,
          schema: StoreOrderAnswerSchema,
        })
      ).data;
    },

    async cancelOrder(id: number) {
      return (await send({ method: "DELETE", path: `/orders/${id}`, schema: OrderAnswerSchema }))
        .data;
    },

    /** A new cart with the order's items; `leftOut` names those that could not be had now. */
    async reorder(id: number) {
      const answer = await send({
        method: "POST",
        path: `/orders/${id}/reorder`,
        body: { source: "website" },
        schema: ReorderAnswerSchema,
      });
      return { id: answer.data.id, leftOut: answer.meta.left_out };
    },

    async getCoupon(orderId: number, cardNumber?: string) {
      return (
        await send({
          path: `/orders/${orderId}/coupon`,
          query: { card_number: cardNumber },
          schema: CouponAnswerSchema,
        })
      ).data;
    },

    /** Loads the offered coupon to the club card; a 422 `coupon_already_loaded` if it is there. */
    async clipCoupon(orderId: number, body: z.input<typeof CouponClipBodySchema>) {
      return (
        await send({
          method: "POST",
          path: `/orders/${orderId}/coupon`,
          body,
          schema: CouponClipAnswerSchema,
        })
      ).data;
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
