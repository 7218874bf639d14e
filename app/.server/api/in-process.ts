/**
 * The client's second transport (decision 045): a call of the table handed to the API in this
 * process (core/contract/in-process.ts) instead of fetch. It sends what the HTTP transport would
 * (the bearer key, the extra headers, the query as the API's parser reads it, the body as JSON's
 * values) and reads the answer the same way: a refusal is the same error class with the same
 * status and code (`errorForStatus`), a success the answer itself. Inside one process the answer
 * is not read again with its schema (the API's handlers are typed by it); outside production it
 * is, and one that its schema would read differently is refused as HTTP refuses a bad shape.
 */
import { STATUS_CODES } from "node:http";
import { isDeepStrictEqual } from "node:util";
import { jsonCopy, type InProcessApi } from "@core/contract/in-process";
import { ApiResponseShapeError, ApiUnavailableError } from "./errors";
import { errorForStatus, parseAnswer, type ApiCall, type HttpOptions, type Query } from "./http";

export interface InProcessOptions {
  /** Headers every call carries (the shopper's signed address). */
  headers?: Record<string, string>;
  /** Sees every answer's headers (the shared-data version). */
  observe?: (headers: Record<string, string>) => void;
  /** Read each answer with its schema too and refuse one it reads differently (not production). */
  checkAnswers?: boolean;
}

/**
 * `buildQueryString`'s URL as Express's query parser reads it: `include` comma-joined, other
 * arrays as `key[]` (a list of strings), everything else its text; nothing for null, undefined
 * or an empty list.
 */
export function queryAsRead(query: Query = {}): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out[key] = key === "include" ? value.join(",") : value.map(String);
    } else {
      out[key] = String(value);
    }
  }
  return out;
}

function headersOf(call: ApiCall<unknown>, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  if (call.body !== undefined) headers["content-type"] = "application/json";
  for (const [name, value] of Object.entries({ ...call.headers, ...extra }))
    headers[name.toLowerCase()] = value;
  return headers;
}

async function send<T>(api: InProcessApi, call: ApiCall<T>, options: InProcessOptions): Promise<T> {
  const method = call.method ?? "GET";
  const path = call.path.startsWith("/") ? call.path : `/${call.path}`;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.params ?? {})) params[name] = String(value);
  let answer;
  try {
    answer = await api.dispatch({
      name: call.name!,
      path,
      params,
      query: queryAsRead(call.query),
      body: call.body === undefined ? undefined : jsonCopy(call.body),
      headers: headersOf(call, options.headers ?? {}),
    });
  } catch (error) {
    // The API could not take the call at all: as a refused connection over HTTP.
    throw new ApiUnavailableError(path, error);
  }
  options.observe?.(answer.headers);
  if (answer.status < 200 || answer.status > 299)
    throw errorForStatus(answer.status, STATUS_CODES[answer.status] ?? "", path, answer.body);
  if (!call.schema) return undefined as T;
  if (options.checkAnswers) {
    const read = parseAnswer(call.schema, answer.body, method, path);
    if (!isDeepStrictEqual(jsonCopy(read), answer.body))
      throw new ApiResponseShapeError(
        `The API's answer to ${method} ${path} is not what its schema reads (a field it drops or changes).`,
        { status: 500, path },
      );
  }
  return answer.body as T;
}

/** The `inProcess` option of the client's transport, answering by `api` what it handles. */
export function inProcessTransport(
  api: InProcessApi,
  options: InProcessOptions = {},
): NonNullable<HttpOptions["inProcess"]> {
  return <T>(call: ApiCall<T>) => {
    // A photo (FormData) goes over HTTP: its handler reads the multipart stream itself.
    if (!call.name || !api.handles(call.name) || call.body instanceof FormData) return null;
    return send(api, call, options);
  };
}
