import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Db, DialectName } from "./connection";
import * as initial from "./migrations/001_initial";
import * as productSearch from "./migrations/002_product_search";
import * as orderPlacement from "./migrations/003_order_placement";
import * as listingIndexes from "./migrations/004_listing_indexes";
import * as firstOrderPromotions from "./migrations/005_first_order_promotions";
import * as sharedDataVersion from "./migrations/006_shared_data_version";
import * as singleSignOn from "./migrations/007_single_sign_on";
import * as clubSavings from "./migrations/008_club_savings";
import * as cardAuthorizations from "./migrations/009_card_authorizations";
import * as deliveries from "./migrations/010_deliveries";
import * as slotCapacity from "./migrations/011_slot_capacity";
import * as itemSubstitution from "./migrations/012_item_substitution";
import * as holdReleases from "./migrations/013_hold_releases";
import * as storeOrderStatus from "./migrations/014_store_order_status";
import * as sandboxAssociates from "./migrations/015_sandbox_associates";
import * as pickingAndCapture from "./migrations/016_picking_and_capture";
import * as outbox from "./migrations/017_outbox";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */
interface DialectMigration {
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<any>): Promise<void>;
}

/** Every migration, in order. One list serves both databases; each receives the dialect. */
const MIGRATIONS: Record<string, DialectMigration> = {
  "001_initial": initial,
  "002_product_search": productSearch,
  "003_order_placement": orderPlacement,
  "004_listing_indexes": listingIndexes,
  "005_first_order_promotions": firstOrderPromotions,
  "006_shared_data_version": sharedDataVersion,
  "007_single_sign_on": singleSignOn,
  "008_club_savings": clubSavings,
  "009_card_authorizations": cardAuthorizations,
  "010_deliveries": deliveries,
  "011_slot_capacity": slotCapacity,
  "012_item_substitution": itemSubstitution,
  "013_hold_releases": holdReleases,
  "014_store_order_status": storeOrderStatus,
  "015_sandbox_associates": sandboxAssociates,
  "016_picking_and_capture": pickingAndCapture,
  "017_outbox": outbox,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      out[name] = {
        up: (db) => m.up(db, this.dialect),
        ...(m.down ? { down: (db: Kysely<any>) => m.down!(db) } : {}),
      };
    }
    return out;
  }
}

/** Brings the schema up to date; safe to call on every start. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: new StaticProvider(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  // New tables or indexes: give the planner fresh statistics for them.
  if (results?.length) await analyze(db);
}

/**
 * Refreshes the query planner's statistics. Without them SQLite may read a whole department to
 * find 50 products by id (it cannot tell which index is narrower); PostgreSQL's autovacuum would
 * get there eventually, but a bulk load should not wait for it.
 */
export async function analyze(db: Db): Promise<void> {
  await sql`ANALYZE`.execute(db.kysely);
}
