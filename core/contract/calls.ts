/**
 * The call table: every call of the API, written once. Each entry names the call and gives its
 * method, path, path ids, query, body, answer and the codes it may refuse with, and what kind of
 * call it is for the storefront's client. From this one table the API's routers validate what
 * they are sent (api/http/mount.ts), the OpenAPI document and docs/api.md are generated
 * (api/openapi.ts) and the storefront's typed client makes its calls (app/.server/api/client.ts).
 * Adding a call is an entry here plus its handler.
 */
import { z, type AnyZodObject, type ZodTypeAny } from "zod";
import {
  AuthenticateAnswerSchema,
  AuthenticateBodySchema,
  AuthorizeAnswerSchema,
  AuthorizeQuerySchema,
  UserProfileAnswerSchema,
} from "./accounts";
import {
  BrandAnswerSchema,
  GeocodeQuerySchema,
  GeolocationAnswerSchema,
  GeoPlaceAnswerSchema,
  HomeStoreAnswerSchema,
  HomeStoreBodySchema,
  KeysAnswerSchema,
  KeysBodySchema,
} from "./brand";
import {
  CatalogAnswerSchema,
  CatalogListAnswerSchema,
  CatalogQuerySchema,
  CatalogsQuerySchema,
  PageAnswerSchema,
  PageQuerySchema,
} from "./catalogs";
import { DeliveryInfoBodySchema, DeliveryQuoteAnswerSchema, PlaceBodySchema } from "./deliveries";
import type { ApiErrorCode } from "./errors";
import {
  BlackoutsAnswerSchema,
  BlackoutsQuerySchema,
  CouponAnswerSchema,
  CouponClipAnswerSchema,
  CouponClipBodySchema,
  CouponQuerySchema,
  FavoriteAnswerSchema,
  FavoriteBodySchema,
  ItemAnswerSchema,
  ItemBodySchema,
  ItemSubstitutionBodySchema,
  NewItemBodySchema,
  NewOrderBodySchema,
  OrderAnswerSchema,
  OrderListAnswerSchema,
  OrderListQuerySchema,
  OrderQuerySchema,
  OrderUpdateBodySchema,
  PromotionBodySchema,
  RECOMMENDATION_EVENTS,
  RecommendationsAnswerSchema,
  ReorderAnswerSchema,
  ReorderBodySchema,
  SubstitutesAnswerSchema,
} from "./orders";
import {
  CardAuthorizationAnswerSchema,
  CardAuthorizationBodySchema,
  CardAuthorizationStartAnswerSchema,
  PAYMENT_SIGNATURE_HEADER,
  PaymentWebhookAnswerSchema,
  PaymentWebhookEventSchema,
} from "./payments";
import {
  BuilderAnswerSchema,
  InDepartmentQuerySchema,
  NutritionAnswerSchema,
  ProductAnswerSchema,
  ProductListingSchema,
  ProductQuerySchema,
  ProductsQuerySchema,
} from "./products";
import {
  AlertListAnswerSchema,
  AlertsQuerySchema,
  CategoryAnswerSchema,
  CategoryQuerySchema,
  DepartmentAnswerSchema,
  DepartmentQuerySchema,
  StoreAnswerSchema,
  StoreListAnswerSchema,
  StoreQuerySchema,
  StoresQueryFieldsSchema,
  StoresQuerySchema,
} from "./stores";
import {
  PickBodySchema,
  StoreOrderAnswerSchema,
  StoreQueueAnswerSchema,
  StoreQueueQuerySchema,
  StoreStatusAnswerSchema,
  StoreStatusBodySchema,
} from "./store-orders";

/**
 * What a call is to the storefront's client, which chooses its behaviour by it (never by a
 * method's name):
 * - `shared`: the same answer for every shopper; the shared browsing key may ask, and each process
 *   keeps the answer (SHARED_CACHE_SECONDS, dropped when Shared-Data-Version moves; decision 015);
 * - `browse`: any shopper's read the shared browsing key may make; remembered for the request;
 * - `order`: the working order, read once per request with every include, forgotten after any
 *   `own` or `write` call;
 * - `own`: a read of the shopper's own (their device registered first); it goes out every time,
 *   and may refresh what the API holds (a card authorization is asked of the gateway again), so
 *   the request's order read is forgotten after it;
 * - `write`: a change: the shopper's own key first, then what the request remembered is forgotten;
 * - `device`: what this device keeps (its home store): sent only once the shopper has a key of
 *   their own (until then the preferences cookie keeps it, handed over when the device registers);
 * - `keyless`: no API key (a device's registration, this description, a gateway's notice).
 */
export type CallKind = "shared" | "browse" | "order" | "own" | "write" | "device" | "keyless";

type RefusalStatus = 400 | 403 | 404 | 409 | 422 | 502 | 503;

/** One call of the API. */
export interface CallEntry {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI style: `/orders/{id}`. */
  path: string;
  kind: CallKind;
  summary: string;
  /**
   * The path's ids (positive integers) and what each names: anything else is a 404 "The requested
   * {what} could not be found.", as is an id the caller may not see.
   */
  ids?: Readonly<Record<string, string>>;
  /** The path's other parameters: an enum is matched by the route (another value is no route). */
  params?: AnyZodObject;
  query?: ZodTypeAny;
  /** The query's fields as documented, where `query` adds checks across fields. */
  documentedQuery?: AnyZodObject;
  body?: ZodTypeAny;
  /** The body is multipart/form-data (a photo upload) rather than JSON: its handler reads it. */
  multipart?: true;
  /** The code of the 422 for a body that fails its schema, instead of `invalid`. */
  bodyCode?: ApiErrorCode;
  /** Request headers the call reads (documentation; the handler reads them). */
  headers?: AnyZodObject;
  answer: { status: 200 | 201 | 204; schema?: ZodTypeAny; description: string };
  /** The refusals of this call beyond 401, by status: the codes a client can tell apart. */
  refusals?: Readonly<Partial<Record<RefusalStatus, readonly ApiErrorCode[]>>>;
  /** Why the router or the client handles this call by hand, where one does. */
  special?: string;
  /**
   * A `shared` call's query fields that make the answer the asker's own (a position): with one of
   * them the call is a `browse` read, remembered for the request but not kept by the process.
   */
  personalQuery?: readonly string[];
}

/** Keeps each entry's own types (its schemas, ids and kind) while checking it is an entry. */
const table = <const T extends Record<string, CallEntry>>(calls: T): T => calls;

const notFound = { 404: ["not_found"], 422: ["invalid"] } as const;
/** The two calls that take the delivery information: its body and refusals. */
const deliveryInfoCall = {
  body: DeliveryInfoBodySchema,
  bodyCode: "delivery_address_invalid",
  refusals: {
    403: ["order_not_editable", "delivery_not_allowed", "delivery_sign_in_required"],
    404: ["not_found"],
    422: ["delivery_address_invalid"],
    502: ["delivery_unavailable"],
  },
} as const;
const itemRefusals = {
  403: ["order_not_editable"],
  404: ["not_found"],
  422: [
    "invalid",
    "product_unavailable_in_department",
    "quantity_unavailable",
    "quantity_not_offered",
    "required_choices_missing",
  ],
} as const;

/** Every call the API mounts, in the order docs/api.md lists them; a test checks the routers. */
export const CALLS = table({
  openApi: {
    method: "get",
    path: "/openapi.json",
    kind: "keyless",
    summary: "This description, generated from the contract",
    special: "answered by api/app.ts with the document this table generates (api/openapi.ts)",
    answer: { status: 200, schema: z.record(z.unknown()), description: "OpenAPI 3.1" },
  },
  registerDevice: {
    method: "post",
    path: "/keys",
    kind: "keyless",
    summary: "Register a device and hand it an API key (a new uuid when none or a bad one is sent)",
    body: KeysBodySchema,
    answer: { status: 201, schema: KeysAnswerSchema, description: "The key and the device's uuid" },
    refusals: { 422: ["invalid"] },
  },
  brand: {
    method: "get",
    path: "/brand",
    kind: "shared",
    summary: "The brand",
    answer: { status: 200, schema: BrandAnswerSchema, description: "The brand" },
  },
  homeStore: {
    method: "get",
    path: "/home-store",
    kind: "browse",
    summary:
      "The store this device last saved; else null where shoppers choose their store, the brand's one store where they cannot",
    answer: { status: 200, schema: HomeStoreAnswerSchema, description: "A store id or null" },
  },
  saveHomeStore: {
    method: "put",
    path: "/home-store",
    kind: "device",
    summary: "Remember the device's home store",
    body: HomeStoreBodySchema,
    answer: { status: 200, schema: HomeStoreAnswerSchema, description: "The saved store id" },
    refusals: notFound,
  },
  geolocate: {
    method: "get",
    path: "/geolocate",
    kind: "browse",
    summary:
      "The visitor's rough position: from the location headers of the CDN named by GEOLOCATION_HEADERS (source 'edge'), else the market's centre ('market')",
    answer: { status: 200, schema: GeolocationAnswerSchema, description: "A position" },
  },
  geocode: {
    method: "get",
    path: "/geocode",
    kind: "browse",
    summary:
      "A searched place ('City, State or Zip Code') as a point, within the brand's north-east region",
    query: GeocodeQuerySchema,
    answer: { status: 200, schema: GeoPlaceAnswerSchema, description: "The place" },
    refusals: { 404: ["not_found"], 422: ["invalid"] },
  },
  stores: {
    method: "get",
    path: "/stores",
    kind: "shared",
    summary:
      "The brand's stores: nearest first when a position is given (with distance), else by name",
    query: StoresQuerySchema,
    documentedQuery: StoresQueryFieldsSchema,
    // The nearest store to a shopper's position is theirs; the list by name is everyone's.
    personalQuery: ["latitude", "longitude"],
    answer: { status: 200, schema: StoreListAnswerSchema, description: "Stores" },
    refusals: { 422: ["invalid"] },
  },
  store: {
    method: "get",
    path: "/stores/{id}",
    kind: "shared",
    ids: { id: "store" },
    summary: "A store",
    query: StoreQuerySchema,
    answer: { status: 200, schema: StoreAnswerSchema, description: "The store" },
    refusals: notFound,
  },
  department: {
    method: "get",
    path: "/departments/{id}",
    kind: "shared",
    ids: { id: "department" },
    summary: "A department",
    query: DepartmentQuerySchema,
    answer: { status: 200, schema: DepartmentAnswerSchema, description: "The department" },
    refusals: notFound,
  },
  category: {
    method: "get",
    path: "/categories/{id}",
    kind: "shared",
    ids: { id: "category" },
    summary: "A category",
    query: CategoryQuerySchema,
    answer: { status: 200, schema: CategoryAnswerSchema, description: "The category" },
    refusals: notFound,
  },
  products: {
    method: "get",
    path: "/products",
    kind: "browse",
    summary: "Search a department's products (stems, typos forgiven, the last word as a prefix)",
    query: ProductsQuerySchema,
    answer: { status: 200, schema: ProductListingSchema, description: "A page of products" },
    refusals: { 404: ["not_found"], 422: ["invalid", "category_not_in_department"] },
  },
  product: {
    method: "get",
    path: "/products/{id}",
    kind: "browse",
    ids: { id: "product" },
    summary:
      "A product as sold in a department; include=builder,nutrition_details adds what the product page shows, in the same call",
    query: ProductQuerySchema,
    answer: { status: 200, schema: ProductAnswerSchema, description: "The product" },
    refusals: notFound,
  },
  favorite: {
    method: "get",
    path: "/products/{id}/favorite",
    kind: "own",
    ids: { id: "product" },
    summary: "Whether the signed-in shopper's favorites hold the product (guests: 401)",
    answer: { status: 200, schema: FavoriteAnswerSchema, description: "The flag" },
    refusals: { 404: ["not_found"] },
  },
  setFavorite: {
    method: "put",
    path: "/products/{id}/favorite",
    kind: "write",
    ids: { id: "product" },
    summary:
      "Set the favorite flag to `favorite` when given, toggle it otherwise (signed in; guests: 401)",
    body: FavoriteBodySchema,
    answer: { status: 200, schema: FavoriteAnswerSchema, description: "The flag as it now is" },
    refusals: { 404: ["not_found"], 422: ["invalid"] },
  },
  builder: {
    method: "get",
    path: "/products/{id}/builder",
    kind: "browse",
    ids: { id: "product" },
    summary: "The builder preview: the base picture and each choice's layer",
    query: InDepartmentQuerySchema,
    answer: { status: 200, schema: BuilderAnswerSchema, description: "The builder layers" },
    refusals: notFound,
  },
  nutrition: {
    method: "get",
    path: "/products/{id}/nutrition",
    kind: "browse",
    ids: { id: "product" },
    summary: "Nutrition summary, the panel's URL and any sodium warning",
    query: InDepartmentQuerySchema,
    answer: { status: 200, schema: NutritionAnswerSchema, description: "The nutrition" },
    refusals: notFound,
  },
  catalogs: {
    method: "get",
    path: "/catalogs",
    kind: "shared",
    summary: "The catalogs of a department running today",
    query: CatalogsQuerySchema,
    answer: { status: 200, schema: CatalogListAnswerSchema, description: "Catalogs" },
    refusals: notFound,
  },
  catalog: {
    method: "get",
    path: "/catalogs/{id}",
    kind: "own",
    ids: { id: "catalog" },
    summary: "A catalog",
    query: CatalogQuerySchema,
    answer: { status: 200, schema: CatalogAnswerSchema, description: "The catalog" },
    refusals: notFound,
  },
  catalogPage: {
    method: "get",
    path: "/pages/{id}",
    kind: "browse",
    ids: { id: "page" },
    summary: "A catalog page",
    query: PageQuerySchema,
    answer: { status: 200, schema: PageAnswerSchema, description: "The page" },
    refusals: notFound,
  },
  alerts: {
    method: "get",
    path: "/alerts",
    kind: "shared",
    summary: "The alerts of a store running now, less those already seen",
    query: AlertsQuerySchema,
    answer: { status: 200, schema: AlertListAnswerSchema, description: "Alerts" },
    refusals: notFound,
  },
  createOrder: {
    method: "post",
    path: "/orders",
    kind: "write",
    summary: "Create an order (on the first add to cart)",
    body: NewOrderBodySchema,
    answer: { status: 201, schema: OrderAnswerSchema, description: "The new order" },
    refusals: notFound,
  },
  orders: {
    method: "get",
    path: "/orders",
    kind: "own",
    summary:
      "The caller's orders, the most recently placed first (a working cart by when it was started), each with its delivery (null for pickup), a page at a time: a signed-in user's own from every device; a guest's, this device's made signed out",
    query: OrderListQuerySchema,
    answer: { status: 200, schema: OrderListAnswerSchema, description: "Orders" },
    refusals: { 422: ["invalid"] },
  },
  order: {
    method: "get",
    path: "/orders/{id}",
    kind: "order",
    ids: { id: "order" },
    summary: "An order",
    query: OrderQuerySchema,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: notFound,
  },
  updateOrder: {
    method: "put",
    path: "/orders/{id}",
    kind: "write",
    ids: { id: "order" },
    summary: "Save checkout fields (after placement only customer.notification_type may change)",
    body: OrderUpdateBodySchema,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: {
      403: ["order_not_editable"],
      404: ["not_found"],
      422: ["invalid", "pickup_time_unavailable"],
    },
  },
  cancelOrder: {
    method: "delete",
    path: "/orders/{id}",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Cancel the cart, or a submitted order the store has not started (is_cancelable); its stock and promotion use are given back",
    answer: { status: 200, schema: OrderAnswerSchema, description: "The cancelled order" },
    refusals: { 404: ["not_found"], 409: ["order_not_cancelable"] },
  },
  retractOrder: {
    method: "put",
    path: "/orders/{id}/retract",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Take a submitted order the store has not started (is_editable) back into the cart, to change and place again under the same number",
    answer: {
      status: 200,
      schema: OrderAnswerSchema,
      description: "The order, incomplete again, with its number",
    },
    refusals: { 404: ["not_found"], 409: ["order_not_retractable"] },
  },
  reorder: {
    method: "post",
    path: "/orders/{id}/reorder",
    kind: "write",
    ids: { id: "order" },
    summary:
      "A new cart with the order's items at today's prices; items that cannot be had are left out and listed in meta.left_out",
    body: ReorderBodySchema,
    answer: { status: 201, schema: ReorderAnswerSchema, description: "The new order's id" },
    refusals: { 404: ["not_found"], 422: ["invalid", "reorder_unavailable"] },
  },
  blackouts: {
    method: "get",
    path: "/blackouts",
    kind: "own",
    summary:
      "Times an order cannot be picked up (the store's closed hours have type `closed`, full slots type `full`; nearly full slots in meta.nearly_full)",
    query: BlackoutsQuerySchema,
    answer: { status: 200, schema: BlackoutsAnswerSchema, description: "Blackouts and the window" },
    refusals: notFound,
  },
  applyPromotion: {
    method: "post",
    path: "/orders/{id}/promotion",
    kind: "write",
    ids: { id: "order" },
    summary: "Apply a promotion code",
    body: PromotionBodySchema,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order with it" },
    refusals: {
      400: ["promotion_refused"],
      403: ["order_not_editable"],
      404: ["not_found"],
      422: ["invalid", "promotion_code_required"],
    },
  },
  removePromotion: {
    method: "delete",
    path: "/orders/{id}/promotion",
    kind: "write",
    ids: { id: "order" },
    summary: "Remove the order's promotion",
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order without it" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  refreshOrder: {
    method: "put",
    path: "/orders/{id}/refresh",
    kind: "write",
    ids: { id: "order" },
    summary: "Price the items again at today's prices",
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  placeOrder: {
    method: "put",
    path: "/orders/{id}/place",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Place the order; the same Idempotency-Key again answers the same placed order (decision 006)",
    headers: z.object({ "idempotency-key": z.string().max(100).optional() }),
    body: PlaceBodySchema,
    bodyCode: "delivery_address_invalid",
    answer: { status: 200, schema: OrderAnswerSchema, description: "The submitted order" },
    refusals: {
      403: ["duplicate_order"],
      404: ["not_found"],
      422: [
        "order_not_ready",
        "pickup_time_unavailable",
        "out_of_stock",
        "promotion_removed",
        "delivery_address_invalid",
        "delivery_not_allowed",
        "delivery_sign_in_required",
        "delivery_not_set",
        "online_payment_required",
        "card_authorization_insufficient",
      ],
      502: ["delivery_unavailable"],
    },
  },
  validateDelivery: {
    method: "post",
    path: "/orders/{id}/delivery/validate",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Check a delivery address with the department's delivery service and price it (nothing is stored); signed in only",
    ...deliveryInfoCall,
    answer: { status: 200, schema: DeliveryQuoteAnswerSchema, description: "The quote" },
  },
  setStoreDelivery: {
    method: "post",
    path: "/orders/{id}/store-delivery",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Turn delivery on: the address checked and priced by the delivery service, the delivery fee and tip added to the totals",
    ...deliveryInfoCall,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order with its delivery" },
  },
  deleteStoreDelivery: {
    method: "delete",
    path: "/orders/{id}/store-delivery",
    kind: "write",
    ids: { id: "order" },
    summary: "Turn delivery off: no delivery fee or tip is left on the order",
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order, for pickup" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  recommendations: {
    method: "get",
    path: "/orders/{id}/product-recommendations",
    kind: "own",
    ids: { id: "order" },
    summary: "Products to suggest for the cart",
    answer: { status: 200, schema: RecommendationsAnswerSchema, description: "Recommendations" },
    refusals: { 404: ["not_found"] },
  },
  coupon: {
    method: "get",
    path: "/orders/{id}/coupon",
    kind: "own",
    ids: { id: "order" },
    summary: "The coupon offered after an order (404 when none is)",
    query: CouponQuerySchema,
    answer: { status: 200, schema: CouponAnswerSchema, description: "The coupon" },
    refusals: notFound,
  },
  clipCoupon: {
    method: "post",
    path: "/orders/{id}/coupon",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Load the offered coupon to the signed-in shopper's own club card (the offer's signed clip_token, while the coupon is valid and still offered)",
    body: CouponClipBodySchema,
    answer: { status: 201, schema: CouponClipAnswerSchema, description: "Loaded" },
    refusals: {
      403: ["forbidden"],
      404: ["not_found"],
      422: ["invalid", "coupon_already_loaded", "coupon_offer_invalid"],
    },
  },
  startCardAuthorization: {
    method: "post",
    path: "/orders/{id}/card-authorization",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Start the card authorization of an incomplete order on the gateway's hosted page (signed in; the department takes online payment). Holds the estimated total plus 15 % of the weighed items (decision 021); while one is pending or approved and still covers the order, the same page and reference are answered again. With delivery: true the body also carries tip (cents) and user's delivery fields",
    body: CardAuthorizationBodySchema,
    answer: {
      status: 200,
      schema: CardAuthorizationStartAnswerSchema,
      description: "Where to send the shopper's browser, the reference and the amount held",
    },
    refusals: {
      403: ["order_not_editable"],
      404: ["not_found"],
      409: ["card_authorization_changed"],
      422: ["invalid", "online_payment_unavailable", "order_not_ready"],
      502: ["payment_gateway_unreachable", "payment_gateway_refused"],
      503: ["payment_gateway_unavailable"],
    },
  },
  cardAuthorization: {
    method: "get",
    path: "/orders/{id}/card-authorization",
    kind: "own",
    ids: { id: "order" },
    summary:
      "The order's card authorization (asked of the gateway again while pending); 404 when it has none",
    answer: {
      status: 200,
      schema: CardAuthorizationAnswerSchema,
      description: "The authorization",
    },
    refusals: { 404: ["not_found"] },
  },
  deleteCardAuthorization: {
    method: "delete",
    path: "/orders/{id}/card-authorization",
    kind: "write",
    ids: { id: "order" },
    summary:
      "Clear the order's card authorization ('Pay At Store'); a hold is voided at the gateway",
    answer: { status: 204, description: "Cleared" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  paymentWebhook: {
    method: "post",
    path: "/payment-webhooks/{gateway}",
    kind: "keyless",
    summary: `A payment gateway's notice that an authorization changed, signed in the ${PAYMENT_SIGNATURE_HEADER} header (t=UNIX_SECONDS,v1=HMAC-SHA256 of "t.body"; five minutes' tolerance). No API key; a repeated notice changes nothing`,
    params: z.object({ gateway: z.enum(["sandbox", "hosted"]) }),
    special:
      "the raw body, since its signature covers the bytes: mounted by hand before the JSON parser (api/routes/payments.ts); no client calls it",
    headers: z.object({ [PAYMENT_SIGNATURE_HEADER]: z.string() }),
    body: PaymentWebhookEventSchema,
    answer: { status: 200, schema: PaymentWebhookAnswerSchema, description: "Received" },
    refusals: {
      400: ["payment_webhook_signature_invalid"],
      404: ["not_found"],
      422: ["invalid"],
    },
  },
  addItem: {
    method: "post",
    path: "/items",
    kind: "write",
    summary:
      "Add an item to an order (prices come from the database, never the client); with department_id instead of order_id, the first add creates the order with the item, in one transaction",
    body: NewItemBodySchema,
    answer: { status: 201, schema: ItemAnswerSchema, description: "The item with its preferences" },
    refusals: itemRefusals,
  },
  updateItem: {
    method: "put",
    path: "/items/{id}",
    kind: "write",
    ids: { id: "item" },
    summary: "Change an item",
    body: ItemBodySchema,
    answer: { status: 200, schema: ItemAnswerSchema, description: "The item" },
    refusals: itemRefusals,
  },
  deleteItem: {
    method: "delete",
    path: "/items/{id}",
    kind: "write",
    ids: { id: "item" },
    summary: "Remove an item (removing the last one cancels the order)",
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  uploadItemImage: {
    method: "post",
    path: "/items/{id}/image",
    kind: "write",
    ids: { id: "item" },
    summary: "Upload the item's customer photo (JPEG, PNG, GIF or WebP by content; at most 5 MB)",
    multipart: true,
    body: z.object({ image: z.string() }),
    special:
      "multipart: the handler reads the photo itself (api/http/image-upload.ts); the client posts FormData",
    answer: { status: 200, schema: ItemAnswerSchema, description: "The item with its image_url" },
    refusals: {
      400: ["upload_malformed"],
      403: ["order_not_editable"],
      404: ["not_found"],
      422: [
        "photo_not_accepted",
        "photo_missing",
        "photo_not_an_image",
        "photo_too_large",
        "upload_malformed",
      ],
    },
  },
  setItemSubstitution: {
    method: "put",
    path: "/items/{id}/substitution",
    kind: "write",
    ids: { id: "item" },
    summary:
      "Choose what the store does if the item is unavailable: best_match, none, or product with substitute_product_id (one of GET /items/{id}/substitutes); only none while the order's substitutions_allowed is off",
    body: ItemSubstitutionBodySchema,
    answer: { status: 200, schema: ItemAnswerSchema, description: "The item with its choice" },
    refusals: {
      403: ["order_not_editable"],
      404: ["not_found"],
      422: ["invalid", "substitute_not_offered", "substitutions_off"],
    },
  },
  itemSubstitutes: {
    method: "get",
    path: "/items/{id}/substitutes",
    kind: "own",
    ids: { id: "item" },
    summary:
      "Up to 5 similar products the item may be substituted with: the same category in the order's department, available, not the item's own product",
    answer: { status: 200, schema: SubstitutesAnswerSchema, description: "The products" },
    refusals: notFound,
  },
  recordRecommendation: {
    method: "post",
    path: "/recommend_collection_analytics_snapshots/{collection}/{product}/{event}",
    kind: "write",
    summary: "Count a view or an add of a recommended product",
    ids: { product: "product" },
    params: z.object({
      collection: z.string().regex(/^[0-9a-f]{1,64}$/),
      event: z.enum(RECOMMENDATION_EVENTS),
    }),
    answer: { status: 204, description: "Counted" },
    refusals: { 404: ["not_found"] },
  },
  startSignIn: {
    method: "get",
    path: "/oauth/authorize",
    kind: "own",
    summary:
      "Start a sign-in: the identity provider's URL with a fresh state (PKCE and nonce kept by the API for this key)",
    query: AuthorizeQuerySchema,
    answer: {
      status: 200,
      schema: AuthorizeAnswerSchema,
      description: "Where to send the shopper",
    },
    refusals: { 422: ["invalid"], 502: ["sso_unreachable"], 503: ["sso_unavailable"] },
  },
  finishSignIn: {
    method: "post",
    path: "/oauth/authenticate",
    kind: "write",
    summary:
      "Finish a sign-in with the returned code and state: answers the person's profile and a new key bound to them; the calling key is retired",
    body: AuthenticateBodySchema,
    answer: {
      status: 200,
      schema: AuthenticateAnswerSchema,
      description: "The signed-in profile, and in meta.api_key the key to use from now on",
    },
    refusals: {
      403: ["sso_key_bound_to_other_user"],
      422: ["invalid", "sso_state_invalid", "sso_code_rejected"],
      502: ["sso_unreachable"],
      503: ["sso_unavailable"],
    },
  },
  signOut: {
    method: "delete",
    path: "/oauth/session",
    kind: "write",
    summary:
      "Sign out: this key is retired and opens nothing again (the provider's own session is not ended)",
    answer: { status: 204, description: "Signed out" },
  },
  profile: {
    method: "get",
    path: "/profile",
    kind: "own",
    summary: "The signed-in person's profile (401 for a guest's key)",
    answer: {
      status: 200,
      schema: UserProfileAnswerSchema,
      description:
        "The profile; in meta.address_page_url the provider's page for adding an address (or null)",
    },
  },
  // The store's side of an order (issue 30): an associate of the store only (decision 042). Each
  // goes out with the caller's own key every time (`own` reads, `write` changes).
  storeQueue: {
    method: "get",
    path: "/stores/{store}/orders",
    kind: "own",
    ids: { store: "store" },
    summary:
      "The store's queue: its placed orders due on one store-local day (today by default), by department and slot",
    query: StoreQueueQuerySchema,
    answer: { status: 200, schema: StoreQueueAnswerSchema, description: "The orders of the day" },
    refusals: { 403: ["store_associate_required"], 404: ["not_found"], 422: ["invalid"] },
  },
  setStoreStatus: {
    method: "put",
    path: "/stores/{store}/orders/{id}/status",
    kind: "write",
    ids: { store: "store", id: "order" },
    summary:
      "Move an order one step of the store's rule (core/rules/order-status); the order row is held, so two associates pressing at once change it once",
    body: StoreStatusBodySchema,
    answer: {
      status: 200,
      schema: StoreStatusAnswerSchema,
      description: "The order with its status history",
    },
    refusals: {
      403: ["store_associate_required"],
      404: ["not_found"],
      409: ["order_status_refused"],
      422: ["invalid"],
    },
  },
  storeOrder: {
    method: "get",
    path: "/stores/{store}/orders/{id}",
    kind: "own",
    ids: { store: "store", id: "order" },
    summary:
      "An order to pick: each item with its configuration, the shopper's substitution choice and what may be given instead, the estimate, the final amount and the hold",
    answer: { status: 200, schema: StoreOrderAnswerSchema, description: "The order" },
    refusals: { 403: ["store_associate_required"], 404: ["not_found"] },
  },
  pickItem: {
    method: "put",
    path: "/stores/{store}/orders/{id}/items/{item}",
    kind: "write",
    ids: { store: "store", id: "order", item: "item" },
    summary:
      "Pick an item (with the weighed quantity for one sold by weight), substitute it as the shopper allowed, or mark it unavailable; the final amount is recomputed by the cart's rules",
    body: PickBodySchema,
    answer: { status: 200, schema: StoreOrderAnswerSchema, description: "The order" },
    refusals: {
      403: ["store_associate_required"],
      404: ["not_found"],
      409: ["order_status_refused"],
      422: ["invalid", "substitute_not_offered"],
    },
  },
});

/** The table as a list, in its order. */
export const CALL_LIST: readonly CallEntry[] = Object.values(CALLS);

/** The names of a path's `{placeholders}`, in order. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** `/orders/{id}` → "id" (as a type). */
export type PathParamsOf<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamsOf<Rest>
  : never;

type SchemaOut<S> = S extends ZodTypeAny ? z.output<S> : undefined;
type SchemaIn<S> = S extends ZodTypeAny ? z.input<S> : undefined;

/** What a call answers, parsed. */
export type AnswerOf<C extends CallEntry> = SchemaOut<C["answer"]["schema"]>;
/** What a call's answer may be built from (its schema's input). */
export type AnswerInputOf<C extends CallEntry> = C["answer"]["schema"] extends ZodTypeAny
  ? z.input<C["answer"]["schema"]>
  : void;
export type QueryOf<C extends CallEntry> = SchemaOut<C["query"]>;
export type BodyOf<C extends CallEntry> = C["multipart"] extends true
  ? undefined
  : SchemaOut<C["body"]>;
export type BodyInputOf<C extends CallEntry> = SchemaIn<C["body"]>;
/** The path ids of a call, as numbers. */
export type IdsOf<C extends CallEntry> =
  C["ids"] extends Readonly<Record<infer K extends string, string>>
    ? { [P in K]: number }
    : Record<never, never>;
