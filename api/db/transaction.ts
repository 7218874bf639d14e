/**
 * Write transactions that serialize on the rows they change, on both databases.
 *
 * PostgreSQL: an ordinary transaction; callers lock the rows they will change with
 * `SELECT … FOR UPDATE` (see `forUpdate`). SQLite has no row locks: `BEGIN IMMEDIATE` takes the
 * database's write lock before the first read, so two processes cannot both read a state and
 * then both write from it (a deferred BEGIN would let them, and one would fail with SQLITE_BUSY).
 *
 * Inside `work`, every query must go through the handle it receives: on SQLite the one
 * connection is held for the whole transaction, so a query on the outer handle would wait for it
 * forever; on PostgreSQL it would take a second pooled connection per request.
 */
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "./schema";

/** The two databases the API runs on (decision 002). */
export type DialectName = "sqlite" | "postgres";

const dialects = new WeakMap<Kysely<Database>, DialectName>();

/** Called once by openDatabase, so services that hold only the Kysely handle know its dialect. */
export function registerDialect(kysely: Kysely<Database>, dialect: DialectName) {
  dialects.set(kysely, dialect);
}

function dialectOf(kysely: Kysely<Database>): DialectName {
  const dialect = dialects.get(kysely);
  if (!dialect) throw new Error("This Kysely handle was not opened through openDatabase().");
  return dialect;
}

export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const dialect = dialectOf(db);
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx) => {
      dialects.set(trx, dialect);
      return work(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    dialects.set(conn, dialect);
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/** `FOR UPDATE` where the database has row locks; SQLite's immediate transaction covers it. */
export function forUpdate<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  db: Kysely<Database>,
  query: QB,
): QB {
  return dialects.get(db) === "postgres" ? (query.forUpdate() as QB) : query;
}
