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
import { deepFreeze } from "@core/contract/deep-freeze";
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
 * Until when (ms since the epoch) a kept answer may be given again, the database unchanged: a
 * read made of parts that are themselves kept for a while (a listing's ranked ids, its count)
 * lowers it to when the first of them expires, so keeping it changes nothing they would.
 */
export interface Lifetime {
  until: number;
}

const keptAnswers = new WeakSet<object>();

/** True for an answer keptWhileUnchanged gave: frozen through and through, and shared. */
export const isKeptAnswer = (value: unknown): value is object =>
  typeof value === "object" && value !== null && keptAnswers.has(value);

/** A kept read: called as `read` is, or `at` a stamp its caller read already (see below). */
export interface KeptRead<A extends unknown[], T> {
  (db: Kysely<Database>, ...args: A): Promise<T>;
  /**
   * With the stamp read at the start of a request (http/caller.ts), so that a request reads one
   * stamp however many kept reads it makes. An answer kept under that stamp is the database as
   * it was when the request started, or later: what its reads would have seen had they run
   * then. Only for a request that writes nothing before it: it would not see its own write.
   */
  at(db: Kysely<Database>, stamp: string | null, ...args: A): Promise<T>;
}

/**
 * `read`, kept per database and `key` while the database is unchanged and its lifetime lasts (at
 * most `max` answers, the least recently asked dropped first). The answer is shared by every
 * caller that gets it: it is frozen here, through and through.
 */
export function keptWhileUnchanged<A extends unknown[], T extends object>(
  key: (...args: A) => string,
  read: (db: Kysely<Database>, ...args: [...A, Lifetime]) => Promise<T>,
  max = 1000,
): KeptRead<A, T> {
  const kept = new WeakMap<
    Kysely<Database>,
    LRUCache<string, { stamp: string; lifetime: Lifetime; answer: Promise<T> }>
  >();
  const at = (db: Kysely<Database>, stamp: string | null, ...args: A): Promise<T> => {
    if (stamp === null) return read(db, ...args, { until: Infinity });
    let answers = kept.get(db);
    if (!answers) kept.set(db, (answers = new LRUCache({ max })));
    const k = key(...args);
    const hit = answers.get(k);
    if (hit?.stamp === stamp && Date.now() < hit.lifetime.until) return hit.answer;
    const lifetime = { until: Infinity };
    const entry = { stamp, lifetime, answer: read(db, ...args, lifetime).then(frozen) };
    answers.set(k, entry);
    // A failed read is not kept.
    entry.answer.catch(() => {
      if (answers.get(k) === entry) answers.delete(k);
    });
    return entry.answer;
  };
  const stampThenRead = async (db: Kysely<Database>, ...args: A) =>
    at(db, await changeStamp(db), ...args);
  return Object.assign(stampThenRead, { at });
}

function frozen<T extends object>(answer: T): T {
  deepFreeze(answer);
  keptAnswers.add(answer);
  return answer;
}

/**
 * `change`, skipped while the database is as it was when the change last wrote nothing. Such a
 * change reads only the database and what its key holds, and writes only what differs (the
 * cart's price refresh, on every cart view): at the same stamp it would find the same rows and
 * write nothing again. A run counts only when the stamp after it is the stamp before it, so that
 * neither it nor anyone else wrote meanwhile; a run that fails counts for nothing. Without a stamp
 * (PostgreSQL, a transaction's handle) the change always runs.
 */
export function skippedWhileUnchanged<A extends unknown[]>(
  key: (...args: A) => string,
  change: (db: Kysely<Database>, ...args: A) => Promise<unknown>,
  max = 5000,
): (db: Kysely<Database>, ...args: A) => Promise<void> {
  const wroteNothingAt = new WeakMap<Kysely<Database>, LRUCache<string, string>>();
  return async (db, ...args) => {
    const before = await changeStamp(db);
    if (before === null) {
      await change(db, ...args);
      return;
    }
    let stamps = wroteNothingAt.get(db);
    if (!stamps) wroteNothingAt.set(db, (stamps = new LRUCache({ max })));
    const k = key(...args);
    if (stamps.get(k) === before) return;
    await change(db, ...args);
    if ((await changeStamp(db)) === before) stamps.set(k, before);
    else stamps.delete(k);
  };
}
