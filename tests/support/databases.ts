/**
 * Test databases: one seeded template per run (made in global setup), then a private copy per test
 * file, so files run in parallel and never see each other's writes. SQLite copies a file;
 * PostgreSQL uses CREATE DATABASE … TEMPLATE.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Db } from "../../api/db/connection";

export const usePostgres = process.env.TEST_DATABASE === "postgres";
export const PG_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const pgUrl = (database: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  // A dropped admin connection must fail this call, not the whole test run.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;

/** Where the template lives: a file path (SQLite) or a database name (PostgreSQL). */
export function newTemplateLocation(): string {
  return usePostgres
    ? uniqueName("oe_tpl")
    : path.join(fs.mkdtempSync(path.join(os.tmpdir(), "oe-test-")), "template.sqlite");
}

export const templateUrl = (location: string) =>
  usePostgres ? pgUrl(location) : `file:${location}`;

export async function createTemplateDatabase(location: string) {
  if (usePostgres) await adminQuery(`CREATE DATABASE ${location}`);
}

export async function dropTemplateDatabase(location: string) {
  if (usePostgres) await adminQuery(`DROP DATABASE IF EXISTS ${location} WITH (FORCE)`);
  else fs.rmSync(path.dirname(location), { recursive: true, force: true });
}

/** A private, seeded database for one test file. `dispose()` closes and removes it. */
export async function copyOfTemplate(
  location: string,
): Promise<Db & { url: string; dispose(): Promise<void> }> {
  if (usePostgres) {
    const name = uniqueName("oe_test");
    // Copies from one template may briefly collide; a few tries absorb that.
    for (let attempt = 0; ; attempt++) {
      try {
        await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${location}`);
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
    }
    const db = openDatabase(pgUrl(name));
    return Object.assign(db, {
      url: pgUrl(name),
      async dispose() {
        await db.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    });
  }
  const file = path.join(path.dirname(location), `${uniqueName("copy")}.sqlite`);
  fs.copyFileSync(location, file);
  const db = openDatabase(`file:${file}`);
  return Object.assign(db, {
    url: `file:${file}`,
    async dispose() {
      await db.close();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    },
  });
}
