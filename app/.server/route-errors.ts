/**
 * Errors → the error page. Loaders and actions throw typed errors (API errors, StorefrontError);
 * `withRouteErrors` turns them into `{ code, message, name }` responses with the right status, so
 * the root ErrorBoundary can show the page of spec §8 in production too (Remix hides the message
 * of a thrown Error outside development).
 */
import { data } from "@remix-run/node";
import { GENERIC_ERROR_MESSAGE, httpStatusFor } from "~/lib/error-catalogue";
import { ApiError } from "./api/errors";
import { reportError, requestPath } from "./error-reporting";

/** An error of the storefront's own, with the status of its error page. */
export class StorefrontError extends Error {
  override name = "StorefrontError";
  readonly status: number;
  constructor(message: string, status = 500, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/** What the error page receives. `code` may be -1 (the spec's client-side code). */
export interface RouteErrorData {
  code: number;
  message: string;
  name: string;
}

/** A response to throw for the error page of `code`. */
export function routeError(code: number, message: string, name = "Error") {
  return data<RouteErrorData>({ code, message, name }, { status: httpStatusFor(code) });
}

function isThrownResponse(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === "object" &&
      error !== null &&
      (error as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * The value to throw for any error: responses pass through, known errors keep their message.
 * Server-side failures are router errors, reported (spec §8); Remix's handleError never sees them
 * once they are responses.
 */
function toRouteError(error: unknown, path?: string): unknown {
  if (isThrownResponse(error)) return error;
  if (error instanceof ApiError || error instanceof StorefrontError) {
    if (error.status >= 500) reportError(error, { action: error.message, path });
    return routeError(error.status, error.message, error.name);
  }
  // A bug of ours: report everything, show the shopper the generic text.
  reportError(error, { action: "Unexpected error", path });
  return routeError(500, GENERIC_ERROR_MESSAGE);
}

/** Wraps a loader or action so that whatever it throws becomes the right error page. */
export function withRouteErrors<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args): Promise<Result> => {
    try {
      return await handler(args);
    } catch (error) {
      const request = (args as { request?: unknown }).request;
      throw toRouteError(error, request instanceof Request ? requestPath(request) : undefined);
    }
  };
}
