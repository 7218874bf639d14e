/**
 * Structured log lines (one JSON object per line on stderr), the same shape the API logs, so one
 * log shipper serves both halves.
 */
import { readVariable } from "@core/config/environment";

type Fields = Record<string, unknown>;

/** Silent only when LOG_LEVEL says so (a value it cannot read stops the start, not a log line). */
function silent(): boolean {
  try {
    return readVariable("LOG_LEVEL", process.env) === "silent";
  } catch {
    return false;
  }
}

function write(level: "warn" | "error", message: string, fields: Fields) {
  if (silent()) return;
  console.error(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
}

export function logError(message: string, fields: Fields = {}) {
  write("error", message, fields);
}

export function logWarning(message: string, fields: Fields = {}) {
  write("warn", message, fields);
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
