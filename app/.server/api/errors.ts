/**
 * API error classes (spec §8). Each carries the HTTP status, the API path and the cause, so that
 * a route can turn it into the error page for its code.
 */
import { codeForStatus, type ApiErrorCode, type FieldErrors } from "@core/contract/errors";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";

export type { FieldErrors };

interface ApiErrorOptions {
  status: number;
  path: string;
  cause?: unknown;
  errors?: FieldErrors;
  /** The API's error code; without one, the code of the status. */
  code?: ApiErrorCode;
}

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly path: string;
  /** Field errors of a 400 or 422 answer, keyed by field name. */
  readonly errors: FieldErrors;
  /** What the API refused, from its closed list: read this, never the message. */
  readonly code: ApiErrorCode;

  constructor(message: string, { status, path, cause, errors, code }: ApiErrorOptions) {
    super(message, { cause });
    this.status = status;
    this.path = path;
    this.errors = errors ?? {};
    this.code = code ?? codeForStatus(status);
  }
}

/** No response at all (connection refused, reset, timed out): shown as the 502 page. */
export class ApiUnavailableError extends ApiError {
  override name = "ApiUnavailableError";
  constructor(path: string, cause?: unknown) {
    super(ERROR_MESSAGES.apiUnavailable, { status: 502, path, cause });
  }
}

export class ApiNotFoundError extends ApiError {
  override name = "ApiNotFoundError";
  constructor(path: string, cause?: unknown) {
    super(ERROR_MESSAGES.notFound, { status: 404, path, cause });
  }
}

/** 401: the API key is missing or unknown (e.g. the API's database was reset). */
export class ApiUnauthenticatedError extends ApiError {
  override name = "ApiUnauthenticatedError";
}

export class ApiBadRequestError extends ApiError {
  override name = "ApiBadRequestError";
}

export class ApiValidationError extends ApiError {
  override name = "ApiValidationError";
}

/** The API answered, but not in the shape this client knows: a deployment mismatch or a bug. */
export class ApiResponseShapeError extends ApiError {
  override name = "ApiResponseShapeError";
}
