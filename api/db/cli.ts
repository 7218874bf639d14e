/**
 * Database commands:
 *   tsx api/db/cli.ts migrate   brings the schema up to date
 *   tsx api/db/cli.ts seed      migrates, then loads the demo brand if the database has none
 *   tsx api/db/cli.ts generate DEPARTMENT_ID COUNT
 *                               adds COUNT generated products to a department (speed measurements)
 * Uses DATABASE_URL (default: the SQLite file in data/).
 */
import { readVariable } from "@core/config/environment";
import { openDatabase } from "./connection";
import { generateLargeCatalog } from "./large-catalog";
import { migrateToLatest } from "./migrate";
import { countSeeded, seedDemoIfEmpty } from "./seed";

const USAGE = "usage: tsx api/db/cli.ts <migrate|seed|generate DEPARTMENT_ID COUNT>";

async function main(command: string | undefined): Promise<number> {
  if (command !== "migrate" && command !== "seed" && command !== "generate") {
    console.error(USAGE);
    return 2;
  }
  const db = openDatabase(readVariable("DATABASE_URL", process.env));
  try {
    await migrateToLatest(db);
    console.log(`migrated ${db.label}`);
    if (command === "generate") {
      const departmentId = Number(process.argv[3]);
      const count = Number(process.argv[4]);
      if (!Number.isInteger(departmentId) || !Number.isInteger(count) || count < 1) {
        console.error(USAGE);
        return 2;
      }
      const started = performance.now();
      await generateLargeCatalog(db, { departmentId, products: count });
      console.log(
        `generated ${count} products in department ${departmentId} in ${Math.round(performance.now() - started)} ms`,
      );
    }
    if (command === "seed") {
      const started = performance.now();
      const seeded = await seedDemoIfEmpty(db);
      if (!seeded) {
        console.log("the database already has a brand; nothing seeded");
      } else {
        const ms = Math.round(performance.now() - started);
        const counts = await countSeeded(db);
        console.log(`seeded the Harvest Market demo brand in ${ms} ms:`);
        for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(22)} ${n}`);
      }
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `db ${process.argv[2] ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
