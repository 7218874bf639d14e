/**
 * Queries compiled once per process (api/db/compiled-query.ts), on the database the run names:
 * the same rows as a fresh build of the same query, one compile per shape, a value the SQL does
 * not bind refused, and on PostgreSQL the statement prepared once by name.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { compiledQuery, preparedStatementName } from "../../api/db/compiled-query";
import type { Database } from "../../api/db/schema";
import { copyOfTemplate, usePostgres } from "../support/databases";

let db: Awaited<ReturnType<typeof copyOfTemplate>>;
beforeAll(async () => {
  db = await copyOfTemplate(inject("templateLocation"));
});
afterAll(() => db.dispose());

const productsOf = (k: Kysely<Database>, departmentId: number, ids: number[]) =>
  k
    .selectFrom("department_products")
    .select(["product_id", "srp_amount"])
    .where("department_id", "=", departmentId)
    .where("product_id", "in", ids)
    .orderBy("product_id");

describe("compiledQuery", () => {
  it("answers what a fresh build answers, compiling each shape once", async () => {
    let builds = 0;
    const query = compiledQuery(
      (k, v: { departmentId: number; ids: number[] }, shape: { cheapFirst: boolean }) => {
        builds++;
        const q = productsOf(k, v.departmentId, v.ids);
        return shape.cheapFirst ? q.clearOrderBy().orderBy("srp_amount").orderBy("product_id") : q;
      },
    );
    const rows = await db.kysely
      .selectFrom("department_products")
      .select(["department_id", "product_id"])
      .orderBy("department_id")
      .orderBy("product_id")
      .execute();
    const departments = [...new Set(rows.map((r) => r.department_id))].slice(0, 3);
    expect(departments.length).toBeGreaterThan(1);
    for (const departmentId of departments) {
      const ids = rows
        .filter((r) => r.department_id === departmentId)
        .slice(0, 3)
        .map((r) => r.product_id);
      // Another department's product too: the department must still filter it out.
      const asked = [...ids, rows.find((r) => r.department_id !== departmentId)!.product_id];
      for (const cheapFirst of [false, true]) {
        const fresh = productsOf(db.kysely, departmentId, asked);
        const expected = await (
          cheapFirst ? fresh.clearOrderBy().orderBy("srp_amount").orderBy("product_id") : fresh
        ).execute();
        expect(expected.length).toBe(ids.length);
        expect(await query(db.kysely, { departmentId, ids: asked }, { cheapFirst })).toEqual(
          expected,
        );
      }
    }
    // Two shapes, one list length: two builds for six calls.
    expect(builds).toBe(2);
    await query(db.kysely, { departmentId: departments[0]!, ids: [1] }, { cheapFirst: false });
    expect(builds).toBe(3);
  });

  it("refuses a value the SQL does not bind (read in a condition, it would be frozen in)", async () => {
    const query = compiledQuery((k, v: { id: number; limit: number }) =>
      k
        .selectFrom("products")
        .select("id")
        .where("id", "=", v.id)
        .limit(v.limit > 10 ? 10 : 5),
    );
    await expect(query(db.kysely, { id: 1, limit: 20 })).rejects.toThrow(/"limit".*shape/);
  });

  it("runs by name on PostgreSQL (prepared once per connection); on SQLite, as kept", async () => {
    const query = compiledQuery((k, v: { id: number }) =>
      k.selectFrom("products").select(["id", "name"]).where("id", "=", v.id),
    );
    const sqlText = db.kysely
      .selectFrom("products")
      .select(["id", "name"])
      .where("id", "=", 1)
      .compile().sql;
    const prepared = await db.kysely.connection().execute(async (connection) => {
      const first = await query(connection, { id: 1 });
      const second = await query(connection, { id: 2 });
      expect(first[0]?.id).toBe(1);
      expect(second[0]?.id).toBe(2);
      if (!usePostgres) return null;
      return (
        await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(connection)
      ).rows;
    });
    const name = preparedStatementName(sqlText);
    expect(name).toBeDefined();
    // SQLite's statements are kept by their text (statement-cache.ts has its own test).
    if (prepared)
      expect(prepared.filter((p) => p.name === name)).toEqual([{ name, statement: sqlText }]);
  });
});
