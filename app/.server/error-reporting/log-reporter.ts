/**
 * The default adapter: one structured JSON line on stderr per report (log.ts), carrying the
 * error's name, message, status and API path, the storefront path and the context.
 */
import { describeError, logError } from "../log";
import type { ErrorReporter } from "./types";

export const logReporter: ErrorReporter = {
  report(error, { action, path, ...context }) {
    logError(action, {
      ...describeError(error),
      ...(path ? { path } : {}),
      ...(Object.keys(context).length ? { context } : {}),
    });
  },
};
