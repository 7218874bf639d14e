/**
 * The OpenAPI 3.1 description served at GET /api/1/openapi.json, generated from the contract
 * (core/contract/): every call the API mounts, with its parameters, body and answers, including
 * the error body and the codes each call may refuse with. docs/api.md's reference is written from
 * the same list (npm run docs:api).
 */
import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import {
  AuthenticateBodySchema,
  AuthorizeAnswerSchema,
  AuthorizeQuerySchema,
  UserProfileAnswerSchema,
  AuthenticateAnswerSchema,
} from "@core/contract/accounts";
import {
  BrandAnswerSchema,
  GeocodeQuerySchema,
  GeolocationAnswerSchema,
  GeoPlaceAnswerSchema,
  HomeStoreAnswerSchema,
  HomeStoreBodySchema,
  KeysAnswerSchema,
  KeysBodySchema,
} from "@core/contract/brand";
import {
  CatalogAnswerSchema,
  CatalogListAnswerSchema,
  CatalogQuerySchema,
  CatalogsQuerySchema,
  PageAnswerSchema,
  PageQuerySchema,
} from "@core/contract/catalogs";
import {
  DeliveryInfoBodySchema,
  DeliveryQuoteAnswerSchema,
  PlaceBodySchema,
} from "@core/contract/deliveries";
import { ApiErrorBodySchema, type ApiErrorCode } from "@core/contract/errors";
import {
  BlackoutsAnswerSchema,
  BlackoutsQuerySchema,
  CouponAnswerSchema,
  CouponClipAnswerSchema,
  CouponClipBodySchema,
  CouponQuerySchema,
  ItemAnswerSchema,
  ItemBodySchema,
  ItemSubstitutionBodySchema,
  NewItemBodySchema,
  SubstitutesAnswerSchema,
  NewOrderBodySchema,
  OrderAnswerSchema,
  FavoriteAnswerSchema,
  FavoriteBodySchema,
  OrderListAnswerSchema,
  OrderListQuerySchema,
  OrderQuerySchema,
  OrderUpdateBodySchema,
  PromotionBodySchema,
  RECOMMENDATION_EVENTS,
  RecommendationsAnswerSchema,
  ReorderAnswerSchema,
  ReorderBodySchema,
} from "@core/contract/orders";
import { pathIdParam } from "@core/contract/params";
import {
  CardAuthorizationAnswerSchema,
  CardAuthorizationBodySchema,
  CardAuthorizationStartAnswerSchema,
  PAYMENT_SIGNATURE_HEADER,
  PaymentWebhookAnswerSchema,
  PaymentWebhookEventSchema,
} from "@core/contract/payments";
import {
  BuilderAnswerSchema,
  InDepartmentQuerySchema,
  NutritionAnswerSchema,
  ProductAnswerSchema,
  ProductListingSchema,
  ProductQuerySchema,
  ProductsQuerySchema,
} from "@core/contract/products";
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
} from "@core/contract/stores";
import {
  PickBodySchema,
  StoreOrderAnswerSchema,
  StoreQueueAnswerSchema,
  StoreQueueQuerySchema,
  StoreStatusAnswerSchema,
  StoreStatusBodySchema,
} from "@core/contract/store-orders";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";

// Lets a schema carry OpenAPI names and formats (`.openapi()`); it changes nothing else in zod.
extendZodWithOpenApi(z);

/** One call of the API as the contract describes it. */
export interface ApiCallDescription {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI style: `/orders/{id}`. */
  path: string;
  summary: string;
  /** POST /keys is the only call without an API key. */
  public?: true;
  params?: AnyZodObject;
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  /** The body is multipart/form-data (a photo upload) rather than JSON. */
  multipart?: true;
  headers?: AnyZodObject;
  answer: { status: 200 | 201 | 204; schema?: ZodTypeAny; description: string };
  /** The refusals of this call beyond 401, by status: the codes a client can tell apart. */
  refusals?: Partial<Record<400 | 403 | 404 | 409 | 422 | 502 | 503, ApiErrorCode[]>>;
}

const id = z.object({ id: pathIdParam });
const storeParam = z.object({ store: pathIdParam });
const notFound: ApiCallDescription["refusals"] = { 404: ["not_found"], 422: ["invalid"] };
/** The two calls that take the delivery information: its body and refusals. */
const deliveryInfoCall = {
  params: id,
  body: DeliveryInfoBodySchema,
  refusals: {
    403: ["order_not_editable", "delivery_not_allowed", "delivery_sign_in_required"],
    404: ["not_found"],
    422: ["delivery_address_invalid"],
    502: ["delivery_unavailable"],
  },
} satisfies Partial<ApiCallDescription>;
const itemRefusals: ApiCallDescription["refusals"] = {
  403: ["order_not_editable"],
  404: ["not_found"],
  422: [
    "invalid",
    "product_unavailable_in_department",
    "quantity_unavailable",
    "quantity_not_offered",
    "required_choices_missing",
  ],
};

/** Every call the API mounts; a test checks this list against the routers. */
export const API_CALLS: ApiCallDescription[] = [
  {
    method: "get",
    path: "/openapi.json",
    summary: "This description, generated from the contract",
    public: true,
    answer: { status: 200, schema: z.record(z.unknown()), description: "OpenAPI 3.1" },
  },
  {
    method: "post",
    path: "/keys",
    summary: "Register a device and hand it an API key (a new uuid when none or a bad one is sent)",
    public: true,
    body: KeysBodySchema,
    answer: { status: 201, schema: KeysAnswerSchema, description: "The key and the device's uuid" },
    refusals: { 422: ["invalid"] },
  },
  {
    method: "get",
    path: "/brand",
    summary: "The brand",
    answer: { status: 200, schema: BrandAnswerSchema, description: "The brand" },
  },
  {
    method: "get",
    path: "/home-store",
    summary:
      "The store this device last saved; else null where shoppers choose their store, the brand's one store where they cannot",
    answer: { status: 200, schema: HomeStoreAnswerSchema, description: "A store id or null" },
  },
  {
    method: "put",
    path: "/home-store",
    summary: "Remember the device's home store",
    body: HomeStoreBodySchema,
    answer: { status: 200, schema: HomeStoreAnswerSchema, description: "The saved store id" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/geolocate",
    summary:
      "The visitor's rough position: from the location headers of the CDN named by GEOLOCATION_HEADERS (source 'edge'), else the market's centre ('market')",
    answer: { status: 200, schema: GeolocationAnswerSchema, description: "A position" },
  },
  {
    method: "get",
    path: "/geocode",
    summary:
      "A searched place ('City, State or Zip Code') as a point, within the brand's north-east region",
    query: GeocodeQuerySchema,
    answer: { status: 200, schema: GeoPlaceAnswerSchema, description: "The place" },
    refusals: { 404: ["not_found"], 422: ["invalid"] },
  },
  {
    method: "get",
    path: "/stores",
    summary:
      "The brand's stores: nearest first when a position is given (with distance), else by name",
    query: StoresQueryFieldsSchema,
    answer: { status: 200, schema: StoreListAnswerSchema, description: "Stores" },
    refusals: { 422: ["invalid"] },
  },
  {
    method: "get",
    path: "/stores/{id}",
    summary: "A store",
    params: id,
    query: StoreQuerySchema,
    answer: { status: 200, schema: StoreAnswerSchema, description: "The store" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/departments/{id}",
    summary: "A department",
    params: id,
    query: DepartmentQuerySchema,
    answer: { status: 200, schema: DepartmentAnswerSchema, description: "The department" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/categories/{id}",
    summary: "A category",
    params: id,
    query: CategoryQuerySchema,
    answer: { status: 200, schema: CategoryAnswerSchema, description: "The category" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/products",
    summary: "Search a department's products (stems, typos forgiven, the last word as a prefix)",
    query: ProductsQuerySchema,
    answer: { status: 200, schema: ProductListingSchema, description: "A page of products" },
    refusals: { 404: ["not_found"], 422: ["invalid", "category_not_in_department"] },
  },
  {
    method: "get",
    path: "/products/{id}",
    summary:
      "A product as sold in a department; include=builder,nutrition_details adds what the product page shows, in the same call",
    params: id,
    query: ProductQuerySchema,
    answer: { status: 200, schema: ProductAnswerSchema, description: "The product" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/products/{id}/favorite",
    summary: "Whether the signed-in shopper's favorites hold the product (guests: 401)",
    params: id,
    answer: { status: 200, schema: FavoriteAnswerSchema, description: "The flag" },
    refusals: { 404: ["not_found"] },
  },
  {
    method: "put",
    path: "/products/{id}/favorite",
    summary:
      "Set the favorite flag to `favorite` when given, toggle it otherwise (signed in; guests: 401)",
    params: id,
    body: FavoriteBodySchema,
    answer: { status: 200, schema: FavoriteAnswerSchema, description: "The flag as it now is" },
    refusals: { 404: ["not_found"], 422: ["invalid"] },
  },
  {
    method: "get",
    path: "/products/{id}/builder",
    summary: "The builder preview: the base picture and each choice's layer",
    params: id,
    query: InDepartmentQuerySchema,
    answer: { status: 200, schema: BuilderAnswerSchema, description: "The builder layers" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/products/{id}/nutrition",
    summary: "Nutrition summary, the panel's URL and any sodium warning",
    params: id,
    query: InDepartmentQuerySchema,
    answer: { status: 200, schema: NutritionAnswerSchema, description: "The nutrition" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/catalogs",
    summary: "The catalogs of a department running today",
    query: CatalogsQuerySchema,
    answer: { status: 200, schema: CatalogListAnswerSchema, description: "Catalogs" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/catalogs/{id}",
    summary: "A catalog",
    params: id,
    query: CatalogQuerySchema,
    answer: { status: 200, schema: CatalogAnswerSchema, description: "The catalog" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/pages/{id}",
    summary: "A catalog page",
    params: id,
    query: PageQuerySchema,
    answer: { status: 200, schema: PageAnswerSchema, description: "The page" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/alerts",
    summary: "The alerts of a store running now, less those already seen",
    query: AlertsQuerySchema,
    answer: { status: 200, schema: AlertListAnswerSchema, description: "Alerts" },
    refusals: notFound,
  },
  {
    method: "post",
    path: "/orders",
    summary: "Create an order (on the first add to cart)",
    body: NewOrderBodySchema,
    answer: { status: 201, schema: OrderAnswerSchema, description: "The new order" },
    refusals: notFound,
  },
  {
    method: "get",
    path: "/orders",
    summary:
      "The caller's orders, the most recently placed first (a working cart by when it was started), each with its delivery (null for pickup), a page at a time: a signed-in user's own from every device; a guest's, this device's made signed out",
    query: OrderListQuerySchema,
    answer: { status: 200, schema: OrderListAnswerSchema, description: "Orders" },
    refusals: { 422: ["invalid"] },
  },
  {
    method: "get",
    path: "/orders/{id}",
    summary: "An order",
    params: id,
    query: OrderQuerySchema,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: notFound,
  },
  {
    method: "put",
    path: "/orders/{id}",
    summary: "Save checkout fields (after placement only customer.notification_type may change)",
    params: id,
    body: OrderUpdateBodySchema,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: {
      403: ["order_not_editable"],
      404: ["not_found"],
      422: ["invalid", "pickup_time_unavailable"],
    },
  },
  {
    method: "delete",
    path: "/orders/{id}",
    summary:
      "Cancel the cart, or a submitted order the store has not started (is_cancelable); its stock and promotion use are given back",
    params: id,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The cancelled order" },
    refusals: { 404: ["not_found"], 409: ["order_not_cancelable"] },
  },
  {
    method: "put",
    path: "/orders/{id}/retract",
    summary:
      "Take a submitted order the store has not started (is_editable) back into the cart, to change and place again under the same number",
    params: id,
    answer: {
      status: 200,
      schema: OrderAnswerSchema,
      description: "The order, incomplete again, with its number",
    },
    refusals: { 404: ["not_found"], 409: ["order_not_retractable"] },
  },
  {
    method: "post",
    path: "/orders/{id}/reorder",
    summary:
      "A new cart with the order's items at today's prices; items that cannot be had are left out and listed in meta.left_out",
    params: id,
    body: ReorderBodySchema,
    answer: { status: 201, schema: ReorderAnswerSchema, description: "The new order's id" },
    refusals: { 404: ["not_found"], 422: ["invalid", "reorder_unavailable"] },
  },
  {
    method: "get",
    path: "/blackouts",
    summary:
      "Times an order cannot be picked up (the store's closed hours have type `closed`, full slots type `full`; nearly full slots in meta.nearly_full)",
    query: BlackoutsQuerySchema,
    answer: { status: 200, schema: BlackoutsAnswerSchema, description: "Blackouts and the window" },
    refusals: notFound,
  },
  {
    method: "post",
    path: "/orders/{id}/promotion",
    summary: "Apply a promotion code",
    params: id,
    body: PromotionBodySchema,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order with it" },
    refusals: {
      400: ["promotion_refused"],
      403: ["order_not_editable"],
      404: ["not_found"],
      422: ["invalid", "promotion_code_required"],
    },
  },
  {
    method: "delete",
    path: "/orders/{id}/promotion",
    summary: "Remove the order's promotion",
    params: id,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order without it" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  {
    method: "put",
    path: "/orders/{id}/refresh",
    summary: "Price the items again at today's prices",
    params: id,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  {
    method: "put",
    path: "/orders/{id}/place",
    summary:
      "Place the order; the same Idempotency-Key again answers the same placed order (decision 006)",
    params: id,
    headers: z.object({ "idempotency-key": z.string().max(100).optional() }),
    body: PlaceBodySchema,
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
  {
    method: "post",
    path: "/orders/{id}/delivery/validate",
    summary:
      "Check a delivery address with the department's delivery service and price it (nothing is stored); signed in only",
    ...deliveryInfoCall,
    answer: { status: 200, schema: DeliveryQuoteAnswerSchema, description: "The quote" },
  },
  {
    method: "post",
    path: "/orders/{id}/store-delivery",
    summary:
      "Turn delivery on: the address checked and priced by the delivery service, the delivery fee and tip added to the totals",
    ...deliveryInfoCall,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order with its delivery" },
  },
  {
    method: "delete",
    path: "/orders/{id}/store-delivery",
    summary: "Turn delivery off: no delivery fee or tip is left on the order",
    params: id,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order, for pickup" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/orders/{id}/product-recommendations",
    summary: "Products to suggest for the cart",
    params: id,
    answer: { status: 200, schema: RecommendationsAnswerSchema, description: "Recommendations" },
    refusals: { 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/orders/{id}/coupon",
    summary: "The coupon offered after an order (404 when none is)",
    params: id,
    query: CouponQuerySchema,
    answer: { status: 200, schema: CouponAnswerSchema, description: "The coupon" },
    refusals: notFound,
  },
  {
    method: "post",
    path: "/orders/{id}/coupon",
    summary:
      "Load the offered coupon to the signed-in shopper's own club card (the offer's signed clip_token, while the coupon is valid and still offered)",
    params: id,
    body: CouponClipBodySchema,
    answer: { status: 201, schema: CouponClipAnswerSchema, description: "Loaded" },
    refusals: {
      403: ["forbidden"],
      404: ["not_found"],
      422: ["invalid", "coupon_already_loaded", "coupon_offer_invalid"],
    },
  },
  {
    method: "post",
    path: "/orders/{id}/card-authorization",
    summary:
      "Start the card authorization of an incomplete order on the gateway's hosted page (signed in; the department takes online payment). Holds the estimated total plus 15 % of the weighed items (decision 021); while one is pending or approved and still covers the order, the same page and reference are answered again. With delivery: true the body also carries tip (cents) and user's delivery fields",
    params: id,
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
  {
    method: "get",
    path: "/orders/{id}/card-authorization",
    summary:
      "The order's card authorization (asked of the gateway again while pending); 404 when it has none",
    params: id,
    answer: {
      status: 200,
      schema: CardAuthorizationAnswerSchema,
      description: "The authorization",
    },
    refusals: { 404: ["not_found"] },
  },
  {
    method: "delete",
    path: "/orders/{id}/card-authorization",
    summary:
      "Clear the order's card authorization ('Pay At Store'); a hold is voided at the gateway",
    params: id,
    answer: { status: 204, description: "Cleared" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/payment-webhooks/{gateway}",
    summary: `A payment gateway's notice that an authorization changed, signed in the ${PAYMENT_SIGNATURE_HEADER} header (t=UNIX_SECONDS,v1=HMAC-SHA256 of "t.body"; five minutes' tolerance). No API key; a repeated notice changes nothing`,
    public: true,
    params: z.object({ gateway: z.enum(["sandbox", "hosted"]) }),
    headers: z.object({ [PAYMENT_SIGNATURE_HEADER]: z.string() }),
    body: PaymentWebhookEventSchema,
    answer: { status: 200, schema: PaymentWebhookAnswerSchema, description: "Received" },
    refusals: {
      400: ["payment_webhook_signature_invalid"],
      404: ["not_found"],
      422: ["invalid"],
    },
  },
  {
    method: "post",
    path: "/items",
    summary:
      "Add an item to an order (prices come from the database, never the client); with department_id instead of order_id, the first add creates the order with the item, in one transaction",
    body: NewItemBodySchema,
    answer: { status: 201, schema: ItemAnswerSchema, description: "The item with its preferences" },
    refusals: itemRefusals,
  },
  {
    method: "put",
    path: "/items/{id}",
    summary: "Change an item",
    params: id,
    body: ItemBodySchema,
    answer: { status: 200, schema: ItemAnswerSchema, description: "The item" },
    refusals: itemRefusals,
  },
  {
    method: "delete",
    path: "/items/{id}",
    summary: "Remove an item (removing the last one cancels the order)",
    params: id,
    answer: { status: 200, schema: OrderAnswerSchema, description: "The order" },
    refusals: { 403: ["order_not_editable"], 404: ["not_found"] },
  },
  {
    method: "post",
    path: "/items/{id}/image",
    summary: "Upload the item's customer photo (JPEG, PNG, GIF or WebP by content; at most 5 MB)",
    params: id,
    multipart: true,
    body: z.object({ image: z.string().openapi({ format: "binary" }) }),
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
  {
    method: "put",
    path: "/items/{id}/substitution",
    summary:
      "Choose what the store does if the item is unavailable: best_match, none, or product with substitute_product_id (one of GET /items/{id}/substitutes); only none while the order's substitutions_allowed is off",
    params: id,
    body: ItemSubstitutionBodySchema,
    answer: { status: 200, schema: ItemAnswerSchema, description: "The item with its choice" },
    refusals: {
      403: ["order_not_editable"],
      404: ["not_found"],
      422: ["invalid", "substitute_not_offered", "substitutions_off"],
    },
  },
  {
    method: "get",
    path: "/items/{id}/substitutes",
    summary:
      "Up to 5 similar products the item may be substituted with: the same category in the order's department, available, not the item's own product",
    params: id,
    answer: { status: 200, schema: SubstitutesAnswerSchema, description: "The products" },
    refusals: notFound,
  },
  {
    method: "post",
    path: "/recommend_collection_analytics_snapshots/{collection}/{product}/{event}",
    summary: "Count a view or an add of a recommended product",
    params: z.object({
      collection: z.string().regex(/^[0-9a-f]{1,64}$/),
      product: pathIdParam,
      event: z.enum(RECOMMENDATION_EVENTS),
    }),
    answer: { status: 204, description: "Counted" },
    refusals: { 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/oauth/authorize",
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
  {
    method: "post",
    path: "/oauth/authenticate",
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
  {
    method: "delete",
    path: "/oauth/session",
    summary:
      "Sign out: this key is retired and opens nothing again (the provider's own session is not ended)",
    answer: { status: 204, description: "Signed out" },
  },
  {
    method: "get",
    path: "/profile",
    summary: "The signed-in person's profile (401 for a guest's key)",
    answer: {
      status: 200,
      schema: UserProfileAnswerSchema,
      description:
        "The profile; in meta.address_page_url the provider's page for adding an address (or null)",
    },
  },
  // The store's side of an order (issue 30): an associate of the store only (decision 042).
  {
    method: "get",
    path: "/stores/{store}/orders",
    summary:
      "The store's queue: its placed orders due on one store-local day (today by default), by department and slot",
    params: storeParam,
    query: StoreQueueQuerySchema,
    answer: { status: 200, schema: StoreQueueAnswerSchema, description: "The orders of the day" },
    refusals: { 403: ["store_associate_required"], 404: ["not_found"], 422: ["invalid"] },
  },
  {
    method: "put",
    path: "/stores/{store}/orders/{id}/status",
    summary:
      "Move an order one step of the store's rule (core/rules/order-status); the order row is held, so two associates pressing at once change it once",
    params: storeParam.extend({ id: pathIdParam }),
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
  {
    method: "get",
    path: "/stores/{store}/orders/{id}",
    summary:
      "An order to pick: each item with its configuration, the shopper's substitution choice and what may be given instead, the estimate, the final amount and the hold",
    params: storeParam.extend({ id: pathIdParam }),
    answer: { status: 200, schema: StoreOrderAnswerSchema, description: "The order" },
    refusals: { 403: ["store_associate_required"], 404: ["not_found"] },
  },
  {
    method: "put",
    path: "/stores/{store}/orders/{id}/items/{item}",
    summary:
      "Pick an item (with the weighed quantity for one sold by weight), substitute it as the shopper allowed, or mark it unavailable; the final amount is recomputed by the cart's rules",
    params: storeParam.extend({ id: pathIdParam, item: pathIdParam }),
    body: PickBodySchema,
    answer: { status: 200, schema: StoreOrderAnswerSchema, description: "The order" },
    refusals: {
      403: ["store_associate_required"],
      404: ["not_found"],
      409: ["order_status_refused"],
      422: ["invalid", "substitute_not_offered"],
    },
  },
];

const STATUS_TEXT: Record<number, string> = {
  400: "Refused",
  401: "Missing or unknown API key",
  403: "Not allowed for this order as it is",
  404: "Unknown id, or a resource the caller does not own",
  409: "The store has started on the order, or it is past that step (or it changed meanwhile)",
  422: "Invalid parameters or body, with errors per field",
  502: "A partner service (identity provider, payment gateway, delivery service) could not be reached, refused the call, or is not set up",
  503: "No identity provider or payment gateway is set up",
};

/** The answers of a call: its success, then each refusal with the codes it may carry. */
function responsesOf(call: ApiCallDescription, errorBody: ZodTypeAny): RouteConfig["responses"] {
  const errorContent = { "application/json": { schema: errorBody } };
  const responses: RouteConfig["responses"] = {
    [call.answer.status]: {
      description: call.answer.description,
      ...(call.answer.schema
        ? { content: { "application/json": { schema: call.answer.schema } } }
        : {}),
    },
  };
  const refusals: Partial<Record<number, ApiErrorCode[]>> = {
    ...(call.public ? {} : { 401: ["unauthenticated"] }),
    ...call.refusals,
  };
  for (const [status, codes] of Object.entries(refusals)) {
    responses[status] = {
      description: `${STATUS_TEXT[Number(status)]}; code: ${codes!.map((c) => `\`${c}\``).join(", ")}`,
      content: errorContent,
    };
  }
  return responses;
}

function buildDocument() {
  const registry = new OpenAPIRegistry();
  // The registered copy carries its name, so every error answer refers to one component.
  const errorBody = registry.register("ApiError", ApiErrorBodySchema);
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
  });
  for (const call of API_CALLS) {
    registry.registerPath({
      method: call.method,
      path: call.path,
      summary: call.summary,
      ...(call.public ? { security: [] } : {}),
      request: {
        ...(call.params ? { params: call.params } : {}),
        ...(call.query ? { query: call.query as AnyZodObject } : {}),
        ...(call.headers ? { headers: call.headers } : {}),
        ...(call.body
          ? {
              body: {
                required: true,
                content: {
                  [call.multipart ? "multipart/form-data" : "application/json"]: {
                    schema: call.body,
                  },
                },
              },
            }
          : {}),
      },
      responses: responsesOf(call, errorBody),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Order Express API",
      version: "1",
      description:
        "Generated from core/contract/. Every error body is { status, code, message, errors? }.",
    },
    servers: [{ url: "/api/1" }],
    security: [{ [bearer.name]: [] }],
  });
}

export const openApiDocument = buildDocument();
