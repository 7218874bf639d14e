/**
 * The bench's database: a fresh SQLite file with the demo data plus a large generated catalogue
 * in the Grocery department of the last store (the first store's Grocery keeps the demo's size).
 * Shared by `npm run bench` and `npm run bench:profile`.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

export interface BenchDepartment {
  id: number;
  store_id: number;
}

/**
 * Makes `file` afresh with `largeProducts` generated products; answers both departments. With
 * `reuse`, a file left by an earlier run is kept as it is (profiling the same data again).
 */
export async function prepareBenchDatabase(
  file: string,
  largeProducts: number,
  log: (message: string) => void,
  { reuse = false } = {},
): Promise<{ demo: BenchDepartment; large: BenchDepartment }> {
  const kept = reuse && existsSync(file);
  mkdirSync(path.dirname(file), { recursive: true });
  if (!kept) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const { openDatabase } = await import("../api/db/connection");
  const { migrateToLatest } = await import("../api/db/migrate");
  const { seedDemoIfEmpty } = await import("../api/db/seed");
  const { generateLargeCatalog } = await import("../api/db/large-catalog");
  const db = openDatabase(`file:${file}`);
  try {
    await migrateToLatest(db);
    await seedDemoIfEmpty(db);
    const groceries = await db.kysely
      .selectFrom("departments")
      .select(["id", "store_id"])
      .where("kind", "=", "grocery")
      .orderBy("store_id")
      .execute();
    const demo = groceries[0]!;
    const large = groceries[groceries.length - 1]!;
    if (kept) return { demo, large };
    const started = performance.now();
    await generateLargeCatalog(db, { departmentId: large.id, products: largeProducts });
    log(
      `generated ${largeProducts} products in department ${large.id} in ${Math.round(performance.now() - started)} ms`,
    );
    return { demo, large };
  } finally {
    await db.close();
  }
}
