/**
 * The in-process transport between the storefront and the API (decision 045). When both run in
 * one process, the API registers itself under the address the storefront would call it at; the
 * storefront's client finds it there and hands each call of the table to the API's handler for
 * that entry, without a socket, HTTP parsing, compression or a JSON round trip. An API_URL naming
 * another host finds nothing here, and the client speaks HTTP.
 *
 * The registry is kept on globalThis: in production the API lives in the server bundle and the
 * storefront in Remix's server build, two copies of every module in one process.
 */

/** One call of the table, as the transport hands it over. */
export interface InProcessRequest {
  /** The entry's name in CALLS (core/contract/calls.ts). */
  name: string;
  /** The path with its parameters filled (`/orders/5`), for errors and limits. */
  path: string;
  /** The path's parameters as they would be read from the URL (strings). */
  params: Record<string, string>;
  /** The query as Express's parser reads `buildQueryString`'s URL: strings and string arrays. */
  query: Record<string, string | string[]>;
  /** The body as the API's JSON parser would read it (a copy with JSON's values), if any. */
  body?: unknown;
  /** The request headers the HTTP transport sends, names in lower case. */
  headers: Record<string, string>;
}

/** What the API answered: the status, the headers a caller reads, and the body (a copy). */
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  /** The answer (a plain copy, shared with nothing), or the API's error body; none for 204. */
  body: unknown;
}

export interface InProcessApi {
  /** Whether this transport handles the named entry (the multipart upload goes over HTTP). */
  handles(name: string): boolean;
  dispatch(request: InProcessRequest): Promise<InProcessAnswer>;
}

const REGISTRY = Symbol.for("order-express.in-process-api");

type Registry = Map<string, InProcessApi>;

function registry(): Registry {
  const global = globalThis as { [REGISTRY]?: Registry };
  global[REGISTRY] ??= new Map();
  return global[REGISTRY];
}

const normal = (url: string) => url.replace(/\/+$/, "");

/** Makes `api` the answer to calls addressed to `url`; the returned function takes it back. */
export function registerInProcessApi(url: string, api: InProcessApi): () => void {
  const key = normal(url);
  registry().set(key, api);
  return () => {
    if (registry().get(key) === api) registry().delete(key);
  };
}

/** The API registered in this process at `url`, if any. */
export function inProcessApiAt(url: string): InProcessApi | undefined {
  return registry().get(normal(url));
}

/**
 * A copy of `value` with exactly the values JSON.stringify then JSON.parse would give (toJSON
 * called, undefined and functions dropped from objects and nulled in arrays, non-finite numbers
 * null), without writing the text. Shares nothing with `value`.
 */
export function jsonCopy(value: unknown): unknown {
  return copyValue(value, true);
}

function copyValue(value: unknown, inArray: boolean): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "undefined":
    case "function":
    case "symbol":
      return inArray ? null : undefined;
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
  }
  if (value === null) return null;
  const withJson = value as { toJSON?: (key: string) => unknown };
  if (typeof withJson.toJSON === "function") return copyValue(withJson.toJSON(""), inArray);
  if (Array.isArray(value)) return value.map((item) => copyValue(item, true));
  if (value instanceof Number || value instanceof String || value instanceof Boolean)
    return copyValue(value.valueOf(), inArray);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value as object)) {
    const copied = copyValue((value as Record<string, unknown>)[key], false);
    if (copied !== undefined) out[key] = copied;
  }
  return out;
}
