/** SQLite statements are prepared once per SQL text and kept within a bound. */
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepingStatements } from "../../api/db/statement-cache";

const opened: Kysely<unknown>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((k) => k.destroy()));
});

function open(max?: number) {
  const sqlite = new SQLite(":memory:");
  const prepare = vi.spyOn(sqlite, "prepare");
  const database = keepingStatements(sqlite, max);
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  opened.push(kysely);
  return { kysely, prepare, database };
}

describe("kept SQLite statements", () => {
  it("prepares a statement once however often it runs, with any parameters", async () => {
    const { kysely, prepare } = open();
    await sql`create table t (id integer primary key, name text)`.execute(kysely);
    for (const name of ["a", "b", "c"])
      await sql`insert into t (name) values (${name})`.execute(kysely);
    const names = [];
    for (const id of [1, 2, 3])
      names.push(
        (await sql<{ name: string }>`select name from t where id = ${id}`.execute(kysely)).rows[0]
          ?.name,
      );
    expect(names).toEqual(["a", "b", "c"]);
    // create, insert, select: three texts, three preparations.
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it("keeps at most its bound, dropping the least recently used", async () => {
    const { kysely, prepare, database } = open(2);
    await sql`select 1`.execute(kysely);
    await sql`select 2`.execute(kysely);
    await sql`select 1`.execute(kysely);
    await sql`select 3`.execute(kysely); // drops "select 2"
    expect(database.kept).toBe(2);
    await sql`select 1`.execute(kysely);
    expect(prepare).toHaveBeenCalledTimes(3);
    await sql`select 2`.execute(kysely);
    expect(prepare).toHaveBeenCalledTimes(4);
  });
});
