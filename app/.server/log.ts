/**
 * The storefront's log lines: the process's one pino logger (core/log/logger.ts), the same JSON
 * shape the API logs, so one log shipper serves both halves. Warnings and errors go to stderr.
 */
import { logger, type LogFields } from "@core/log/logger";

type Fields = LogFields;

export function logError(message: string, fields: Fields = {}) {
  logger.error(message, fields);
}

export function logWarning(message: string, fields: Fields = {}) {
  logger.warn(message, fields);
}

/** What is worth logging about an error: name, message, status, the stack and what caused it. */
export function describeError(error: unknown): Fields {
  if (!(error instanceof Error)) return { error: String(error) };
  const status = (error as { status?: unknown }).status;
  const path = (error as { path?: unknown }).path;
  const cause = error.cause instanceof Error ? error.cause : null;
  return {
    error: error.name,
    errorMessage: error.message,
    ...(typeof status === "number" ? { status } : {}),
    ...(typeof path === "string" ? { apiPath: path } : {}),
    ...(cause ? { cause: `${cause.name}: ${cause.message}` } : {}),
    stack: error.stack,
  };
}
