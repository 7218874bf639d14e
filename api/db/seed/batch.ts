/**
 * Batched inserts that behave the same on SQLite and PostgreSQL.
 *
 * Rows go in several hundred per statement (SQLite allows 32,766 bound values, PostgreSQL 65,535),
 * and ids come back through RETURNING. Neither database promises RETURNING order, but ids are
 * assigned in VALUES order within one statement, so sorting the returned ids restores the order
 * of the rows given.
 */
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "../schema";

export type Trx = Transaction<Database>;

type TableWithId = {
  [K in keyof Database]: Database[K] extends { id: unknown } ? K : never;
}[keyof Database];

const MAX_VALUES_PER_STATEMENT = 8000;
const MAX_ROWS_PER_STATEMENT = 500;

function batches<T extends object>(rows: readonly T[]): T[][] {
  const columns = Math.max(1, ...rows.slice(0, 1).map((r) => Object.keys(r).length));
  const size = Math.max(
    1,
    Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_VALUES_PER_STATEMENT / columns)),
  );
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/*
 * Kysely cannot check `insertInto(table).values(rows)` for a table name that is a type parameter,
 * so the statements below go through an untyped view of the transaction; the rows themselves are
 * typed at every call site by Insertable<Database[T]>.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the comment above
type Untyped = Kysely<any>;

export async function insertAll<T extends keyof Database>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const db = trx as unknown as Untyped;
  for (const part of batches(rows)) await db.insertInto(table).values(part).execute();
}

/** Inserts the rows and returns their new ids, in the order of `rows`. */
export async function insertReturningIds<T extends TableWithId>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number[]> {
  const db = trx as unknown as Untyped;
  const ids: number[] = [];
  for (const part of batches(rows)) {
    const returned = (await db.insertInto(table).values(part).returning("id").execute()) as {
      id: number | string;
    }[];
    if (returned.length !== part.length) {
      throw new Error(
        `insert into ${table}: ${part.length} rows sent, ${returned.length} ids returned`,
      );
    }
    ids.push(...returned.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}
