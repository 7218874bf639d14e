import { sql, type Kysely } from "kysely";
import type { DialectName } from "../db/connection";
import type { Database } from "../db/schema";
import { compiledQuery } from "../db/compiled-query";
import type { Lifetime } from "../db/unchanged";
import { pricedProductsByIds, serializeProduct, type PricedRow } from "./products";
import { fts5Query, searchTerms, tsQuery, Vocabulary } from "./search-terms";

import type { Sort } from "@core/contract/products";

/** The four orders of spec §9, plus relevance for a search. Sticky products always come first. */
export interface ListingOptions {
  departmentId: number;
  /** Needed only to search: the two databases search differently. */
  dialect?: DialectName;
  userId: number | null;
  fragment?: string;
  categoryId?: number;
  brands?: string[];
  specials?: boolean;
  favorites?: boolean;
  sort?: Sort;
  limit: number;
  offset?: number;
}

const VOCABULARY_TTL_MS = 5 * 60_000;
const vocabularies = new WeakMap<
  Kysely<Database>,
  Map<number, { at: number; vocabulary: Promise<Vocabulary> }>
>();

/** Lowers `lifetime` to when a part kept since `at` for `ttl` expires. */
function usedUntil(lifetime: Lifetime | undefined, at: number, ttl: number) {
  if (lifetime) lifetime.until = Math.min(lifetime.until, at + ttl);
}

/** The words of a brand's products, kept for a few minutes: typo correction checks against them. */
function vocabularyOf(
  db: Kysely<Database>,
  brandId: number,
  lifetime?: Lifetime,
): Promise<Vocabulary> {
  let perBrand = vocabularies.get(db);
  if (!perBrand) vocabularies.set(db, (perBrand = new Map()));
  const cached = perBrand.get(brandId);
  if (cached && Date.now() - cached.at < VOCABULARY_TTL_MS) {
    usedUntil(lifetime, cached.at, VOCABULARY_TTL_MS);
    return cached.vocabulary;
  }
  const at = Date.now();
  usedUntil(lifetime, at, VOCABULARY_TTL_MS);
  const vocabulary = db
    .selectFrom("products")
    .select(["name", "brand"])
    .where("brand_id", "=", brandId)
    .execute()
    .then((rows) => new Vocabulary(rows.flatMap((r) => [r.name, r.brand])));
  perBrand.set(brandId, { at, vocabulary });
  vocabulary.catch(() => perBrand.delete(brandId));
  return vocabulary;
}

/** Must stay identical to the expression indexed by migration 004 (department_products_price_idx). */
const effectivePrice = sql<number>`(CASE WHEN dp.on_sale = 1 AND dp.sale_srp_amount > 0 THEN dp.sale_srp_amount ELSE dp.srp_amount END)`;

/**
 * The match count and brand list of a listing change only when the catalogue does, yet at 50,000
 * products they cost tens of milliseconds; they are kept for half a minute per set of filters, and
 * so is the order of a search's matches (below).
 */
const SUMMARY_TTL_MS = 30_000;
const SUMMARY_LIMIT = 1000;
/** How many of a search's ranked matches are kept (20 pages of 50); deeper pages ask the database. */
const RANKED_LIMIT = 1000;
const summaries = new WeakMap<
  Kysely<Database>,
  Map<string, { at: number; value: Promise<unknown> }>
>();

function remembered<T>(
  k: Kysely<Database>,
  key: string,
  compute: () => Promise<T>,
  lifetime: Lifetime | undefined,
): Promise<T> {
  let cache = summaries.get(k);
  if (!cache) summaries.set(k, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < SUMMARY_TTL_MS) {
    usedUntil(lifetime, hit.at, SUMMARY_TTL_MS);
    return hit.value as Promise<T>;
  }
  if (cache.size >= SUMMARY_LIMIT) cache.delete(cache.keys().next().value!);
  const value = compute();
  const at = Date.now();
  usedUntil(lifetime, at, SUMMARY_TTL_MS);
  cache.set(key, { at, value });
  value.catch(() => cache.delete(key));
  return value;
}

/** What changes a listing's SQL: each combination is compiled once (db/compiled-query.ts). */
interface ListingShape {
  /** A search, in the database's own full-text engine. */
  search: DialectName | null;
  category: boolean;
  specials: boolean;
  /** Only the signed-in shopper's favorites. */
  favorites: boolean;
}

/** A listing's values, bound as parameters; undefined where the shape has no use for them. */
interface ListingValues {
  departmentId: number;
  /** The search expression: to_tsquery's (PostgreSQL) or MATCH's (SQLite). */
  query?: string;
  categoryId?: number;
  userId?: number;
}

const rankOf = (shape: ListingShape, v: ListingValues) =>
  shape.search === "postgres"
    ? sql`ts_rank_cd(p.search_vector, to_tsquery('english', ${v.query}))`
    : shape.search === "sqlite"
      ? sql`(0 - s.score)` // bm25: lower is better
      : null;

/** The matching department products; joined to products only when a filter or sort needs it. */
function matching(
  k: Kysely<Database>,
  v: ListingValues,
  shape: ListingShape,
  withProducts: boolean,
) {
  let q = k
    .selectFrom("department_products as dp")
    .where("dp.department_id", "=", v.departmentId)
    .where("dp.active", "=", 1);
  if (withProducts) q = q.innerJoin("products as p", "p.id", "dp.product_id") as typeof q;
  if (shape.search === "postgres") {
    q = q.where(sql<boolean>`p.search_vector @@ to_tsquery('english', ${v.query})`);
  } else if (shape.search === "sqlite") {
    const matches = sql`(SELECT rowid AS id, bm25(product_search, 10.0, 4.0, 1.0) AS score FROM product_search WHERE product_search MATCH ${v.query})`;
    q = q.innerJoin(matches.as("s"), (join) =>
      join.onRef(sql.ref("s.id") as never, "=", "dp.product_id"),
    );
  }
  if (shape.category) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("category_products")
          .select("category_products.product_id")
          .whereRef("category_products.product_id", "=", "dp.product_id")
          .where("category_products.category_id", "=", v.categoryId!),
      ),
    );
  }
  if (shape.specials) q = q.where("dp.on_sale", "=", 1).where("dp.sale_srp_amount", ">", 0);
  if (shape.favorites) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("favorites")
          .select("favorites.product_id")
          .whereRef("favorites.product_id", "=", "dp.product_id")
          .where("favorites.user_id", "=", v.userId!),
      ),
    );
  }
  return q;
}

/** The matches with the brand filter, joined to products. */
function filtered(
  k: Kysely<Database>,
  v: ListingValues & { brands: string[] },
  shape: ListingShape,
) {
  const q = matching(k, v, shape, true);
  return v.brands.length ? q.where(sql<boolean>`p.brand IN (${sql.join(v.brands)})`) : q;
}

/** One page of ids, in order. Sticky products always come first. */
const orderedQuery = compiledQuery(
  (
    k,
    v: ListingValues & { brands: string[]; limit: number; offset: number },
    shape: ListingShape & { sort: Sort },
  ) => {
    const rank = rankOf(shape, v);
    let q = filtered(k, v, shape).select("dp.product_id").orderBy("dp.sticky", "desc");
    if (shape.sort === "relevance" && rank) q = q.orderBy(sql`${rank}`, "desc");
    if (shape.sort === "brand")
      q = q.orderBy(sql`CASE WHEN p.brand IS NULL THEN 1 ELSE 0 END`).orderBy(sql`lower(p.brand)`);
    if (shape.sort === "price") q = q.orderBy(effectivePrice);
    if (shape.sort === "specials")
      q = q.orderBy(
        sql`CASE WHEN dp.on_sale = 1 AND dp.sale_srp_amount > 0 THEN 1 ELSE 0 END`,
        "desc",
      );
    return q
      .orderBy("dp.popularity", "desc")
      .orderBy(sql`p.name`)
      .orderBy("dp.product_id")
      .limit(v.limit)
      .offset(v.offset);
  },
);

/** How many match. Without a brand filter or a PostgreSQL search, no product rows are read. */
const countQuery = compiledQuery(
  (k, v: ListingValues & { brands: string[] }, shape: ListingShape) =>
    (v.brands.length || shape.search === "postgres"
      ? filtered(k, v, shape)
      : matching(k, v, shape, false)
    ).select((eb) => eb.fn.countAll<number>().as("total")),
);

/** The brands among the matches, before the brand filter (what the filter menu offers). */
const brandsQuery = compiledQuery((k, v: ListingValues, shape: ListingShape) =>
  matching(k, v, shape, true)
    .select(sql<string>`p.brand`.as("brand"))
    .distinct()
    .where(sql<boolean>`p.brand IS NOT NULL`)
    .orderBy(sql`p.brand`)
    .limit(200),
);

/**
 * Products of a department, filtered, searched and sorted in the database. Answers one page of
 * products, the total that matched, and the brands among the matches before the brand filter
 * (what the filter menu offers).
 *
 * Two steps: first the ids of one page, in order, touching only what the filters and the sort
 * need (indexes carry the common sorts); then the full rows of those ids alone, so pictures and
 * favorites are never looked up for products that are not shown.
 */
export async function listProducts(
  k: Kysely<Database>,
  brandId: number,
  opts: ListingOptions,
  /** Lowered to when the first of the kept parts the answer is made of expires. */
  lifetime?: Lifetime,
) {
  const fragment = opts.fragment?.trim() ?? "";
  const terms = fragment ? searchTerms(fragment, await vocabularyOf(k, brandId, lifetime)) : [];
  const none = { products: [], total: 0, brands: [] as string[] };
  if (fragment && terms.length === 0) return none;
  if (opts.favorites && opts.userId === null) return none;
  if (terms.length && !opts.dialect)
    throw new Error("listProducts: a search needs the database dialect");

  const brands = opts.brands ?? [];
  const sort: Sort = opts.sort ?? (terms.length ? "relevance" : "popular");
  const search = terms.length ? (opts.dialect === "postgres" ? "postgres" : "sqlite") : null;
  const shape: ListingShape = {
    search,
    category: opts.categoryId !== undefined,
    specials: !!opts.specials,
    favorites: !!opts.favorites && opts.userId !== null,
  };
  const values: ListingValues = {
    departmentId: opts.departmentId,
    query: search === "postgres" ? tsQuery(terms) : search ? fts5Query(terms) : undefined,
    categoryId: opts.categoryId,
    userId: shape.favorites ? opts.userId! : undefined,
  };
  // Built only when asked: a search answered from the kept ids never needs it.
  const ordered = (limit: number, offset: number) =>
    orderedQuery(k, { ...values, brands, limit, offset }, { ...shape, sort });

  const filterKey = JSON.stringify([
    opts.departmentId,
    opts.userId,
    terms,
    opts.categoryId,
    !!opts.specials,
    !!opts.favorites,
  ]);
  const offset = opts.offset ?? 0;
  const countNow = async () => {
    const [row] = await countQuery(k, { ...values, brands }, shape);
    return Number(row!.total);
  };
  // A shopper's favorites change as they shop: their count is never kept (a kept one said
  // '1 product' over an empty list for half a minute after an unstar).
  const count = () =>
    opts.favorites
      ? countNow()
      : remembered(k, `total:${filterKey}:${JSON.stringify(brands)}`, countNow, lifetime);
  // A search ranks every match (no index holds relevance): its first RANKED_LIMIT ids, in order,
  // are kept like the summaries, so the next page or the next shopper asking the same reads them
  // from memory. Not with the favorites filter: a shopper's favorites change as they shop.
  const rankedKey = JSON.stringify([
    opts.departmentId,
    terms,
    opts.categoryId,
    !!opts.specials,
    brands,
    sort,
  ]);
  const ranked =
    terms.length > 0 && !opts.favorites && offset + opts.limit <= RANKED_LIMIT
      ? remembered(
          k,
          `ranked:${rankedKey}`,
          async () => (await ordered(RANKED_LIMIT, 0)).map((r) => r.product_id),
          lifetime,
        )
      : null;
  const [ids, total, brandList] = await Promise.all([
    ranked
      ? ranked.then((all) => all.slice(offset, offset + opts.limit))
      : ordered(opts.limit, offset).then((page) => page.map((r) => r.product_id)),
    // Fewer ranked matches than the limit are all of them: their number is the total.
    ranked ? ranked.then((all) => (all.length < RANKED_LIMIT ? all.length : count())) : count(),
    remembered(
      k,
      `brands:${filterKey}`,
      async () => {
        const rows = await brandsQuery(k, values, shape);
        return rows.map((r) => r.brand).filter(Boolean);
      },
      lifetime,
    ),
  ]);

  const rows = await pricedProductsByIds(k, opts.departmentId, opts.userId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    products: ids
      .map((id) => byId.get(id))
      .filter((r): r is PricedRow => r !== undefined)
      .map(serializeProduct),
    total,
    brands: brandList,
  };
}
