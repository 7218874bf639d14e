/**
 * SQLite through Kysely prepares every statement again on every call (its driver calls
 * `prepare(sql)` each time), and preparing costs about as much as running a small query. The
 * API asks the same few hundred statements all day, so the prepared ones are kept, by their SQL
 * text, the least recently used dropped beyond `max` (lists of ids make SQL of many lengths).
 *
 * Safe because better-sqlite3 runs each statement to completion synchronously: one statement is
 * never in use twice at once (Kysely's streaming `iterate`, the one exception, is not used here),
 * and SQLite re-prepares a kept statement itself when the schema changes under it.
 */
import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import { LRUCache } from "lru-cache";

const KEPT_STATEMENTS = 500;

export function keepingStatements(
  sqlite: SQLite.Database,
  max = KEPT_STATEMENTS,
): SqliteDatabase & { readonly kept: number } {
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    get kept() {
      return statements.size;
    },
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
