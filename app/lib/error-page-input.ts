import { isRouteErrorResponse } from "@remix-run/react";

export interface ErrorPageInput {
  code: number;
  message: string | null;
}

/**
 * What the error page should show for a caught route error: our `{ code, message }` responses
 * (app/.server/route-errors.ts), other responses by status, and anything else as a 500 whose
 * message is not shown (it may be an internal detail).
 */
export function readRouteError(error: unknown): ErrorPageInput {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data;
    if (typeof body === "object" && body !== null) {
      const { code, message } = body as { code?: unknown; message?: unknown };
      return {
        code: typeof code === "number" ? code : error.status,
        message: typeof message === "string" ? message : null,
      };
    }
    return { code: error.status, message: null };
  }
  return { code: 500, message: null };
}
