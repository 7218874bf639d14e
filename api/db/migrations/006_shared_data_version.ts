import { sql, type Kysely } from "kysely";
import type { DialectName } from "../connection";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */

/**
 * What every shopper sees alike (the brand, stores and their hours, departments, categories,
 * pickup locations, catalogs and store alerts) is kept by the storefront for a short while. A
 * single counter, bumped by triggers on each of those tables whoever writes them (the API, a
 * seed, an import, an operator's SQL), tells every storefront process when what it keeps is stale:
 * the API sends it with each answer (`Shared-Data-Version`).
 *
 * Orders, stock and prices are not in the list: they change all day and are never kept.
 */
export const SHARED_TABLES = [
  "brands",
  "stores",
  "store_hours",
  "departments",
  "pseudo_departments",
  "pickup_locations",
  "categories",
  "catalogs",
  "catalog_pages",
  "hitboxes",
  "alerts",
] as const;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("shared_data_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("shared_data_version").values({ id: 1, version: 1 }).execute();

  if (dialect === "postgres") {
    await sql`
      CREATE FUNCTION bump_shared_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE shared_data_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
    for (const table of SHARED_TABLES) {
      // Once per statement: a bulk import bumps it once, not once per row.
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_shared_version`)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version()`.execute(db);
    }
    return;
  }
  // SQLite has row triggers only; these tables change rarely and in small numbers.
  for (const table of SHARED_TABLES) {
    for (const [suffix, event] of [
      ["ai", "INSERT"],
      ["au", "UPDATE"],
      ["ad", "DELETE"],
    ] as const) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_shared_version_${suffix}`)}
        AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN
          UPDATE shared_data_version SET version = version + 1 WHERE id = 1;
        END`.execute(db);
    }
  }
}
