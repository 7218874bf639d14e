/** A department's printed catalogs (circulars) and their pages with hitboxes. */
import { z } from "zod";
import { included, includeParam, listResource, queryId, singleResource } from "./params";
import { StoreFieldsSchema } from "./stores";

export const CATALOG_INCLUDES = ["pages"] as const;
export const PAGE_INCLUDES = ["hitboxes", "store"] as const;
export type PageInclude = (typeof PAGE_INCLUDES)[number];

export const CatalogsQuerySchema = z.object({ department: queryId });
export const CatalogQuerySchema = z.object({ include: includeParam(CATALOG_INCLUDES) });
export const PageQuerySchema = z.object({ include: includeParam(PAGE_INCLUDES) });

export const CatalogPageSchema = z.object({
  id: z.number(),
  catalog_id: z.number(),
  number: z.number(),
  image_url: z.string(),
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

/** A hitbox: a rectangle of the page in percent, leading to a product or another page. */
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
});

export const CatalogPageDetailSchema = CatalogPageSchema.extend({
  hitboxes: included(z.array(HitboxSchema)).optional(),
  store: included(StoreFieldsSchema).optional(),
});

export const CatalogListAnswerSchema = listResource(CatalogSchema);
export const CatalogAnswerSchema = singleResource(CatalogSchema);
export const PageAnswerSchema = singleResource(CatalogPageDetailSchema);

export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogPage = z.infer<typeof CatalogPageDetailSchema>;
export type Hitbox = z.infer<typeof HitboxSchema>;
