import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { DEFAULT_DATABASE_URL } from "@core/config/environment";
import { logger } from "../logger";
import type { Database } from "./schema";
import { keepingStatements } from "./statement-cache";
import { registerDialect, type DialectName } from "./transaction";

export type { DialectName };

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** A printable description without credentials, for logs. */
  label: string;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (COUNT, SUM) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/**
 * Opens the database named by a DATABASE_URL: `file:PATH` (SQLite, the embedded default) or
 * `postgres://…` / `postgresql://…` (PostgreSQL).
 */
export function openDatabase(url: string = DEFAULT_DATABASE_URL): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A client whose backend goes away (restart, failover, pg_terminate_backend) emits 'error':
    // on the pool while idle, on the client itself while a request holds it. Unheard, either
    // ends the process. The query in flight has already failed (the request answers 503) and
    // the pool replaces the dead client on the next query, so logging is all that is left to do.
    const lost = (error: Error) =>
      logger.warn("database connection lost", {
        code: (error as { code?: string }).code,
        error: error.message,
      });
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerDialect(kysely, "postgres");
    const parsed = new URL(url);
    return {
      kysely,
      dialect: "postgres",
      label: `postgres ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
      close: () => kysely.destroy(),
    };
  }
  if (!url.startsWith("file:")) {
    throw new Error(
      `DATABASE_URL must start with file: or postgres://, got "${url.split(":")[0]}:"`,
    );
  }
  const file = url.slice("file:".length);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: keepingStatements(sqlite) }),
  });
  registerDialect(kysely, "sqlite");
  return { kysely, dialect: "sqlite", label: `sqlite ${file}`, close: () => kysely.destroy() };
}
