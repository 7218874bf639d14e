/**
 * Errors the API answers with; each becomes a JSON body of the same status with a `code` from the
 * contract's closed list (docs/api.md). Without a code of its own an error takes its status's.
 */
import { codeForStatus, type ApiErrorCode } from "@core/contract/errors";

export class HttpError extends Error {
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    code?: ApiErrorCode,
  ) {
    super(message);
    this.code = code ?? codeForStatus(status);
  }
}

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");
export const forbidden = (message: string, code?: ApiErrorCode) =>
  new HttpError(403, message, undefined, code);
export const conflict = (message: string, code?: ApiErrorCode) =>
  new HttpError(409, message, undefined, code);
export const notFound = (what = "resource") =>
  new HttpError(404, `The requested ${what} could not be found.`);
export const invalid = (
  errors: Record<string, string[]>,
  message = "The given data was invalid.",
  code?: ApiErrorCode,
) => new HttpError(422, message, errors, code);
export const badRequest = (
  message: string,
  errors?: Record<string, string[]>,
  code?: ApiErrorCode,
) => new HttpError(400, message, errors, code);
