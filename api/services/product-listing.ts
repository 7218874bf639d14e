import { sql, type Kysely } from "kysely";
import type { DialectName } from "../db/connection";
import type { Database } from "../db/schema";
import { pricedProducts, serializeProduct, type PricedRow } from "./products";
import { fts5Query, searchTerms, tsQuery, Vocabulary } from "./search-terms";

/** The four orders of spec §9, plus relevance for a search. Sticky products always come first. */
export const SORTS = ["relevance", "popular", "brand", "price", "specials"] as const;
export type Sort = (typeof SORTS)[number];

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

/** The words of a brand's products, kept for a few minutes: typo correction checks against them. */
function vocabularyOf(db: Kysely<Database>, brandId: number): Promise<Vocabulary> {
  let perBrand = vocabularies.get(db);
  if (!perBrand) vocabularies.set(db, (perBrand = new Map()));
  const cached = perBrand.get(brandId);
  if (cached && Date.now() - cached.at < VOCABULARY_TTL_MS) return cached.vocabulary;
  const vocabulary = db
    .selectFrom("products")
    .select(["name", "brand"])
    .where("brand_id", "=", brandId)
    .execute()
    .then((rows) => new Vocabulary(rows.flatMap((r) => [r.name, r.brand])));
  perBrand.set(brandId, { at: Date.now(), vocabulary });
  vocabulary.catch(() => perBrand.delete(brandId));
  return vocabulary;
}

const effectivePrice = sql<number>`(CASE WHEN dp.on_sale = 1 AND dp.sale_srp_amount > 0 THEN dp.sale_srp_amount ELSE dp.srp_amount END)`;

/**
 * Products of a department, filtered, searched and sorted in the database. Answers one page of
 * products, the total that matched, and the brands among the matches before the brand filter
 * (what the filter menu offers).
 */
export async function listProducts(k: Kysely<Database>, brandId: number, opts: ListingOptions) {
  let base = pricedProducts(k, opts.departmentId, opts.userId);
  let rank: ReturnType<typeof sql> | null = null;

  const terms = opts.fragment?.trim()
    ? searchTerms(opts.fragment, await vocabularyOf(k, brandId))
    : [];
  if (opts.fragment?.trim() && terms.length === 0)
    return { products: [], total: 0, brands: [] as string[] };
  if (terms.length) {
    if (!opts.dialect) throw new Error("listProducts: a search needs the database dialect");
    if (opts.dialect === "postgres") {
      const query = sql`to_tsquery('english', ${tsQuery(terms)})`;
      base = base.where(sql<boolean>`p.search_vector @@ ${query}`);
      rank = sql`ts_rank_cd(p.search_vector, ${query})`;
    } else {
      const matches = sql`(SELECT rowid AS id, bm25(product_search, 10.0, 4.0, 1.0) AS score FROM product_search WHERE product_search MATCH ${fts5Query(terms)})`;
      base = base.innerJoin(matches.as("s"), (join) =>
        join.onRef(sql.ref("s.id") as never, "=", "p.id"),
      );
      rank = sql`(0 - s.score)`; // bm25: lower is better
    }
  }
  if (opts.categoryId !== undefined) {
    const categoryId = opts.categoryId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("category_products")
          .select("category_products.product_id")
          .whereRef("category_products.product_id", "=", "p.id")
          .where("category_products.category_id", "=", categoryId),
      ),
    );
  }
  if (opts.specials) base = base.where("dp.on_sale", "=", 1).where("dp.sale_srp_amount", ">", 0);
  if (opts.favorites) {
    const userId = opts.userId;
    if (userId === null) return { products: [], total: 0, brands: [] as string[] };
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("favorites")
          .select("favorites.product_id")
          .whereRef("favorites.product_id", "=", "p.id")
          .where("favorites.user_id", "=", userId),
      ),
    );
  }

  const filtered = opts.brands?.length ? base.where("p.brand", "in", opts.brands) : base;
  const sort: Sort = opts.sort ?? (rank ? "relevance" : "popular");
  let ordered = filtered.orderBy("dp.sticky", "desc");
  if (sort === "relevance" && rank) ordered = ordered.orderBy(sql`${rank}`, "desc");
  if (sort === "brand")
    ordered = ordered
      .orderBy(sql`CASE WHEN p.brand IS NULL THEN 1 ELSE 0 END`)
      .orderBy(sql`lower(p.brand)`);
  if (sort === "price") ordered = ordered.orderBy(effectivePrice);
  if (sort === "specials")
    ordered = ordered.orderBy(
      sql`CASE WHEN dp.on_sale = 1 AND dp.sale_srp_amount > 0 THEN 1 ELSE 0 END`,
      "desc",
    );
  ordered = ordered.orderBy("dp.popularity", "desc").orderBy("p.name").orderBy("p.id");

  const [rows, count, brands] = await Promise.all([
    ordered
      .limit(opts.limit)
      .offset(opts.offset ?? 0)
      .execute() as Promise<PricedRow[]>,
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
    base
      .clearSelect()
      .select("p.brand")
      .distinct()
      .where("p.brand", "is not", null)
      .orderBy("p.brand")
      .limit(200)
      .execute(),
  ]);
  return {
    products: rows.map(serializeProduct),
    total: Number(count.total),
    brands: brands.map((b) => b.brand!).filter(Boolean),
  };
}
