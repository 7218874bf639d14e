/**
 * Kysely table types for the Order Express database.
 *
 * Conventions (see docs/decisions/002-one-schema-two-databases.md):
 * - ids are integers assigned by the database;
 * - money is integer cents;
 * - flags are integers 0/1 on both databases, so one query text serves SQLite and PostgreSQL;
 * - instants are ISO-8601 UTC strings in SQLite and timestamptz in PostgreSQL; read them through
 *   `toIso()` in `api/db/values.ts`;
 * - quantities that may be fractional (1.25 lb) are double precision;
 * - small structured settings are JSON text, parsed by the service that owns them.
 */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** An instant: written as an ISO string, read back as a string (SQLite) or a Date (PostgreSQL). */
type Instant = ColumnType<string | Date, string, string>;
type NullableInstant = ColumnType<string | Date | null, string | null, string | null>;
type Flag = number; // 0 or 1

interface BrandsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  market_name: string;
  logo_url: string | null;
  phone: string | null;
  /** Whether a shopper may change stores (Change Store, /stores). */
  can_change_stores: Flag;
  /** Weekly circular starts on this weekday: 0 = Sunday, 5 = Friday. */
  circular_week_start: number;
  bag_fee_amount: number;
  default_store_id: number | null;
  /** Market centre used when nothing better locates the shopper. */
  default_latitude: number;
  default_longitude: number;
  timezone: string;
  stores_count: number;
  created_at: Instant;
}

interface ApiKeysTable {
  id: Generated<number>;
  /** sha-256 of the key handed out; the key itself is never stored. */
  key_hash: string;
  uuid: string;
  brand_id: number;
  device_brand: string | null;
  device_platform: string | null;
  device_model: string | null;
  device_version: string | null;
  app_type: string;
  app_version: string | null;
  user_id: number | null;
  home_store_id: number | null;
  created_at: Instant;
  last_used_at: NullableInstant;
}

interface UsersTable {
  id: Generated<number>;
  brand_id: number;
  sso_subject: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  uuid: string;
  card_number: string | null;
  mi9_uuid: string | null;
  mwg_uuid: string | null;
  /** The store this person works at, from the provider's claims (migration 014); null: a shopper. */
  associate_store_id: Generated<number | null>;
  created_at: Instant;
}

interface UserAddressesTable {
  id: Generated<number>;
  user_id: number;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  zip_code: string;
  created_at: Instant;
}

interface StoresTable {
  id: Generated<number>;
  brand_id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string | null;
  address_latitude: number;
  address_longitude: number;
  timezone: string;
  customer_disclaimer: string | null;
  active: Flag;
}

/** Opening hours; the hours outside them are blackouts for pickup. day_of_week 0 = Sunday. */
interface StoreHoursTable {
  id: Generated<number>;
  store_id: number;
  day_of_week: number;
  opens_at: string; // "HH:MM" store-local
  closes_at: string; // "HH:MM" store-local
}

interface DepartmentsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  /** Department kind, e.g. "deli", "bakery": what the demo seed and reports group by. */
  kind: string;
  weight: number;
  list_style: string; // "default" | "image-centric"
  image_url: string | null;
  description: string | null;
  show_sodium_warnings: Flag;
  show_nutritional_info: Flag;
  payment_gateway_enabled: Flag;
  remote_orders_require_online_payment: Flag;
  remote_orders_require_authentication: Flag;
  delivery_enabled: Flag;
  delivery_time: number; // minutes
  delivery_type: string | null; // "store" | "door_dash"
  store_delivery_customer_instructions: string | null;
  delivery_amount: number; // cents
  /** Department lead time in minutes (the floor for every item). */
  lead_time: number;
  /** Lead-time limits for slots (minutes). */
  lead_time_min: number;
  lead_time_max: number;
  pickup_interval: number; // minutes between pickup slots
  order_sources_with_coupon_code: string; // JSON array of sources
  active: Flag;
}

interface PseudoDepartmentsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  caption: string | null;
  kiosk_image_url: string | null;
  department_id: number;
  target_type: string; // "product" | "category"
  target_id: number;
  weight: number;
}

interface PickupLocationsTable {
  id: Generated<number>;
  department_id: number;
  name: string;
  address_1: string;
  address_2: string | null;
  weight: number;
}

interface CategoriesTable {
  id: Generated<number>;
  department_id: number;
  parent_id: number | null;
  name: string;
  icon_image_url: string | null;
  image_url: string | null;
  featured: Flag;
  weight: number;
}

/** The brand's product master; price and stock live per department in department_products. */
interface ProductsTable {
  id: Generated<number>;
  brand_id: number;
  sku: string;
  name: string;
  brand: string | null;
  hide_brand: Flag;
  description: string | null;
  variation_description: string | null;
  builder_base_image_url: string | null;
  unit_of_measure: string; // "pound" | "dry ounce" | "each" | "rib"
  minimum_quantity: number | null;
  maximum_quantity: number | null;
  accepts_fractional_quantities: Flag;
  accepts_special_instructions: Flag;
  accepts_customer_photo: Flag;
  lead_time: number; // minutes
  deliverable: Flag;
  serving_size: number | null; // serves n
  detail_style: string; // "default" | "builder"
  call_to_action: string | null;
  calories: number | null;
  nutrition_serving_size: string | null;
  /** Nutrition facts panel, stored as structured JSON and rendered to HTML by the API. */
  nutrition_facts: string | null;
  sodium_warning: Flag;
}

interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  image_url: string;
  alt_text: string | null;
  primary: Flag;
  weight: number;
}

interface DepartmentProductsTable {
  id: Generated<number>;
  department_id: number;
  product_id: number;
  srp_amount: number; // cents per unit
  sale_srp_amount: number | null;
  on_sale: Flag;
  discount_amount: number | null; // Price Plus Club discount, cents
  remaining_quantity: number | null; // null = not limited
  sticky: Flag;
  popularity: number;
  active: Flag;
}

interface CategoryProductsTable {
  category_id: number;
  product_id: number;
  weight: number;
}

interface FacetGroupsTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  weight: number;
}

interface FacetsTable {
  id: Generated<number>;
  product_id: number;
  facet_group_id: number | null;
  name: string;
  description: string | null;
  required: Flag;
  type: string; // "multi-choice" | "free-response" | "custom-message"
  choice_limit: number | null;
  weight: number;
  image_url: string | null;
}

interface ChoicesTable {
  id: Generated<number>;
  facet_id: number;
  value: string;
  description: string | null;
  is_default: Flag;
  srp_amount: number; // cents added per unit
  calorie_modifier: number;
  thumbnail_image_url: string | null;
  full_image_url: string | null; // builder layer
  color: string | null;
  weight: number;
}

/** A facet with trigger rows is visible only when one of those choices is selected. */
interface FacetTriggersTable {
  facet_id: number;
  choice_id: number;
}

interface BundlesTable {
  id: Generated<number>;
  product_id: number;
  name: string;
}

interface BundleMembersTable {
  id: Generated<number>;
  bundle_id: number;
  product_id: number;
  name: string;
  weight: number;
}

interface ProductSuggestionsTable {
  product_id: number;
  suggested_product_id: number;
  weight: number;
}

interface FavoritesTable {
  user_id: number;
  product_id: number;
  created_at: Instant;
}

interface CatalogsTable {
  id: Generated<number>;
  department_id: number;
  name: string;
  cover_image_url: string | null;
  image_url: string | null;
  starts_on: string | null; // YYYY-MM-DD
  ends_on: string | null;
  weight: number;
}

interface CatalogPagesTable {
  id: Generated<number>;
  catalog_id: number;
  number: number;
  image_url: string;
}

interface HitboxesTable {
  id: Generated<number>;
  page_id: number;
  /** Position and size in percent of the page image. */
  top: number;
  left: number;
  width: number;
  height: number;
  target_type: string; // "product" | "page"
  target_id: number | null; // product id
  target_number: number | null; // page number
}

interface BlackoutsTable {
  id: Generated<number>;
  store_id: number;
  department_id: number | null; // null = the whole store
  from: Instant;
  to: Instant;
  type: string; // "holiday" | "closure" | "capacity"
  reason: string | null;
}

interface PromotionsTable {
  id: Generated<number>;
  brand_id: number;
  code: string; // stored upper-case
  description: string;
  type: string; // delivery-percentage | delivery-amount | order-percentage | order-amount
  value: number; // percent, or cents
  minimum_subtotal: number;
  starts_at: NullableInstant;
  ends_at: NullableInstant;
  max_uses: number | null;
  uses: number;
  active: Flag;
  /** Only for a shopper who has never placed an order (by user, device or email). */
  first_order_only: Flag;
}

interface AlertsTable {
  id: Generated<number>;
  brand_id: number;
  store_id: number | null; // null = every store of the brand
  type: string; // "message" | "image"
  name: string;
  message: string | null;
  image_url: string | null;
  alt_text: string | null;
  starts_at: NullableInstant;
  ends_at: NullableInstant;
  weight: number;
}

interface OrdersTable {
  id: Generated<number>;
  number: string | null; // assigned on placement
  brand_id: number;
  api_key_id: number;
  user_id: number | null;
  department_id: number;
  status: string; // "incomplete" | "submitted" | "in_progress" | "ready" | "picked_up" | "cancelled"
  source: string;
  pickup_at: NullableInstant;
  pickup_location_id: number | null;
  substitutions_allowed: Flag;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  notification_type: string; // JSON array: "email" | "sms"
  notes: string | null;
  received_assistance: Flag;
  promotion_id: number | null;
  subtotal: number;
  discount: number;
  /** Price Plus Club savings: the sum of the items' club discounts (migration 008). */
  club_savings: Generated<number>;
  delivery_amount: number;
  tip_amount: number;
  total: number;
  placed_at: NullableInstant;
  /** Idempotency key of the request that placed the order. */
  placement_key: string | null;
  cancelled_at: NullableInstant;
  /** The final amount once picking changed anything (migration 016); null: the estimate stands. */
  final_subtotal: Generated<number | null>;
  final_discount: Generated<number | null>;
  final_club_savings: Generated<number | null>;
  final_total: Generated<number | null>;
  created_at: Instant;
  updated_at: Instant;
}

interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  quantity: number;
  price: number; // cents per unit at the time it was priced
  subtotal: number;
  /** Price Plus Club discount of this item's quantity, cents; 0 without a club card. */
  club_discount_amount: Generated<number>;
  notes: string | null;
  image_url: string | null; // customer photo
  add_source: string; // "default" | "recommendation"
  /** 'best_match' | 'none' | 'product'; null: never chosen (core/rules/substitution.ts). */
  substitution: string | null;
  /** The product chosen for 'product'. */
  substitute_product_id: number | null;
  /** What the store did (migration 016): 'picked' | 'substituted' | 'unavailable'; null: not yet. */
  pick_status: Generated<string | null>;
  /** The quantity picked, or weighed for an item sold by weight. */
  picked_quantity: Generated<number | null>;
  /** The product given in the item's place ('substituted'). */
  picked_product_id: Generated<number | null>;
  /** The line's final subtotal and club discount, by the cart's rules (core/rules/final-amount). */
  final_subtotal: Generated<number | null>;
  final_club_discount: Generated<number | null>;
  picked_at: Generated<string | Date | null>;
  created_at: Instant;
  updated_at: Instant;
}

interface ItemPreferencesTable {
  id: Generated<number>;
  item_id: number;
  facet_id: number;
  choice_id: number | null;
  value: string | null;
  name: string;
  price: number; // cents per unit
}

interface OrderDeliveriesTable {
  id: Generated<number>;
  order_id: number;
  provider: string; // "store" | "door_dash"
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip_code: string;
  dropoff_instructions: string | null;
  tip_amount: number;
  delivery_amount: number;
  external_delivery_id: string | null;
  quote_id: string | null;
  /** Minutes the service quoted (migration 010). */
  estimated_minutes: number | null;
  created_at: Instant;
  /** When the delivery was last set or booked (migration 010). */
  updated_at: NullableInstant;
}

/**
 * One attempt to authorize an order's card (decision 021). `starting` until the gateway answered
 * (then `gateway_reference` and `redirect_url` are known), `pending` while the shopper is on the
 * hosted page, then a CardAuthorizationStatus; `voided` (cancelled at the gateway) and `cleared`
 * (a refused one put aside) are never answered. At most one is open (starting, pending, approved).
 */
interface CardAuthorizationsTable {
  id: Generated<number>;
  order_id: number;
  /** Our idempotency key for this attempt at the gateway. */
  attempt_key: string;
  gateway: string;
  gateway_reference: string | null;
  redirect_url: string | null;
  status: string;
  amount: number;
  fees: Generated<number>;
  card_brand: string | null;
  card_last_four: string | null;
  return_url: string;
  cancel_url: string;
  /** JSON: the billing address the storefront sent. */
  /** JSON of the billing address given, if any. */
  billing_address: string | null;
  /** Voids of a 'releasing' hold tried and failed so far. */
  release_attempts: Generated<number>;
  /** When a process claimed the hold to void it now (null: nobody is voiding it). */
  release_claimed_at: NullableInstant;
  /** The amount to charge, set when the order is handed over (migration 016, decision 043). */
  capture_amount: Generated<number | null>;
  /** What the gateway confirmed it charged; the rest of the hold is released. */
  captured_amount: Generated<number | null>;
  capture_attempts: Generated<number>;
  capture_claimed_at: Generated<string | Date | null>;
  captured_at: Generated<string | Date | null>;
  created_at: Instant;
  updated_at: Instant;
}

/** The sandbox gateway's sessions (api/integrations/payment/sandbox): brand and last four only. */
interface SandboxPaymentSessionsTable {
  id: Generated<number>;
  reference: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  merchant_name: string;
  description: string;
  return_url: string;
  cancel_url: string;
  /** open, approved, declined, insufficient_funds, voided */
  status: string;
  card_brand: string | null;
  card_last_four: string | null;
  created_at: Instant;
  updated_at: Instant;
  expires_at: Instant;
  /** What was captured (status 'captured'), under which idempotency key (migration 016). */
  captured_amount: Generated<number | null>;
  capture_key: Generated<string | null>;
}

interface CouponsTable {
  id: Generated<number>;
  brand_id: number;
  coupon_id: string;
  image_url: string | null;
  brand_name: string;
  short_description: string;
  requirement_description: string | null;
  expiration_date: string; // YYYY-MM-DD
  value: number; // cents
}

interface CouponClipsTable {
  id: Generated<number>;
  coupon_id: number;
  card_number: string;
  order_id: number | null;
  created_at: Instant;
}

interface RecommendationEventsTable {
  id: Generated<number>;
  collection_id: string;
  product_id: number;
  order_id: number | null;
  event: string; // "view" | "add-to-cart"
  created_at: Instant;
}

/** One row (id 1): bumped by triggers whenever what every shopper sees alike changes. */
interface SharedDataVersionTable {
  id: number;
  version: number;
}

/** A sign-in the API started for a device (decision 016): what it must check the return against. */
interface SsoSignInsTable {
  id: Generated<number>;
  state: string;
  api_key_id: number;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  created_at: Instant;
  expires_at: Instant;
  used_at: NullableInstant;
}

/** The sandbox identity provider's storage: one JSON payload per (model, id). */
interface SsoProviderRecordsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: NullableInstant;
  /** Epoch seconds, as oidc-provider reads `consumed`. */
  consumed_at: number | null;
}

/** The sandbox identity provider's accounts (test people, never real customers). */
export interface SandboxSsoAccountsTable {
  id: Generated<number>;
  subject: string;
  email: string;
  /** `scrypt$N$r$p$salt$hash`, base64url salt and hash. */
  password_hash: string;
  given_name: string;
  family_name: string;
  phone: string | null;
  card_number: string | null;
  address_line_1: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  /** The store's name for a store associate (migration 015, decision 042); null: a shopper. */
  associate_store: Generated<string | null>;
  created_at: Instant;
}

/** A department's cap on orders per slot, on one weekday, for local times [starts_at, ends_at). */
interface SlotCapacitiesTable {
  id: Generated<number>;
  department_id: number;
  kind: string; // "pickup" | "delivery"
  weekday: number; // 0 = Sunday
  starts_at: string; // "HH:MM"
  ends_at: string; // "HH:MM", up to "24:00"
  capacity: number;
}

/** An order's place in a slot: a hold until expires_at, or a booking (expires_at null). */
interface SlotPlacesTable {
  id: Generated<number>;
  order_id: number;
  department_id: number;
  kind: string; // "pickup" | "delivery"
  slot_at: Instant;
  expires_at: NullableInstant;
  created_at: Instant;
}

/** A status an order took after placement (migration 014): the shopper's history of it. */
interface OrderStatusChangesTable {
  id: Generated<number>;
  order_id: number;
  from_status: string;
  to_status: string;
  /** The associate who set it; null when the shopper or the system did. */
  changed_by_user_id: number | null;
  created_at: Instant;
}

/** One notification to send (migration 017, decision 044). */
interface OutboxMessagesTable {
  id: Generated<number>;
  idempotency_key: string;
  order_id: number | null;
  event: string; // placed | substitutions | ready | out_for_delivery | cancelled
  channel: string; // email | sms
  recipient: string;
  subject: string;
  body: string;
  status: string; // pending | sent | failed
  attempts: Generated<number>;
  next_attempt_at: Instant;
  claimed_at: NullableInstant;
  last_error: string | null;
  sent_at: NullableInstant;
  created_at: Instant;
}

/** What the sandbox mail and SMS transports received (migration 017). */
interface SandboxMessagesTable {
  id: Generated<number>;
  message_id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Instant;
}

export interface Database {
  brands: BrandsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  user_addresses: UserAddressesTable;
  stores: StoresTable;
  store_hours: StoreHoursTable;
  departments: DepartmentsTable;
  pseudo_departments: PseudoDepartmentsTable;
  pickup_locations: PickupLocationsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  department_products: DepartmentProductsTable;
  category_products: CategoryProductsTable;
  facet_groups: FacetGroupsTable;
  facets: FacetsTable;
  choices: ChoicesTable;
  facet_triggers: FacetTriggersTable;
  bundles: BundlesTable;
  bundle_members: BundleMembersTable;
  product_suggestions: ProductSuggestionsTable;
  favorites: FavoritesTable;
  catalogs: CatalogsTable;
  catalog_pages: CatalogPagesTable;
  hitboxes: HitboxesTable;
  blackouts: BlackoutsTable;
  slot_capacities: SlotCapacitiesTable;
  slot_places: SlotPlacesTable;
  promotions: PromotionsTable;
  alerts: AlertsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_changes: OrderStatusChangesTable;
  item_preferences: ItemPreferencesTable;
  order_deliveries: OrderDeliveriesTable;
  card_authorizations: CardAuthorizationsTable;
  coupons: CouponsTable;
  coupon_clips: CouponClipsTable;
  recommendation_events: RecommendationEventsTable;
  shared_data_version: SharedDataVersionTable;
  sso_sign_ins: SsoSignInsTable;
  sso_provider_records: SsoProviderRecordsTable;
  sandbox_sso_accounts: SandboxSsoAccountsTable;
  sandbox_payment_sessions: SandboxPaymentSessionsTable;
  outbox_messages: OutboxMessagesTable;
  sandbox_messages: SandboxMessagesTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
