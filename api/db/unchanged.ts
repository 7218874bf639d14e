/**
 * Reads kept for as long as a SQLite database has not changed (decision 046). Stock and prices
 * change all day, so they were read on every call; but SQLite can say, in a few microseconds,
 * whether anything at all has changed since an earlier look, and while nothing has, a read's
 * answer is the one it gave then. Such a read is kept with the database's _stamp_ taken before it
 * ran, and given again while the stamp is the same:
 *
 * - `total_changes()`: the rows this connection has inserted, updated or deleted, triggers
 *   included, committed or rolled back (it only grows; the API's one SQLite connection makes
 *   every write of this process);
 * - `data_version`: moves when another connection (a worker, a CLI, an operator's shell) commits;
 * - `schema_version`: moves with any change of the schema, this connection's included.
 *
 * The stamp is read before the kept read, both through the same Kysely handle: on SQLite a
 * transaction holds the one connection, so neither runs inside another caller's transaction. A
 * write between the two makes the kept answer newer than its stamp, never older: it is simply not
 * given again. Only the handle openDatabase made is stamped; a transaction's handle, and
 * PostgreSQL (which has no such counter), read every time.
 */
import { CompiledQuery, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "./schema";

const stamped = new WeakSet<Kysely<Database>>();

/** Called by openDatabase for a SQLite database's own handle. */
export function stampChangesOf(kysely: Kysely<Database>) {
  stamped.add(kysely);
}

const STAMP = CompiledQuery.raw(
  "SELECT total_changes() AS changes, d.data_version AS version, s.schema_version AS schema" +
    " FROM pragma_data_version AS d, pragma_schema_version AS s",
);

/** The database's change stamp; null where reads are not kept (see above). */
export async function changeStamp(db: Kysely<Database>): Promise<string | null> {
  if (!stamped.has(db)) return null;
  const { rows } = await db.executeQuery<{ changes: number; version: number; schema: number }>(
    STAMP,
  );
  const row = rows[0]!;
  return `${row.changes}:${row.version}:${row.schema}`;
}

/**
 * `read`, kept per database and `key` while the database is unchanged (at most `max` answers,
 * the least recently asked dropped first). The answer is shared by every caller that gets it:
 * `read` must answer something nobody changes (the rows are frozen here to make sure).
 */
export function keptWhileUnchanged<A extends unknown[], T extends object>(
  key: (...args: A) => string,
  read: (db: Kysely<Database>, ...args: A) => Promise<T>,
  max = 1000,
): (db: Kysely<Database>, ...args: A) => Promise<T> {
  const kept = new WeakMap<
    Kysely<Database>,
    LRUCache<string, { stamp: string; answer: Promise<T> }>
  >();
  return async (db, ...args) => {
    const stamp = await changeStamp(db);
    if (stamp === null) return read(db, ...args);
    let answers = kept.get(db);
    if (!answers) kept.set(db, (answers = new LRUCache({ max })));
    const k = key(...args);
    const hit = answers.get(k);
    if (hit?.stamp === stamp) return hit.answer;
    const entry = { stamp, answer: read(db, ...args).then(frozen) };
    answers.set(k, entry);
    // A failed read is not kept.
    entry.answer.catch(() => {
      if (answers.get(k) === entry) answers.delete(k);
    });
    return entry.answer;
  };
}

/** An answer and, one level down, its rows (an array of rows, or one row). */
function frozen<T extends object>(answer: T): T {
  if (Array.isArray(answer)) for (const row of answer) Object.freeze(row);
  return Object.freeze(answer);
}
