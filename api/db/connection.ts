import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { DEFAULT_DATABASE_URL } from "@core/config/environment";
import { logger } from "../logger";
import { preparedStatementName } from "./compiled-query";
import type { Database } from "./schema";
import { keepingStatements } from "./statement-cache";
import { stampChangesOf } from "./unchanged";
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
 * Makes a PostgreSQL connection run the statements compiled once per process (compiled-query.ts)
 * as named prepared statements: it parses and plans one the first time it runs it, then only binds
 * and executes it. Every other query goes as before (unnamed). Kysely calls `query(sql, values)`.
 */
function nameCompiledStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === "string" && Array.isArray(values)
        ? preparedStatementName(text)
        : undefined;
    return name ? query({ name, text, values }) : query(...args);
  }) as typeof client.query;
}

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
    pool.on("connect", (client) => {
      client.on("error", lost);
      nameCompiledStatements(client);
    });
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
  stampChangesOf(kysely);
  return { kysely, dialect: "sqlite", label: `sqlite ${file}`, close: () => kysely.destroy() };
}
