/** Products as sold in a department: the listing (search), a product, its builder and nutrition. */
import { z } from "zod";
import {
  included,
  includeParam,
  oneOrMany,
  queryFlag,
  queryId,
  singleResource,
  wholeNumber,
} from "./params";
import { SEARCH_QUERY_MAX_LENGTH } from "../rules/limits";

/** Department search answers at most this many products (spec §9). */
const SEARCH_LIMIT = 50;

const SORTS = ["relevance", "popular", "brand", "price", "specials"] as const;
export type Sort = (typeof SORTS)[number];

export const PRODUCT_INCLUDES = [
  "images",
  "facets",
  "facets.choices",
  "bundle",
  "bundle.members",
  "bundle.members.product",
  "suggestions",
  // The product page's extras in the same call: the builder (null unless the product has one)
  // and nutrition, as GET products/{id}/builder and /nutrition answer them.
  "builder",
  "nutrition_details",
] as const;
export type ProductInclude = (typeof PRODUCT_INCLUDES)[number];

// --- Requests --------------------------------------------------------------------------------

/** The builder and nutrition calls: the department sets price, stock and availability. */
export const InDepartmentQuerySchema = z.object({ department_id: queryId });

export const ProductsQuerySchema = InDepartmentQuerySchema.extend({
  fragment: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX_LENGTH, `Must be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`)
    .optional(),
  category_id: queryId.optional(),
  brands: oneOrMany(
    z.string().max(100),
    z.array(z.string().max(100)).max(50, "At most 50 brands."),
  ),
  specials: queryFlag,
  favorites: queryFlag,
  sort: z
    .enum(SORTS, { errorMap: () => ({ message: `Must be one of ${SORTS.join(", ")}.` }) })
    .optional(),
  limit: wholeNumber(1, SEARCH_LIMIT, SEARCH_LIMIT),
  page: wholeNumber(1, 10_000, 1, "Is too large."),
});

export const ProductQuerySchema = InDepartmentQuerySchema.extend({
  include: includeParam(PRODUCT_INCLUDES),
});

// --- Answers ---------------------------------------------------------------------------------

const ProductImageSchema = z.object({
  id: z.number(),
  primary: z.boolean(),
  image_url: z.string(),
  alt_text: z.string().nullable(),
});

export const ChoiceSchema = z.object({
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

const FacetSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  type: z.string(),
  choice_limit: z.number().nullable(),
  weight: z.number(),
  image_url: z.string().nullable(),
  facet_group_id: z.number().nullable(),
  choices: included(z.array(ChoiceSchema)).optional(),
});

/** A product as sold in one department (price, stock and stickiness are the department's). */
export const ProductSchema = z.object({
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
  images: included(z.array(ProductImageSchema)).optional(),
});

const BundleMemberSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  name: z.string(),
  product: included(ProductSchema.nullable()).optional(),
});

const FacetGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  weight: z.number(),
  facet_ids: z.array(z.number()),
});

export const BuilderSchema = z.object({
  baseImageUrl: z.string().nullable(),
  groups: z.array(
    FacetGroupSchema.extend({
      layers: z.array(
        z.object({ facet_id: z.number(), choice_id: z.number(), image_url: z.string() }),
      ),
    }),
  ),
});

export const NutritionSchema = z.object({
  calories: z.number().nullable(),
  serving_size: z.string().nullable(),
  url: z.string().nullable(),
  sodium_warning_header: z.string().nullable(),
  sodium_warning_footer: z.string().nullable(),
});

/** The product page's product: facets with choices, groups, triggers, bundle and suggestions. */
export const ProductDetailSchema = ProductSchema.extend({
  facet_groups: z.array(FacetGroupSchema),
  facet_triggers: z.array(z.object({ facet_id: z.number(), choice_id: z.number() })),
  facets: included(z.array(FacetSchema)).optional(),
  bundle: included(
    z
      .object({
        id: z.number(),
        name: z.string(),
        members: included(z.array(BundleMemberSchema)).optional(),
      })
      .nullable(),
  ).optional(),
  suggestions: included(z.array(ProductSchema)).optional(),
  builder: included(BuilderSchema.nullable()).optional(),
  nutrition_details: included(NutritionSchema).optional(),
});

export const ProductListingSchema = z.object({
  data: z.array(ProductSchema),
  meta: z.object({
    count: z.number(),
    total: z.number(),
    page: z.number(),
    per_page: z.number(),
    brands: z.array(z.string()),
  }),
});

export const ProductAnswerSchema = singleResource(ProductDetailSchema);
export const BuilderAnswerSchema = singleResource(BuilderSchema);
export const NutritionAnswerSchema = singleResource(NutritionSchema);

export type Product = z.infer<typeof ProductSchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export type Builder = z.infer<typeof BuilderSchema>;
