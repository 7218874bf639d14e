/**
 * Reads kept while a SQLite database is unchanged (api/db/unchanged.ts): given again only while
 * nothing has been written, by this connection, another one or a schema change; never inside a
 * transaction; frozen, since every caller shares them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db } from "../../api/db/connection";
import type { Database } from "../../api/db/schema";
import { writeTransaction } from "../../api/db/transaction";
import { keptWhileUnchanged, skippedWhileUnchanged } from "../../api/db/unchanged";

let dir: string;
let file: string;
const opened: Db[] = [];
const open = () => {
  const db = openDatabase(`file:${file}`);
  opened.push(db);
  return db;
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "oe-unchanged-"));
  file = path.join(dir, "kept.sqlite");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((db) => db.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** A kept read of one row of `t`, counting how often it really reads. */
function keptName() {
  const reads = { count: 0 };
  const read = keptWhileUnchanged(
    (id: number) => String(id),
    async (k: Kysely<Database>, id: number) => {
      reads.count++;
      const { rows } = await sql<{ name: string }>`select name from t where id = ${id}`.execute(k);
      return rows;
    },
  );
  return { read, reads };
}

async function withTable(db: Db) {
  await sql`create table t (id integer primary key, name text)`.execute(db.kysely);
  await sql`insert into t (id, name) values (1, 'kale'), (2, 'leek')`.execute(db.kysely);
}

describe("reads kept while the database is unchanged", () => {
  it("reads once while nothing is written, per key", async () => {
    const db = open();
    await withTable(db);
    const { read, reads } = keptName();
    const first = await read(db.kysely, 1);
    expect(first).toEqual([{ name: "kale" }]);
    expect(await read(db.kysely, 1)).toBe(first);
    expect(await read(db.kysely, 2)).toEqual([{ name: "leek" }]);
    expect(reads.count).toBe(2);
  });

  it("reads again after a write by this connection, even one rolled back", async () => {
    const db = open();
    await withTable(db);
    const { read, reads } = keptName();
    await read(db.kysely, 1);
    await sql`update t set name = 'chard' where id = 1`.execute(db.kysely);
    expect(await read(db.kysely, 1)).toEqual([{ name: "chard" }]);
    await writeTransaction(db.kysely, async (trx) => {
      await sql`update t set name = 'okra' where id = 1`.execute(trx);
      // Inside the transaction nothing is kept: it sees its own write.
      expect(await read(trx, 1)).toEqual([{ name: "okra" }]);
      throw new Error("changed my mind");
    }).catch(() => undefined);
    expect(await read(db.kysely, 1)).toEqual([{ name: "chard" }]);
    expect(reads.count).toBe(4);
  });

  it("reads again after another connection commits a write", async () => {
    const db = open();
    await withTable(db);
    const { read } = keptName();
    await read(db.kysely, 1);
    const other = open();
    await sql`update t set name = 'chard' where id = 1`.execute(other.kysely);
    expect(await read(db.kysely, 1)).toEqual([{ name: "chard" }]);
  });

  it("reads again after a change of the schema", async () => {
    const db = open();
    await withTable(db);
    const { read } = keptName();
    await read(db.kysely, 1);
    // A schema change writes no row: only the schema's version says something changed.
    await sql`drop table t`.execute(db.kysely);
    await expect(read(db.kysely, 1)).rejects.toThrow(/no such table/);
  });

  it("reads again, unchanged, once a part its read was made of would have expired", async () => {
    const db = open();
    await withTable(db);
    const now = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    let reads = 0;
    // Made of a part kept for 30 s from now, as a listing is of its ranked ids.
    const read = keptWhileUnchanged(
      (id: number) => String(id),
      async (k: Kysely<Database>, id: number, lifetime) => {
        reads++;
        lifetime.until = Math.min(lifetime.until, Date.now() + 30_000);
        return (await sql<{ name: string }>`select name from t where id = ${id}`.execute(k)).rows;
      },
    );
    await read(db.kysely, 1);
    now.mockReturnValue(1_029_999);
    await read(db.kysely, 1);
    expect(reads).toBe(1);
    now.mockReturnValue(1_030_000);
    await read(db.kysely, 1);
    expect(reads).toBe(2);
  });

  it("freezes what it keeps, as every caller shares it", async () => {
    const db = open();
    await withTable(db);
    const { read } = keptName();
    const rows = await read(db.kysely, 1);
    expect(Object.isFrozen(rows)).toBe(true);
    expect(Object.isFrozen(rows[0])).toBe(true);
  });
});

describe("a change skipped while the database is as it last left it", () => {
  /** Sets t's name to `name` where it differs, counting its runs: it writes only what changed. */
  function renamer() {
    const runs = { count: 0 };
    const rename = skippedWhileUnchanged(
      (id: number, name: string) => JSON.stringify([id, name]),
      async (k: Kysely<Database>, id: number, name: string) => {
        runs.count++;
        await sql`update t set name = ${name} where id = ${id} and name <> ${name}`.execute(k);
      },
    );
    return { rename, runs };
  }

  it("runs again only after something was written, and never after a run that wrote", async () => {
    const db = open();
    await withTable(db);
    const { rename, runs } = renamer();
    // The first run writes: the next must run to learn that nothing is left to write.
    await rename(db.kysely, 1, "chard");
    await rename(db.kysely, 1, "chard");
    expect(runs.count).toBe(2);
    await rename(db.kysely, 1, "chard");
    expect(runs.count).toBe(2);
    // Another key is another change.
    await rename(db.kysely, 2, "leek");
    expect(runs.count).toBe(3);
    // Another connection's write, even to another row, and the change runs again.
    await sql`update t set name = 'okra' where id = 2`.execute(open().kysely);
    await rename(db.kysely, 1, "chard");
    expect(runs.count).toBe(4);
    await sql`update t set name = 'kale' where id = 1`.execute(db.kysely);
    await rename(db.kysely, 1, "chard");
    expect(runs.count).toBe(5);
    expect(
      (await sql<{ name: string }>`select name from t where id = 1`.execute(db.kysely)).rows,
    ).toEqual([{ name: "chard" }]);
  });

  it("always runs inside a transaction, and after a run that failed", async () => {
    const db = open();
    await withTable(db);
    let runs = 0;
    let fail = true;
    const change = skippedWhileUnchanged(
      () => "one",
      async () => {
        runs++;
        if (fail) throw new Error("the gateway is down");
      },
    );
    await expect(change(db.kysely)).rejects.toThrow(/gateway/);
    fail = false;
    await change(db.kysely);
    await change(db.kysely);
    expect(runs).toBe(2);
    await writeTransaction(db.kysely, async (trx) => {
      await change(trx);
      await change(trx);
    });
    expect(runs).toBe(4);
  });
});
