/**
 * Shared pieces of the property-based fuzz suite: the run settings (seeded, so a failure
 * reproduces with FUZZ_SEED), hostile value generators, a raw HTTP sender that can send what a
 * well-behaved client never would, and the database invariants that a half-written row breaks.
 */
import http from "node:http";
import * as fc from "fast-check";
import { expect, it } from "vitest";
import type { TestApi } from "../support/api";

/** FUZZ_SEED reproduces a failure (fast-check prints the seed and path when a property fails). */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
/**
 * Generated calls per property: 500 on SQLite; the PostgreSQL pass runs the first 100 of the
 * same seeds (the same inputs, fewer of them), since the database-specific faults show early.
 */
const FUZZ_RUNS = Number(
  process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE === "postgres" ? 100 : 500),
);

export const fuzzOptions = (offset = 0): fc.Parameters<unknown> => ({
  // Each property gets its own seed derived from the base, so properties stay independent.
  seed: FUZZ_SEED + offset,
  numRuns: FUZZ_RUNS,
  // Shrinking re-sends many requests; a short path is enough to see the input.
  endOnFailure: process.env.FUZZ_SHRINK !== "1",
  interruptAfterTimeLimit: 60_000,
});

const LONE_SURROGATES = ["\ud800", "\udfff", "a\ud83d", "\ude00b"];
const SPECIAL_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "0x1F",
  " 7 ",
  "1,2",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "\u0000",
  "%00",
  "a\u0000b",
  "\u202e\u200b\ufeff",
  "💥🛒",
  "ﬀ̈é",
  "Ω≈ç√",
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "9".repeat(40),
  "2147483648",
  "9007199254740993",
  ...LONE_SURROGATES,
];

/** Strings that break parsers: unicode of every kind, lone surrogates, control characters, long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 12 }), weight: 2 },
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 4 },
  { arbitrary: fc.integer({ min: 100, max: 2000 }).map((n) => "é".repeat(n)), weight: 1 },
);

/** Numbers a client might send for an id or a quantity, sane and not. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -5, max: 50 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, 0.5, 1e21, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, Number.MIN_VALUE),
);

/** Any JSON value, with a bias towards the shapes a validator forgets: nulls, arrays, objects. */
const jsonJunk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyString, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A field: usually one of the given plausible values, else anything. */
export const field = (...plausible: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: fc.oneof(...plausible), weight: 3 }, { arbitrary: jsonJunk, weight: 2 });

/**
 * A JSON object as text, so it may hold what JSON.stringify never writes: duplicate keys and own
 * `__proto__` / `constructor` keys. Each known field is present or missing; extra keys ride along.
 */
function jsonObjectText(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const known = Object.entries(fields).map(([name, value]) =>
    fc.option(
      value.map((v) => [name, v] as const),
      { nil: undefined, freq: 4 },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom("__proto__", "constructor", "prototype", "price", "id"),
        nastyString,
      ),
      jsonJunk,
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...known), extra).map(([present, more]) => {
    const entries = [...present.filter((e) => e !== undefined), ...more];
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`;
  });
}

/** A request body: mostly a JSON object of the route's fields, else JSON junk, else not JSON. */
export function bodyFor(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<RawBody> {
  return fc.oneof(
    { arbitrary: jsonObjectText(fields).map((text) => json(text)), weight: 6 },
    { arbitrary: jsonJunk.map((v) => json(JSON.stringify(v) ?? "null")), weight: 2 },
    { arbitrary: rawBody, weight: 2 },
  );
}

export interface RawBody {
  contentType: string | null;
  body: string | Uint8Array;
  /** Not a body the API can read whatever the route (broken JSON, too large): a 4xx by construction. */
  unreadable?: true;
}

const json = (body: string): RawBody => ({ contentType: "application/json", body });
const unreadableJson = (body: string): RawBody => ({ ...json(body), unreadable: true });

/** Bodies that are not the JSON the API expects: broken JSON, other types, bad bytes, too large. */
const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .constantFrom(
      "{",
      "}",
      "{'a':1}",
      '{"a":}',
      '{"a":1,}',
      "[1,2",
      '"\\ud800"',
      "NaN",
      "undefined",
      "\u0000",
      "1".repeat(400),
      "[".repeat(5000),
      '{"a":'.repeat(2000),
    )
    .map(unreadableJson),
  fc.constant(json('{"\\u0000":1}')),
  fc
    .tuple(
      fc.constantFrom(
        "application/json",
        "application/json; charset=utf-16",
        "application/json; charset=bogus",
        "application/x-www-form-urlencoded",
        "text/plain",
        "application/xml",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        null,
      ),
      fc.oneof(nastyString, fc.uint8Array({ maxLength: 64 })),
    )
    .map(([contentType, body]) => ({ contentType, body })),
  // Just past the 100 KB JSON limit: a 413, never read.
  fc.constant(unreadableJson(`{"notes":"${"x".repeat(101 * 1024)}"}`)),
);

/**
 * Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them): they go
 * as the bytes a sloppy client would send, which are not valid UTF-8.
 */
function encodeLoose(s: string): string {
  let out = "";
  for (const char of s) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** One path segment: a real id (when given), else a hostile one, percent-encoded or raw. */
export function pathSegment(real: fc.Arbitrary<string> | null = null): fc.Arbitrary<string> {
  const junk = fc
    .oneof(
      fc.integer().map(String),
      fc.constantFrom(
        "0",
        "-1",
        "2147483647",
        "2147483648",
        "99999999999999999999",
        "1e3",
        "1.5",
        "0x10",
        "%00",
        "%",
        "%E0%A4%A",
        "%F0%9F%92%A5",
        "%ED%A0%80",
        "..%2F..",
        "abc",
        "01",
      ),
      nastyString.filter((s) => s.length > 0).map((s) => encodeLoose(s.slice(0, 200))),
      // "." and ".." are resolved by the client's URL parser: they would leave the API's mount.
    )
    .filter((s) => !/^(\.|%2e){1,2}$/i.test(s));
  return real ? fc.oneof({ arbitrary: real, weight: 3 }, { arbitrary: junk, weight: 2 }) : junk;
}

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };

/** A query value: a plain string, a bracket array, or a nested qs object. */
const shortString = nastyString.map((s) => s.slice(0, 60));
const queryJunk: fc.Arbitrary<QueryValue> = fc.letrec<{ v: QueryValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", maxDepth: 2 },
    shortString,
    fc.array(tie("v"), { maxLength: 22 }),
    fc.dictionary(fc.constantFrom("a", "0", "__proto__", "constructor", "length"), tie("v"), {
      maxKeys: 3,
    }),
  ),
})).v;

/** qs-style text for one parameter: `k=v`, `k[]=a&k[]=b`, `k[x]=v`, repeated keys. */
function encodeParam(key: string, value: QueryValue, raw: boolean): string[] {
  const enc = (s: string) => (raw ? s.replace(/[&#]/g, encodeURIComponent) : encodeLoose(s));
  if (typeof value === "string") return [`${enc(key)}=${enc(value)}`];
  if (Array.isArray(value)) return value.flatMap((v) => encodeParam(`${key}[]`, v, raw));
  return Object.entries(value).flatMap(([k, v]) => encodeParam(`${key}[${k}]`, v, raw));
}

/**
 * A query string over the route's parameters (each plausible or junk, or missing), plus stray
 * and repeated keys; sometimes left unencoded, so `%` and unicode reach the parser raw.
 */
export function queryFor(params: Record<string, fc.Arbitrary<QueryValue>>): fc.Arbitrary<string> {
  const known = Object.entries(params).map(([name, value]) =>
    fc.option(
      fc
        .oneof({ arbitrary: value, weight: 3 }, { arbitrary: queryJunk, weight: 1 })
        .map((v) => [name, v] as const),
      { nil: undefined, freq: 3 },
    ),
  );
  const stray = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...Object.keys(params), "__proto__", "a[b][c][d][e][f][g]"),
        shortString,
      ),
      queryJunk,
    ),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.tuple(...known), stray, fc.boolean(), fc.nat(20))
    .map(([present, extra, raw, longPad]) => {
      const parts = [...present.filter((p) => p !== undefined), ...extra].flatMap(([k, v]) =>
        encodeParam(k, v, raw && longPad % 5 === 0),
      );
      // Now and then a very long query; all of it stays under Node's 16 KB header limit (a 431).
      if (longPad === 20) parts.push(`pad=${"x".repeat(6000)}`);
      let text = "";
      let size = 0;
      for (const part of parts) {
        const encoded = encodeLoose(part).length;
        if (size + encoded > 7000) continue;
        size += encoded + 1;
        text += `&${part}`;
      }
      return text ? `?${text.slice(1)}` : "";
    });
}

/** A real value as a query parameter (an id, a name). */
export const q = (...values: (string | number)[]): fc.Arbitrary<QueryValue> =>
  fc.constantFrom(...values.map(String));

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** What a browser's URL parser would do to a raw path: non-ASCII and spaces percent-encoded. */
const escapeRaw = (target: string) => target.replace(/[^\x21-\x7e]+/g, encodeLoose);

/**
 * Sends these bytes over node:http (a keep-alive agent: fetch is several times slower here), with
 * only the escaping any client must do; a path the URL parser would resolve stays as sent.
 */
function send(
  api: TestApi,
  method: string,
  path: string,
  {
    key = api.key,
    body,
    headers = {},
  }: { key?: string | null; body?: RawBody; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const all: Record<string, string> = { ...headers };
  if (key) all.authorization = `Bearer ${key}`;
  if (body?.contentType) all["content-type"] = body.contentType;
  const payload = body === undefined ? undefined : Buffer.from(body.body);
  if (payload) all["content-length"] = String(payload.length);
  return new Promise((resolve, reject) => {
    const base = new URL(api.url);
    const target = { host: base.hostname, port: base.port, path: escapeRaw(base.pathname + path) };
    const req = http.request({ ...target, method, headers: all, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** The property of every API answer: no fault of ours, and JSON (a 204 has no body at all). */
function expectSoundAnswer(answer: Sent, what: string) {
  if (answer.status >= 500 || (answer.status !== 204 && !answer.contentType.includes("json")))
    throw new Error(
      `${what.slice(0, 400)} answered ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 300)}`,
    );
  if (answer.status !== 204) JSON.parse(answer.text);
}

/**
 * What a half-written change leaves behind, checked in the database after a run: totals that do
 * not add up, orphans, promotions used past their limit, negative stock.
 */
export async function expectNoHalfWrittenRows(api: TestApi) {
  const k = api.db.kysely;
  const orders = await k
    .selectFrom("orders")
    .select([
      "id",
      "subtotal",
      "discount",
      "club_savings",
      "delivery_amount",
      "tip_amount",
      "total",
    ])
    .execute();
  const sums = await k
    .selectFrom("order_items")
    .select([
      "order_id",
      (eb) => eb.fn.sum<number | string>("subtotal").as("sum"),
      (eb) => eb.fn.sum<number | string>("club_discount_amount").as("club"),
    ])
    .groupBy("order_id")
    .execute();
  const sumOf = new Map(sums.map((s) => [s.order_id, Number(s.sum)]));
  const clubOf = new Map(sums.map((s) => [s.order_id, Number(s.club)]));
  const badTotals = orders.filter(
    (o) =>
      o.subtotal !== (sumOf.get(o.id) ?? 0) ||
      o.club_savings !== (clubOf.get(o.id) ?? 0) ||
      o.total !==
        Math.max(0, o.subtotal + o.delivery_amount + o.tip_amount - o.discount - o.club_savings) ||
      o.total < 0,
  );
  expect(badTotals.map((o) => ({ ...o, itemsSum: sumOf.get(o.id) ?? 0 }))).toEqual([]);

  const orphanItems = await k
    .selectFrom("order_items as i")
    .leftJoin("orders as o", "o.id", "i.order_id")
    .where("o.id", "is", null)
    .select("i.id")
    .execute();
  expect(orphanItems).toEqual([]);
  const orphanPreferences = await k
    .selectFrom("item_preferences as p")
    .leftJoin("order_items as i", "i.id", "p.item_id")
    .where("i.id", "is", null)
    .select("p.id")
    .execute();
  expect(orphanPreferences).toEqual([]);
  const overused = await k
    .selectFrom("promotions")
    .where("max_uses", "is not", null)
    .whereRef("uses", ">", "max_uses")
    .select(["id", "uses", "max_uses"])
    .execute();
  expect(overused).toEqual([]);
  const negativeStock = await k
    .selectFrom("department_products")
    .where("remaining_quantity", "<", 0)
    .select(["id", "remaining_quantity"])
    .execute();
  expect(negativeStock).toEqual([]);
}

/**
 * Real ids the generators refer to by name (`ref("order")`), looked up when the request is sent,
 * so a pool refreshed mid-run (a cancelled order replaced) is still reached.
 */
export type Pool = Record<string, number | string>;
export const ref = (name: string) => `REF${name}REF`;
export const refs = (...names: string[]) => fc.constantFrom(...names.map(ref));

export function resolveRefs(text: string, pool: Pool): string {
  return text.replace(/"REF(\w+?)REF"|REF(\w+?)REF/g, (_, quoted?: string, bare?: string) => {
    const value = pool[(quoted ?? bare)!];
    if (value === undefined) throw new Error(`no ${quoted ?? bare} in the pool`);
    return quoted && typeof value === "string" ? JSON.stringify(value) : String(value);
  });
}

export interface FuzzRoute {
  method: string;
  path: fc.Arbitrary<string>;
  query?: fc.Arbitrary<string>;
  body?: fc.Arbitrary<RawBody | undefined>;
  headers?: fc.Arbitrary<Record<string, string>>;
  /** Answers without an API key (an unknown key is not refused). */
  public?: boolean;
}

interface Input {
  path: string;
  query: string;
  body: RawBody | undefined;
  headers: Record<string, string>;
  key: "own" | "other" | "none" | "junk";
}

/**
 * ≥ numRuns generated requests to one route, each answered below 500 and as JSON, and with a 4xx
 * where the input is refused by construction (an unknown key, an unreadable body). `before` runs
 * ahead of each request (to refresh the pool); the key is mostly the caller's own.
 */
async function fuzzRoute(
  api: TestApi,
  route: FuzzRoute,
  {
    pool,
    offset,
    otherKey,
    before,
  }: { pool: Pool; offset: number; otherKey: string; before?: () => Promise<void> },
) {
  const input: fc.Arbitrary<Input> = fc.record({
    path: route.path,
    query: route.query ?? fc.constant(""),
    body: route.body ?? fc.constant(undefined),
    headers: route.headers ?? fc.constant({}),
    key: fc.oneof(
      { arbitrary: fc.constant("own" as const), weight: 12 },
      { arbitrary: fc.constantFrom("other" as const, "none" as const, "junk" as const), weight: 1 },
    ),
  });
  const keys = { own: api.key, other: otherKey, none: null, junk: "k".repeat(250) };
  await fc.assert(
    fc.asyncProperty(input, async (i) => {
      await before?.();
      const target = resolveRefs(i.path + i.query, pool);
      const body =
        i.body && typeof i.body.body === "string"
          ? { ...i.body, body: resolveRefs(i.body.body, pool) }
          : i.body;
      const answer = await send(api, route.method, target, {
        key: keys[i.key],
        body,
        headers: i.headers,
      });
      expectSoundAnswer(answer, `${route.method} ${target}`);
      // Refused by construction: an unknown key (public calls aside), a body no route can read.
      const refused = (i.key === "junk" && !route.public) || body?.unreadable === true;
      if (refused && (answer.status < 400 || answer.status >= 500))
        throw new Error(
          `${route.method} ${target.slice(0, 300)} with ${i.key} key answered ${answer.status}, not a 4xx`,
        );
    }),
    fuzzOptions(offset),
  );
}

/** `include` values: a few allowed names joined, sometimes with an unknown one. */
export const includes = (...allowed: string[]): fc.Arbitrary<QueryValue> =>
  fc
    .tuple(fc.subarray(allowed), fc.option(shortString, { freq: 4 }))
    .map(([names, extra]) => [...names, ...(extra === null ? [] : [extra])].join(","));

/**
 * One test per route: its generated requests, then the database invariants. `context` is read
 * when the test runs (after beforeAll has started the API).
 */
export function fuzzEachRoute(
  routes: Record<string, FuzzRoute>,
  baseOffset: number,
  context: () => { api: TestApi; pool: Pool; otherKey: string; before?: () => Promise<void> },
) {
  Object.entries(routes).forEach(([name, route], index) => {
    it(
      `${name} never answers 5xx, refuses what is refused by construction, and leaves no half-written rows`,
      { timeout: 120_000 },
      async () => {
        const { api, ...rest } = context();
        await fuzzRoute(api, route, { ...rest, offset: baseOffset + index * 100 });
        await expectNoHalfWrittenRows(api);
      },
    );
  });
}
