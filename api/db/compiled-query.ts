/**
 * Hot queries compiled once per process (issue 29). Building a Kysely query and compiling it to
 * SQL costs more than running a small one (a product page's 50-id price query: 1.5 ms to build
 * and compile, 0.5 ms to run), and the API asks the same few shapes all day. A query made with
 * `compiledQuery` is built and compiled the first time a shape is asked on a database, with
 * stand-ins where its values go; later calls put their values where the stand-ins were and hand
 * Kysely the SQL it compiled, so the database sees exactly the statement a fresh build would
 * give, with the same parameters.
 *
 * - `values` are what changes from call to call: each must end up a bound parameter (a value
 *   given to `where`, `limit`, `in`, `sql\`${value}\``). A list (an `in` list) becomes one
 *   parameter per element; its length is part of the shape, so each length is compiled once.
 *   A value left undefined is one this shape does not use.
 * - `shape` is what changes the SQL itself (a filter present or not, a sort, a null that turns a
 *   subquery into a literal): the build reads it as a real value, and each distinct shape is
 *   compiled once. Anything the build tests with `if` or `?:` belongs in the shape.
 *
 * The first compile of a shape checks that every value became a parameter (a value used as a
 * literal, or read in a condition, would be frozen into the SQL), so a misuse fails at once.
 *
 * On SQLite the statement cache (statement-cache.ts) then prepares the SQL once. On PostgreSQL
 * these statements are also named (`preparedStatementName`): the connection parses and plans
 * them once and runs them by name (connection.ts).
 */
import { createQueryId, type Compilable, type Kysely, type RootOperationNode } from "kysely";
import type { Database } from "./schema";

/** Where one value goes: `values[key]`, or `values[key][index]` for a list. */
class Slot {
  constructor(
    readonly key: string,
    readonly index: number | null,
  ) {}
}

type Values = object;

interface Template {
  sql: string;
  query: RootOperationNode;
  /** Each parameter: a constant of the build, or where its value is read from. */
  parameters: (Slot | { constant: unknown })[];
}

/**
 * SQL of the statements made here, with the name PostgreSQL prepares each under; at most
 * NAMED_STATEMENTS (each connection keeps a named statement for its life), later ones unnamed.
 */
const statementNames = new Map<string, string>();
const NAMED_STATEMENTS = 2000;

/** The name a compiled statement is prepared under on PostgreSQL; undefined for any other SQL. */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

function standIns(values: Values): Values {
  return Object.fromEntries(
    Object.entries(values as Record<string, unknown>).map(([key, value]) => [
      key,
      value === undefined
        ? undefined
        : Array.isArray(value)
          ? value.map((_, i) => new Slot(key, i))
          : new Slot(key, null),
    ]),
  );
}

/** What distinguishes one compiled statement from another of the same query. */
function shapeKey(values: Values, shape: unknown): string {
  const lengths = Object.entries(values as Record<string, unknown>)
    .filter(([, value]) => Array.isArray(value) || value === undefined)
    .map(([key, value]) => `${key}:${value === undefined ? "-" : (value as unknown[]).length}`);
  return JSON.stringify(shape ?? null) + "|" + lengths.join(",");
}

function compile<V extends Values, S>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, values: V, shape: S) => Compilable<unknown>,
  values: V,
  shape: S,
): Template {
  const compiled = build(db, standIns(values) as V, shape).compile();
  const parameters = compiled.parameters.map((p) => (p instanceof Slot ? p : { constant: p }));
  const bound = new Set(
    parameters.filter((p): p is Slot => p instanceof Slot).map((s) => `${s.key}:${s.index}`),
  );
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined) continue;
    const wanted = Array.isArray(value) ? value.map((_, i) => `${key}:${i}`) : [`${key}:null`];
    if (!wanted.every((w) => bound.has(w))) {
      throw new Error(`compiledQuery: "${key}" is not a bound parameter; put it in the shape`);
    }
  }
  if (!statementNames.has(compiled.sql) && statementNames.size < NAMED_STATEMENTS) {
    statementNames.set(compiled.sql, `oe_${statementNames.size + 1}`);
  }
  return { sql: compiled.sql, query: compiled.query, parameters };
}

/**
 * A query built once per shape and database. Answers a function that runs it with the values of
 * one call and answers its rows.
 */
export function compiledQuery<V extends Values, O, S = null>(
  build: (db: Kysely<Database>, values: V, shape: S) => Compilable<O>,
) {
  // Per dialect adapter: a database and its transactions share one; two databases do not.
  const templates = new WeakMap<object, Map<string, Template>>();
  return async (db: Kysely<Database>, values: V, shape?: S): Promise<O[]> => {
    const adapter = db.getExecutor().adapter;
    let perShape = templates.get(adapter);
    if (!perShape) templates.set(adapter, (perShape = new Map()));
    const key = shapeKey(values, shape);
    let template = perShape.get(key);
    if (!template) {
      template = compile(db, build, values, shape as S);
      perShape.set(key, template);
    }
    const given = values as Record<string, unknown>;
    const parameters = template.parameters.map((p) =>
      p instanceof Slot
        ? p.index === null
          ? given[p.key]
          : (given[p.key] as unknown[])[p.index]
        : p.constant,
    );
    const result = await db.executeQuery<O>({
      sql: template.sql,
      query: template.query,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  };
}
