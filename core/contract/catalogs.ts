/** A department's printed catalogs (circulars) and their pages with hitboxes. */
import { z } from "zod";
import { included, includeParam, listResource, queryId, singleResource } from "./params";
import { ProductSchema } from "./products";
import { StoreFieldsSchema } from "./stores";

/**
 * `pages.hitboxes.product` answers a whole catalog in one call: its pages, their hitboxes and the
 * products they lead to, priced in the catalog's department (what a catalog viewer draws).
 */
const CATALOG_INCLUDES = ["pages", "pages.hitboxes", "pages.hitboxes.product"] as const;
export type CatalogInclude = (typeof CATALOG_INCLUDES)[number];
const PAGE_INCLUDES = ["hitboxes", "hitboxes.product", "store"] as const;
export type PageInclude = (typeof PAGE_INCLUDES)[number];

export const CatalogsQuerySchema = z.object({ department: queryId });
export const CatalogQuerySchema = z.object({ include: includeParam(CATALOG_INCLUDES) });
export const PageQuerySchema = z.object({ include: includeParam(PAGE_INCLUDES) });

/**
 * A hitbox: a rectangle of the page in percent, leading to a product or another page. With the
 * `product` include a product hitbox carries the product as sold in the catalog's department
 * (absent when the department no longer sells it).
 */
export const HitboxSchema = z.object({
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
  product: included(ProductSchema).optional(),
});

export const CatalogPageSchema = z.object({
  id: z.number(),
  catalog_id: z.number(),
  number: z.number(),
  image_url: z.string(),
  hitboxes: included(z.array(HitboxSchema)).optional(),
});

export const CatalogSchema = z.object({
  id: z.number(),
  department_id: z.number(),
  name: z.string(),
  cover_image_url: z.string().nullable(),
  image_url: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  page_count: z.number(),
  pages: included(z.array(CatalogPageSchema)).optional(),
});

export const CatalogPageDetailSchema = CatalogPageSchema.extend({
  store: included(StoreFieldsSchema).optional(),
});

export const CatalogListAnswerSchema = listResource(CatalogSchema);
export const CatalogAnswerSchema = singleResource(CatalogSchema);
export const PageAnswerSchema = singleResource(CatalogPageDetailSchema);

export type Catalog = z.infer<typeof CatalogSchema>;
export type Hitbox = z.infer<typeof HitboxSchema>;
