/**
 * The API's answers as zod schemas (docs/api.md). Single resources are `{ data }`, lists are
 * `{ data: [], meta }`, and included relations sit inside the resource in the same envelope.
 * Unknown fields are dropped; a missing or mistyped field is a clear error at the client.
 */
import { z } from "zod";

/** An included relation: `{ data: T }`. */
const included = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });

export const singleResource = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
export const listResource = <T extends z.ZodTypeAny>(schema: T) =>
  z.object({ data: z.array(schema), meta: z.object({ count: z.number() }).passthrough() });

export const apiKeySchema = z.object({ apikey: z.string().min(1), uuid: z.string().min(1) });

export const brandSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  market_name: z.string(),
  logo_url: z.string().nullable(),
  phone: z.string().nullable(),
  can_change_stores: z.boolean(),
  circular_week_start: z.number().int().min(0).max(6),
  bag_fee_amount: z.number(),
  stores_count: z.number(),
  default_store_id: z.number().nullable(),
});

export const homeStoreSchema = z.object({ id: z.number().nullable() });

export const geolocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  source: z.string(),
});

export const categorySchema = z.object({
  id: z.number(),
  department_id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  icon_image_url: z.string().nullable(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  weight: z.number(),
});

export const pickupLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address_1: z.string(),
  address_2: z.string().nullable(),
});

export const productImageSchema = z.object({
  id: z.number(),
  primary: z.boolean(),
  image_url: z.string(),
  alt_text: z.string().nullable(),
});

export const choiceSchema = z.object({
  id: z.number(),
  facet_id: z.number(),
  value: z.string(),
  description: z.string().nullable(),
  default: z.boolean(),
  srp_amount: z.number(),
  calorie_modifier: z.number(),
  thumbnail_image_url: z.string().nullable(),
  full_image_url: z.string().nullable(),
  meta: z.object({ color: z.string() }),
});

export const facetSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  type: z.string(),
  choice_limit: z.number().nullable(),
  weight: z.number(),
  image_url: z.string().nullable(),
  facet_group_id: z.number().nullable(),
  choices: included(z.array(choiceSchema)).optional(),
});

/** A product as sold in one department (price, stock and stickiness are the department's). */
export const productSchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  hide_brand: z.boolean(),
  description: z.string().nullable(),
  variation_description: z.string().nullable(),
  image_url: z.string().nullable(),
  builder_base_image_url: z.string().nullable(),
  unit_of_measure: z.string(),
  srp_amount: z.number(),
  sale_srp_amount: z.number().nullable(),
  on_sale: z.boolean(),
  discount_amount: z.number().nullable(),
  minimum_quantity: z.number().nullable(),
  maximum_quantity: z.number().nullable(),
  remaining_quantity: z.number().nullable(),
  accepts_fractional_quantities: z.boolean(),
  accepts_special_instructions: z.boolean(),
  accepts_customer_photo: z.boolean(),
  lead_time: z.number(),
  deliverable: z.boolean(),
  serving_size: z.number().nullable(),
  detail_style: z.string(),
  call_to_action: z.string().nullable(),
  sticky: z.boolean(),
  popularity: z.number(),
  favorite: z.boolean(),
  nutrition: z.object({ calories: z.number().nullable(), serving_size: z.string().nullable() }),
  images: included(z.array(productImageSchema)).optional(),
});

export const departmentSchema = z.object({
  id: z.number(),
  store_id: z.number(),
  name: z.string(),
  weight: z.number(),
  list_style: z.string(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  show_sodium_warnings: z.boolean(),
  show_nutritional_info: z.boolean(),
  payment_gateway_enabled: z.boolean(),
  remote_orders_require_online_payment: z.boolean(),
  remote_orders_require_authentication: z.boolean(),
  delivery_enabled: z.boolean(),
  delivery_time: z.number(),
  delivery_type: z.enum(["store", "door_dash"]).nullable(),
  store_delivery_customer_instructions: z.string().nullable(),
  delivery_amount: z.number(),
  lead_time: z.number(),
  lead_time_limits: z.object({ min: z.number(), max: z.number() }),
  pickup_interval: z.number(),
  order_sources_with_coupon_code: z.array(z.string()),
  catalog: z.object({ id: z.number(), name: z.string() }).nullable(),
  // `include=categories.children` nests each category's children (dropped without this).
  categories: included(
    z.array(categorySchema.extend({ children: included(z.array(categorySchema)).optional() })),
  ).optional(),
  pickup_locations: included(z.array(pickupLocationSchema)).optional(),
  /** The department's first product (sticky, then most popular); null when it sells nothing. */
  featured_product: included(productSchema.nullable()).optional(),
});

export const pseudoDepartmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  caption: z.string().nullable(),
  kiosk_image_url: z.string().nullable(),
  weight: z.number(),
  department_id: z.number(),
  target: z.object({ type: z.enum(["product", "category"]), id: z.number() }),
  url: z.string(),
});

export const storeSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  phone: z.string().nullable(),
  address_latitude: z.number(),
  address_longitude: z.number(),
  timezone: z.string(),
  customer_disclaimer: z.string().nullable(),
  /** Miles, when the list was asked for by position. */
  distance: z.number().optional(),
  brand: included(brandSchema).optional(),
  departments: included(z.array(departmentSchema)).optional(),
  pseudoDepartments: included(z.array(pseudoDepartmentSchema)).optional(),
});

/** Only what the shell's Cart badge needs; the order pages will widen this. */
export const orderItemSummarySchema = z.object({ id: z.number(), quantity: z.number() });
export const orderSummarySchema = z.object({
  id: z.number(),
  status: z.string(),
  items: included(z.array(orderItemSummarySchema)).optional(),
});

const bundleMemberSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  name: z.string(),
  product: included(productSchema.nullable()).optional(),
});

/** The product page's product: facets with choices, groups, triggers, bundle and suggestions. */
export const productDetailSchema = productSchema.extend({
  facet_groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      weight: z.number(),
      facet_ids: z.array(z.number()),
    }),
  ),
  facet_triggers: z.array(z.object({ facet_id: z.number(), choice_id: z.number() })),
  facets: included(z.array(facetSchema)).optional(),
  bundle: included(
    z
      .object({
        id: z.number(),
        name: z.string(),
        members: included(z.array(bundleMemberSchema)).optional(),
      })
      .nullable(),
  ).optional(),
  suggestions: included(z.array(productSchema)).optional(),
});

export const productListingSchema = z.object({
  data: z.array(productSchema),
  meta: z.object({
    count: z.number(),
    total: z.number(),
    page: z.number(),
    per_page: z.number(),
    brands: z.array(z.string()),
  }),
});

export const categoryDetailSchema = categorySchema.extend({
  children: included(z.array(categorySchema)).optional(),
  products: included(z.array(productSchema)).optional(),
  department: included(departmentSchema).optional(),
});

export const builderSchema = z.object({
  baseImageUrl: z.string().nullable(),
  groups: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      weight: z.number(),
      facet_ids: z.array(z.number()),
      layers: z.array(
        z.object({ facet_id: z.number(), choice_id: z.number(), image_url: z.string() }),
      ),
    }),
  ),
});

export const nutritionSchema = z.object({
  calories: z.number().nullable(),
  serving_size: z.string().nullable(),
  url: z.string().nullable(),
  sodium_warning_header: z.string().nullable(),
  sodium_warning_footer: z.string().nullable(),
});

export const catalogPageSchema = z.object({
  id: z.number(),
  catalog_id: z.number(),
  number: z.number(),
  image_url: z.string(),
});

export const catalogSchema = z.object({
  id: z.number(),
  department_id: z.number(),
  name: z.string(),
  cover_image_url: z.string().nullable(),
  image_url: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  page_count: z.number(),
  pages: included(z.array(catalogPageSchema)).optional(),
});

export const hitboxSchema = z.object({
  id: z.number(),
  top: z.number(),
  left: z.number(),
  width: z.number(),
  height: z.number(),
  target: z.object({
    type: z.enum(["product", "page"]),
    id: z.number().nullable(),
    number: z.number().nullable(),
  }),
});

export const catalogPageDetailSchema = catalogPageSchema.extend({
  hitboxes: included(z.array(hitboxSchema)).optional(),
});

export const alertSchema = z.object({
  id: z.number(),
  type: z.enum(["message", "image"]),
  name: z.string(),
  message: z.string().nullable(),
  image_url: z.string().nullable(),
  alt_text: z.string().nullable(),
});

export const preferenceSchema = z.object({
  id: z.number(),
  facet_id: z.number(),
  choice_id: z.number().nullable(),
  value: z.string().nullable(),
  name: z.string(),
  price: z.number(),
});

export const orderItemSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  product_id: z.number(),
  quantity: z.number(),
  price: z.number(),
  subtotal: z.number(),
  notes: z.string().nullable(),
  image_url: z.string().nullable(),
  add_source: z.string(),
  preferences: included(z.array(preferenceSchema)).optional(),
  product: included(productSchema.nullable()).optional(),
});

/** An order with whatever relations were asked for. */
export const orderSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  status: z.string(),
  is_editable: z.boolean(),
  is_cancelable: z.boolean(),
  department_id: z.number(),
  source: z.string(),
  pickup_at: z.string().nullable(),
  pickup_location_id: z.number().nullable(),
  substitutions_allowed: z.boolean(),
  customer: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notification_type: z.array(z.string()),
  }),
  notes: z.string().nullable(),
  received_assistance: z.boolean(),
  item_count: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  delivery_amount: z.number(),
  tip_amount: z.number(),
  total: z.number(),
  placed_at: z.string().nullable(),
  promotion: included(
    z
      .object({ code: z.string(), description: z.string(), type: z.string(), value: z.number() })
      .nullable(),
  ).optional(),
  department: included(
    departmentSchema.extend({
      store: included(
        storeSchema.omit({ departments: true, pseudoDepartments: true, brand: true }),
      ).optional(),
    }),
  ).optional(),
  items: included(z.array(orderItemSchema)).optional(),
  cardAuthorization: included(
    z
      .object({
        id: z.number(),
        status: z.string(),
        amount: z.number(),
        card_brand: z.string().nullable(),
        card_last_four: z.string().nullable(),
      })
      .nullable(),
  ).optional(),
});

export const blackoutsSchema = z.object({
  data: z.array(z.object({ from: z.string(), to: z.string(), type: z.string() })),
  meta: z.object({
    lead_time: z.object({ min: z.number(), max: z.number() }),
    pickup_window: z.object({ interval: z.number(), days: z.number() }),
    timezone: z.string(),
    delivery_time: z.number(),
  }),
});

export const recommendationsSchema = z.object({
  title: z.string(),
  products: z.array(productSchema),
  collection_id: z.string(),
});

export const couponSchema = z.object({
  coupon_id: z.string(),
  clip_token: z.string(),
  image_url: z.string().nullable(),
  brand_name: z.string(),
  short_description: z.string(),
  requirement_description: z.string().nullable(),
  expiration_date: z.string(),
  value: z.number(),
});

export type Brand = z.infer<typeof brandSchema>;
export type Store = z.infer<typeof storeSchema>;
export type Category = z.infer<typeof categorySchema>;
export type PickupLocation = z.infer<typeof pickupLocationSchema>;
export type Department = z.infer<typeof departmentSchema>;
export type PseudoDepartment = z.infer<typeof pseudoDepartmentSchema>;
export type Geolocation = z.infer<typeof geolocationSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type ApiKey = z.infer<typeof apiKeySchema>;
export type Product = z.infer<typeof productSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;
export type ProductListing = z.infer<typeof productListingSchema>;
export type Facet = z.infer<typeof facetSchema>;
export type Choice = z.infer<typeof choiceSchema>;
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;
export type Builder = z.infer<typeof builderSchema>;
export type Nutrition = z.infer<typeof nutritionSchema>;
export type Catalog = z.infer<typeof catalogSchema>;
export type CatalogPage = z.infer<typeof catalogPageDetailSchema>;
export type Alert = z.infer<typeof alertSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type Blackouts = z.infer<typeof blackoutsSchema>;
export type Recommendations = z.infer<typeof recommendationsSchema>;
export type Coupon = z.infer<typeof couponSchema>;
