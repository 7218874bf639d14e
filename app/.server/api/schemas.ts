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
  categories: included(z.array(categorySchema)).optional(),
  pickup_locations: included(z.array(pickupLocationSchema)).optional(),
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

export type Brand = z.infer<typeof brandSchema>;
export type Store = z.infer<typeof storeSchema>;
export type Category = z.infer<typeof categorySchema>;
export type PickupLocation = z.infer<typeof pickupLocationSchema>;
export type Department = z.infer<typeof departmentSchema>;
export type PseudoDepartment = z.infer<typeof pseudoDepartmentSchema>;
export type Geolocation = z.infer<typeof geolocationSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type ApiKey = z.infer<typeof apiKeySchema>;
