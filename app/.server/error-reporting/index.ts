/**
 * Error reporting (spec §8: category and search failures, router errors, sign-on failures and the
 * unknown path are reported; alert fetch failures reach the same place). One call for the whole
 * storefront, `reportError(error, context)`, behind one adapter chosen once from the settings:
 * without ERROR_REPORTING_DSN every report is one structured JSON log line; with it, the report is
 * also sent to the error-reporting service the DSN names (sentry-reporter.ts).
 *
 * Reporting never throws and never makes the shopper wait: a report is written or sent in the
 * background, and a reporter that fails only leaves a warning in the log.
 */
import { storefrontConfig } from "../config";
import { logWarning } from "../log";
import { logReporter } from "./log-reporter";
import { createSentryReporter, parseDsn } from "./sentry-reporter";
import type { ErrorContext, ErrorReporter } from "./types";

export type { ErrorContext, ErrorReporter } from "./types";

/** Both at once: the log line stays where operators look even when a service is configured. */
function both(first: ErrorReporter, second: ErrorReporter): ErrorReporter {
  return {
    async report(error, context) {
      await Promise.all([first.report(error, context), second.report(error, context)]);
    },
  };
}

/** The reporter for a DSN (empty: the log only). A DSN it cannot read is said once, in the log. */
export function createErrorReporter(dsn: string | null, release: string): ErrorReporter {
  if (!dsn) return logReporter;
  const target = parseDsn(dsn);
  if (!target) {
    logWarning(
      "ERROR_REPORTING_DSN is not a DSN (https://KEY@HOST/PROJECT): reporting to the log only",
    );
    return logReporter;
  }
  return both(logReporter, createSentryReporter(target, { release }));
}

let reporter: ErrorReporter | undefined;

function currentReporter(): ErrorReporter {
  if (!reporter) {
    const config = storefrontConfig();
    reporter = createErrorReporter(config.errorReportingDsn, config.appVersion);
  }
  return reporter;
}

/** Reports an error in the background; never throws, never waits. */
export function reportError(error: unknown, context: ErrorContext): void {
  try {
    Promise.resolve(currentReporter().report(error, context)).catch(() => {
      // A reporter never rejects; this only keeps a broken one from crashing the process.
    });
  } catch {
    // Reporting is never the reason a page fails.
  }
}

/** The path of a request, for a report's context. */
export function requestPath(request: Request): string {
  return new URL(request.url).pathname;
}
