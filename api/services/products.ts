import type {
  BuilderSchema,
  ChoiceSchema,
  ProductDetailSchema,
  ProductSchema,
} from "@core/contract/products";
import type { z } from "zod";
import type { ExpressionBuilder, Kysely } from "kysely";
import { compiledQuery } from "../db/compiled-query";
import { keptWhileUnchanged } from "../db/unchanged";
import type { Database, Row } from "../db/schema";
import { bool } from "../db/values";
import { notFound } from "../http/errors";
import { groupBy } from "./grouping";
import { nutritionOf } from "./nutrition";

import type { ProductInclude } from "@core/contract/products";

export { PRODUCT_INCLUDES, type ProductInclude } from "@core/contract/products";

type Eb = ExpressionBuilder<
  Database & { p: Database["products"]; dp: Database["department_products"] },
  "p" | "dp"
>;

/** A product as sold in one department: the brand's master row joined to that department's price. */
export function pricedProducts(db: Kysely<Database>, departmentId: number, userId: number | null) {
  return db
    .selectFrom("department_products as dp")
    .innerJoin("products as p", "p.id", "dp.product_id")
    .selectAll("p")
    .select([
      "dp.srp_amount",
      "dp.sale_srp_amount",
      "dp.on_sale",
      "dp.discount_amount",
      "dp.remaining_quantity",
      "dp.sticky",
      "dp.popularity",
      (eb: Eb) =>
        eb
          .selectFrom("product_images")
          .select("product_images.image_url")
          .whereRef("product_images.product_id", "=", "p.id")
          .where("product_images.primary", "=", 1)
          .limit(1)
          .as("image_url"),
      (eb: Eb) =>
        (userId === null
          ? eb.lit(0)
          : eb
              .selectFrom("favorites")
              .select(eb.lit(1).as("one"))
              .whereRef("favorites.product_id", "=", "p.id")
              .where("favorites.user_id", "=", userId)
              .limit(1)
        ).as("favorite"),
    ])
    .where("dp.department_id", "=", departmentId)
    .where("dp.active", "=", 1);
}

export type PricedRow = Row<"products"> & {
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: number;
  discount_amount: number | null;
  remaining_quantity: number | null;
  sticky: number;
  popularity: number;
  image_url: string | null;
  favorite: number | null;
};

export function serializeProduct(p: PricedRow): z.input<typeof ProductSchema> {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    hide_brand: bool(p.hide_brand),
    description: p.description,
    variation_description: p.variation_description,
    image_url: p.image_url,
    builder_base_image_url: p.builder_base_image_url,
    unit_of_measure: p.unit_of_measure,
    srp_amount: p.srp_amount,
    sale_srp_amount: p.sale_srp_amount,
    on_sale: bool(p.on_sale),
    discount_amount: p.discount_amount,
    minimum_quantity: p.minimum_quantity,
    maximum_quantity: p.maximum_quantity,
    remaining_quantity: p.remaining_quantity,
    accepts_fractional_quantities: bool(p.accepts_fractional_quantities),
    accepts_special_instructions: bool(p.accepts_special_instructions),
    accepts_customer_photo: bool(p.accepts_customer_photo),
    lead_time: p.lead_time,
    deliverable: bool(p.deliverable),
    serving_size: p.serving_size,
    detail_style: p.detail_style,
    call_to_action: p.call_to_action,
    sticky: bool(p.sticky),
    popularity: p.popularity,
    favorite: bool(p.favorite),
    nutrition: { calories: p.calories, serving_size: p.nutrition_serving_size },
  };
}

/** The favorite column reads the user's favorites only for a signed-in shopper: two shapes. */
const priced = (db: Kysely<Database>, v: { departmentId: number; userId?: number }) =>
  pricedProducts(db, v.departmentId, v.userId ?? null);

const pricedProductQuery = compiledQuery(
  (db, v: { departmentId: number; userId?: number; productId: number; brandId: number }) =>
    priced(db, v).where("p.id", "=", v.productId).where("p.brand_id", "=", v.brandId),
);

const pricedProductsQuery = compiledQuery(
  (db, v: { departmentId: number; userId?: number; ids: number[] }) =>
    priced(db, v).where("dp.product_id", "in", v.ids),
);

/**
 * The products of `ids` sold in the department, as pricedProducts reads them, in no particular
 * order (compiled once per number of ids). Today's price and stock: kept only while the database
 * is unchanged (db/unchanged.ts), so a listing page asked again reads no rows.
 */
export const pricedProductsByIds = keptWhileUnchanged(
  (departmentId: number, userId: number | null, ids: number[]) =>
    `${departmentId}:${userId}:${ids.join(",")}`,
  async (db, departmentId, userId, ids): Promise<readonly PricedRow[]> => {
    if (ids.length === 0) return [];
    return (await pricedProductsQuery(db, {
      departmentId,
      userId: userId ?? undefined,
      ids,
    })) as PricedRow[];
  },
  // A page of 50 full rows is some 100 KB of heap.
  200,
);

/** A product as sold in a department of the caller's brand; 404 when not sold there. */
export async function findPricedProduct(
  db: Kysely<Database>,
  brandId: number,
  productId: number,
  departmentId: number,
  userId: number | null,
) {
  const [row] = (await pricedProductQuery(db, {
    departmentId,
    userId: userId ?? undefined,
    productId,
    brandId,
  })) as PricedRow[];
  if (!row) throw notFound("product");
  return row;
}

/** The product page's own rows, each compiled once: groups, facets and their triggers. */
const facetGroupsQuery = compiledQuery((db, v: { productId: number }) =>
  db
    .selectFrom("facet_groups")
    .selectAll()
    .where("product_id", "=", v.productId)
    .orderBy("weight")
    .orderBy("id"),
);
const facetsQuery = compiledQuery((db, v: { productId: number }) =>
  db
    .selectFrom("facets")
    .selectAll()
    .where("product_id", "=", v.productId)
    .orderBy("weight")
    .orderBy("id"),
);
const facetTriggersQuery = compiledQuery((db, v: { productId: number }) =>
  db
    .selectFrom("facet_triggers")
    .innerJoin("facets", "facets.id", "facet_triggers.facet_id")
    .select(["facet_triggers.facet_id", "facet_triggers.choice_id"])
    .where("facets.product_id", "=", v.productId)
    .orderBy("facet_triggers.facet_id")
    .orderBy("facet_triggers.choice_id"),
);
const imagesQuery = compiledQuery((db, v: { productId: number }) =>
  db
    .selectFrom("product_images")
    .selectAll()
    .where("product_id", "=", v.productId)
    .orderBy("primary", "desc")
    .orderBy("weight")
    .orderBy("id"),
);
const choicesQuery = compiledQuery((db, v: { facetIds: number[] }) =>
  db
    .selectFrom("choices")
    .selectAll()
    .where("facet_id", "in", v.facetIds)
    .orderBy("weight")
    .orderBy("id"),
);
const bundleQuery = compiledQuery((db, v: { productId: number }) =>
  db.selectFrom("bundles").selectAll().where("product_id", "=", v.productId),
);
const bundleMembersQuery = compiledQuery((db, v: { bundleId: number }) =>
  db
    .selectFrom("bundle_members")
    .selectAll()
    .where("bundle_id", "=", v.bundleId)
    .orderBy("weight")
    .orderBy("id"),
);
const suggestionsQuery = compiledQuery(
  (db, v: { departmentId: number; userId?: number; productId: number }) =>
    priced(db, v)
      .innerJoin("product_suggestions as s", "s.suggested_product_id", "p.id")
      .where("s.product_id", "=", v.productId)
      .orderBy("s.weight")
      .orderBy("p.id")
      .limit(12),
);
const builderLayersQuery = compiledQuery((db, v: { productId: number }) =>
  db
    .selectFrom("choices")
    .innerJoin("facets", "facets.id", "choices.facet_id")
    .select([
      "choices.id as choice_id",
      "facets.id as facet_id",
      "facets.facet_group_id",
      "choices.full_image_url",
    ])
    .where("facets.product_id", "=", v.productId)
    .where("choices.full_image_url", "is not", null)
    .orderBy("facets.weight")
    .orderBy("choices.weight")
    .orderBy("choices.id"),
);
const builderFacetsQuery = compiledQuery((db, v: { productId: number }) =>
  db
    .selectFrom("facets")
    .select(["id", "facet_group_id"])
    .where("product_id", "=", v.productId)
    .orderBy("weight")
    .orderBy("id"),
);

export async function getProduct(
  db: Kysely<Database>,
  opts: {
    brandId: number;
    productId: number;
    departmentId: number;
    userId: number | null;
    include: Set<ProductInclude>;
    /** The department's setting, for the nutrition include's sodium warning. */
    showSodiumWarnings?: boolean;
  },
): Promise<z.input<typeof ProductDetailSchema>> {
  const row = await findPricedProduct(
    db,
    opts.brandId,
    opts.productId,
    opts.departmentId,
    opts.userId,
  );
  const { include } = opts;
  const productId = { productId: row.id };
  const [groups, facetRows, triggers, images, bundle, suggestions] = await Promise.all([
    facetGroupsQuery(db, productId),
    facetsQuery(db, productId),
    facetTriggersQuery(db, productId),
    include.has("images") ? listImages(db, row.id) : null,
    include.has("bundle") ? getBundle(db, opts, row.id) : undefined,
    include.has("suggestions") ? listSuggestions(db, opts, row.id) : null,
  ]);
  // The product page's one call: the builder (builder products only) and nutrition ride along.
  const builder = include.has("builder")
    ? { data: row.detail_style === "builder" ? await builderOf(db, row) : null }
    : undefined;
  const nutrition = include.has("nutrition_details")
    ? { data: nutritionOf(row, opts.showSodiumWarnings ?? false) }
    : undefined;
  const facets = include.has("facets")
    ? await serializeFacets(db, facetRows, include.has("facets.choices"))
    : null;
  const facetsByGroup = groupBy(facetRows, (f) => f.facet_group_id);
  return {
    ...serializeProduct(row),
    facet_groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      weight: g.weight,
      facet_ids: (facetsByGroup.get(g.id) ?? []).map((f) => f.id),
    })),
    facet_triggers: triggers,
    ...(images ? { images: { data: images } } : {}),
    ...(facets ? { facets: { data: facets } } : {}),
    ...(bundle !== undefined ? { bundle: { data: bundle } } : {}),
    ...(suggestions ? { suggestions: { data: suggestions } } : {}),
    ...(builder ? { builder } : {}),
    ...(nutrition ? { nutrition_details: nutrition } : {}),
  };
}

async function listImages(db: Kysely<Database>, productId: number) {
  const rows = await imagesQuery(db, { productId });
  return rows.map((i) => ({
    id: i.id,
    primary: bool(i.primary),
    image_url: i.image_url,
    alt_text: i.alt_text,
  }));
}

function serializeChoice(c: Row<"choices">): z.input<typeof ChoiceSchema> {
  return {
    id: c.id,
    facet_id: c.facet_id,
    value: c.value,
    description: c.description,
    default: bool(c.is_default),
    srp_amount: c.srp_amount,
    calorie_modifier: c.calorie_modifier,
    thumbnail_image_url: c.thumbnail_image_url,
    full_image_url: c.full_image_url,
    meta: { color: c.color ?? "magenta" },
  };
}

async function serializeFacets(
  db: Kysely<Database>,
  facets: Row<"facets">[],
  withChoices: boolean,
) {
  const choices =
    withChoices && facets.length
      ? groupBy(await choicesQuery(db, { facetIds: facets.map((f) => f.id) }), (c) => c.facet_id)
      : null;
  return facets.map((f) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    required: bool(f.required),
    type: f.type,
    choice_limit: f.choice_limit,
    weight: f.weight,
    image_url: f.image_url,
    facet_group_id: f.facet_group_id,
    ...(choices ? { choices: { data: (choices.get(f.id) ?? []).map(serializeChoice) } } : {}),
  }));
}

type DeptScope = {
  brandId: number;
  departmentId: number;
  userId: number | null;
  include: Set<ProductInclude>;
};

async function getBundle(db: Kysely<Database>, scope: DeptScope, productId: number) {
  const [bundle] = await bundleQuery(db, { productId });
  if (!bundle) return null;
  const members = scope.include.has("bundle.members")
    ? await bundleMembersQuery(db, { bundleId: bundle.id })
    : null;
  const memberProducts =
    members && scope.include.has("bundle.members.product")
      ? new Map(
          (
            await pricedProductsByIds(
              db,
              scope.departmentId,
              scope.userId,
              members.map((m) => m.product_id),
            )
          ).map((p) => [p.id, serializeProduct(p)]),
        )
      : null;
  return {
    id: bundle.id,
    name: bundle.name,
    ...(members
      ? {
          members: {
            data: members.map((m) => ({
              id: m.id,
              product_id: m.product_id,
              name: m.name,
              ...(memberProducts
                ? { product: { data: memberProducts.get(m.product_id) ?? null } }
                : {}),
            })),
          },
        }
      : {}),
  };
}

async function listSuggestions(db: Kysely<Database>, scope: DeptScope, productId: number) {
  const rows = (await suggestionsQuery(db, {
    departmentId: scope.departmentId,
    userId: scope.userId ?? undefined,
    productId,
  })) as PricedRow[];
  return rows.map(serializeProduct);
}

/** The builder preview: the base picture and, per facet group, the layer each choice adds. */
export async function getBuilder(
  db: Kysely<Database>,
  scope: Omit<DeptScope, "include">,
  productId: number,
): Promise<z.input<typeof BuilderSchema>> {
  const product = await findPricedProduct(
    db,
    scope.brandId,
    productId,
    scope.departmentId,
    scope.userId,
  );
  return builderOf(db, product);
}

/** The builder of a product already found in its department. */
async function builderOf(
  db: Kysely<Database>,
  product: Awaited<ReturnType<typeof findPricedProduct>>,
): Promise<z.input<typeof BuilderSchema>> {
  const productId = { productId: product.id };
  const [groups, layers] = await Promise.all([
    facetGroupsQuery(db, productId),
    builderLayersQuery(db, productId),
  ]);
  const facets = await builderFacetsQuery(db, productId);
  const layersByGroup = groupBy(layers, (l) => l.facet_group_id);
  const facetsByGroup = groupBy(facets, (f) => f.facet_group_id);
  return {
    baseImageUrl: product.builder_base_image_url ?? product.image_url,
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      weight: g.weight,
      facet_ids: (facetsByGroup.get(g.id) ?? []).map((f) => f.id),
      layers: (layersByGroup.get(g.id) ?? []).map((l) => ({
        facet_id: l.facet_id,
        choice_id: l.choice_id,
        image_url: l.full_image_url!,
      })),
    })),
  };
}
