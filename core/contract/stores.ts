/** Stores, their departments (with categories and pseudo-departments) and their alerts. */
import { z } from "zod";
import { BrandSchema } from "./brand";
import {
  included,
  includeParam,
  latitude,
  listResource,
  longitude,
  oneOrMany,
  queryId,
  singleResource,
  wholeNumber,
} from "./params";
import { ProductSchema } from "./products";

const STORE_INCLUDES = ["brand", "departments", "pseudoDepartments"] as const;
export type StoreInclude = (typeof STORE_INCLUDES)[number];
const DEPARTMENT_INCLUDES = [
  "categories",
  "categories.children",
  "pickup_locations",
  "featured_product",
  "store",
] as const;
export type DepartmentInclude = (typeof DEPARTMENT_INCLUDES)[number];
const CATEGORY_INCLUDES = ["children", "products", "products.images", "department"] as const;
export type CategoryInclude = (typeof CATEGORY_INCLUDES)[number];

// --- Requests --------------------------------------------------------------------------------

/** GET /stores without its one cross-field rule (the form OpenAPI describes). */
export const StoresQueryFieldsSchema = z.object({
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  limit: wholeNumber(1, 1000, 1000),
  include: includeParam(STORE_INCLUDES),
});

export const StoresQuerySchema = StoresQueryFieldsSchema.superRefine((q, ctx) => {
  if ((q.latitude === undefined) !== (q.longitude === undefined)) {
    const missing = q.latitude === undefined ? "latitude" : "longitude";
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [missing],
      message: "Latitude and longitude go together.",
    });
  }
});

export const StoreQuerySchema = z.object({ include: includeParam(STORE_INCLUDES) });
export const DepartmentQuerySchema = z.object({ include: includeParam(DEPARTMENT_INCLUDES) });
export const CategoryQuerySchema = z.object({ include: includeParam(CATEGORY_INCLUDES) });

export const AlertsQuerySchema = z.object({
  store_id: queryId,
  exclude: oneOrMany(queryId, z.array(queryId).max(200, "At most 200 ids.")),
});

// --- Answers ---------------------------------------------------------------------------------

export const CategorySchema = z.object({
  id: z.number(),
  department_id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  icon_image_url: z.string().nullable(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  weight: z.number(),
});

export const PickupLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address_1: z.string(),
  address_2: z.string().nullable(),
});

/** A store's own fields, as included in a department, a page or an order. */
export const StoreFieldsSchema = z.object({
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
});

export const DepartmentSchema = z.object({
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
  /** The catalog running now, or null. */
  catalog: z.object({ id: z.number(), name: z.string() }).nullable(),
  // `include=categories.children` nests each category's children.
  categories: included(
    z.array(CategorySchema.extend({ children: included(z.array(CategorySchema)).optional() })),
  ).optional(),
  pickup_locations: included(z.array(PickupLocationSchema)).optional(),
  /** The department's first product (sticky, then most popular); null when it sells nothing. */
  featured_product: included(ProductSchema.nullable()).optional(),
  store: included(StoreFieldsSchema).optional(),
});

export const PseudoDepartmentSchema = z.object({
  id: z.number(),
  store_id: z.number(),
  name: z.string(),
  caption: z.string().nullable(),
  kiosk_image_url: z.string().nullable(),
  weight: z.number(),
  department_id: z.number(),
  target: z.object({ type: z.enum(["product", "category"]), id: z.number() }),
  /** The storefront path below the store. */
  url: z.string(),
});

export const StoreSchema = StoreFieldsSchema.extend({
  /** Miles, when the list was asked for by position. */
  distance: z.number().optional(),
  brand: included(BrandSchema).optional(),
  departments: included(z.array(DepartmentSchema)).optional(),
  pseudoDepartments: included(z.array(PseudoDepartmentSchema)).optional(),
});

export const CategoryDetailSchema = CategorySchema.extend({
  children: included(z.array(CategorySchema)).optional(),
  products: included(z.array(ProductSchema)).optional(),
  department: included(DepartmentSchema).optional(),
});

export const AlertSchema = z.object({
  id: z.number(),
  type: z.enum(["message", "image"]),
  name: z.string(),
  message: z.string().nullable(),
  image_url: z.string().nullable(),
  alt_text: z.string().nullable(),
});

export const StoreListAnswerSchema = listResource(StoreSchema);
export const StoreAnswerSchema = singleResource(StoreSchema);
export const DepartmentAnswerSchema = singleResource(DepartmentSchema);
export const CategoryAnswerSchema = singleResource(CategoryDetailSchema);
export const AlertListAnswerSchema = listResource(AlertSchema);

export type Store = z.infer<typeof StoreSchema>;
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;
export type Department = z.infer<typeof DepartmentSchema>;
export type Alert = z.infer<typeof AlertSchema>;
