/**
 * Prepares the second e2e server's database: the demo brand, made a brand whose shoppers cannot
 * change stores (spec §2). Run before that server starts, with its DATABASE_URL.
 */
import { openDatabase } from "../../api/db/connection";
import { migrateToLatest } from "../../api/db/migrate";
import { seedDemoIfEmpty } from "../../api/db/seed";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL names the database to prepare");
const db = openDatabase(url);
try {
  await migrateToLatest(db);
  await seedDemoIfEmpty(db);
  await db.kysely.updateTable("brands").set({ can_change_stores: 0 }).execute();
} finally {
  await db.close();
}
