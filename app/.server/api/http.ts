/**
 * One HTTP call to the API: the URL with bracket-style arrays and `include=a,b`, the bearer key,
 * the status → error class mapping of spec §8, and the zod parse of the answer.
 */
import { ApiErrorCodeSchema, type ApiErrorCode } from "@core/contract/errors";
import type { z } from "zod";
import {
  ApiBadRequestError,
  ApiError,
  ApiNotFoundError,
  ApiResponseShapeError,
  ApiUnauthenticatedError,
  ApiUnavailableError,
  ApiValidationError,
  type FieldErrors,
} from "./errors";

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly (string | number)[]>;

export interface ApiCall<T> {
  /** The call's name in the table (core/contract/calls.ts), where it is one of its calls. */
  name?: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** The path's parameters, as filled into `path`. */
  params?: Record<string, string | number>;
  query?: Query;
  body?: unknown;
  apiKey?: string;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  /** Parses the JSON answer; leave out for calls whose answer is not used. */
  schema?: z.ZodType<T, z.ZodTypeDef, unknown>;
}

export interface HttpOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** No answer within this many milliseconds counts as no answer at all (502). */
  timeoutMs?: number;
  /**
   * The API in this process (decision 045, ./in-process.ts): answers a call of the table without
   * HTTP, or gives null for one that goes over HTTP.
   */
  inProcess?: <T>(call: ApiCall<T>) => Promise<T> | null;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * `{ include: ['departments', 'pseudoDepartments'], exclude: [1, 2], limit: 1 }` →
 * `include=departments,pseudoDepartments&exclude[]=1&exclude[]=2&limit=1`.
 */
export function buildQueryString(query: Query = {}): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number | boolean) =>
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (key === "include") {
        if (value.length > 0) add(key, value.join(","));
      } else {
        // Brackets are kept readable: the API (and PHP/qs-style parsers) expect `key[]`.
        for (const item of value)
          parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`);
      }
    } else {
      add(key, value as QueryValue & {});
    }
  }
  return parts.join("&");
}

interface ErrorBody {
  message?: string;
  errors?: FieldErrors;
  code?: ApiErrorCode;
}

/**
 * Reads an error body leniently (ApiErrorBodySchema is what the API sends; a proxy in between may
 * send less): a code outside the contract's list counts as none, so the status's code applies.
 */
function readErrorBody(body: unknown): ErrorBody {
  if (typeof body !== "object" || body === null) return {};
  const { message, errors, code } = body as Record<string, unknown>;
  const knownCode = ApiErrorCodeSchema.safeParse(code);
  const fieldErrors: FieldErrors = {};
  if (typeof errors === "object" && errors !== null) {
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.map(String);
      else if (typeof messages === "string") fieldErrors[field] = [messages];
    }
  }
  return {
    message: typeof message === "string" ? message : undefined,
    errors: fieldErrors,
    code: knownCode.success ? knownCode.data : undefined,
  };
}

/** The error for a non-2xx answer. */
export function errorForStatus(
  status: number,
  statusText: string,
  path: string,
  body: unknown,
): ApiError {
  const { message, errors, code } = readErrorBody(body);
  switch (status) {
    case 401:
      return new ApiUnauthenticatedError(message ?? "Unauthenticated.", { status, path, code });
    case 404:
      return new ApiNotFoundError(path);
    case 400:
      return new ApiBadRequestError(message || statusText || "Bad Request", {
        status,
        path,
        errors,
        code,
      });
    case 422:
      return new ApiValidationError(message ?? "The given data was invalid.", {
        status,
        path,
        errors,
        code,
      });
    default:
      return new ApiError(statusText || message || "Internal Server Error", {
        status: status || 500,
        path,
        code,
      });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (!response.ok) return undefined;
    throw new ApiResponseShapeError(
      `The API answered ${response.url} with something that is not JSON.`,
      {
        status: 500,
        path: new URL(response.url).pathname,
        cause: error,
      },
    );
  }
}

export async function callApi<T>(options: HttpOptions, call: ApiCall<T>): Promise<T> {
  const local = options.inProcess?.(call);
  if (local) return local;
  const method = call.method ?? "GET";
  const query = buildQueryString(call.query);
  const path = call.path.startsWith("/") ? call.path : `/${call.path}`;
  const url = `${options.baseUrl}${path}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  // A FormData body (a photo upload) sets its own multipart content type.
  const multipart = call.body instanceof FormData;
  if (call.body !== undefined && !multipart) headers["content-type"] = "application/json";
  Object.assign(headers, call.headers);

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method,
      headers,
      body:
        call.body === undefined
          ? undefined
          : multipart
            ? (call.body as FormData)
            : JSON.stringify(call.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    // No response at all: refused, reset, DNS failure or timed out.
    throw new ApiUnavailableError(path, error);
  }

  const body = await readJson(response);
  if (!response.ok) throw errorForStatus(response.status, response.statusText, path, body);
  if (!call.schema) return undefined as T;

  return parseAnswer(call.schema, body, method, path);
}

/** The answer as its schema reads it; an answer that does not fit is the API's fault (500). */
export function parseAnswer<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  body: unknown,
  method: string,
  path: string,
): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new ApiResponseShapeError(
      `Unexpected answer from the API for ${method} ${path}: ${problems}`,
      {
        status: 500,
        path,
        cause: parsed.error,
      },
    );
  }
  return parsed.data;
}
