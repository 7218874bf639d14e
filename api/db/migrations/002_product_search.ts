import { sql, type Kysely } from "kysely";
import type { DialectName } from "../connection";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * Full-text search over the product master: name (most weight), brand, variation description.
 * SQLite: an FTS5 table with the porter stemmer (plurals match), kept in step by triggers.
 * PostgreSQL: a stored tsvector column ('english' config stems the same way) with a GIN index.
 * Ranking and typo tolerance are in api/services/product-search.ts.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") {
    await sql`
      ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(brand, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(variation_description, '')), 'C')
      ) STORED`.execute(db);
    await sql`CREATE INDEX products_search_idx ON products USING GIN (search_vector)`.execute(db);
  } else {
    await sql`
      CREATE VIRTUAL TABLE product_search USING fts5(
        name, brand, variation_description,
        content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`INSERT INTO product_search(product_search) VALUES ('rebuild')`.execute(db);
    await sql`
      CREATE TRIGGER products_search_ai AFTER INSERT ON products BEGIN
        INSERT INTO product_search(rowid, name, brand, variation_description)
        VALUES (new.id, new.name, new.brand, new.variation_description);
      END`.execute(db);
    await sql`
      CREATE TRIGGER products_search_ad AFTER DELETE ON products BEGIN
        INSERT INTO product_search(product_search, rowid, name, brand, variation_description)
        VALUES ('delete', old.id, old.name, old.brand, old.variation_description);
      END`.execute(db);
    await sql`
      CREATE TRIGGER products_search_au AFTER UPDATE ON products BEGIN
        INSERT INTO product_search(product_search, rowid, name, brand, variation_description)
        VALUES ('delete', old.id, old.name, old.brand, old.variation_description);
        INSERT INTO product_search(rowid, name, brand, variation_description)
        VALUES (new.id, new.name, new.brand, new.variation_description);
      END`.execute(db);
  }
  // Listing filters and sorts run in the database: index what they touch.
  await db.schema
    .createIndex("department_products_listing_idx")
    .on("department_products")
    .columns(["department_id", "active", "sticky", "popularity"])
    .execute();
}
