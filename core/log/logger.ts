/**
 * The process's structured log, one pino logger for both halves (api/logger.ts and
 * app/.server/log.ts wrap it): one JSON object per line, `{ level, time, message, ...fields }`,
 * with `level` as a word (info, warn, error) and `time` in ISO 8601, so one log shipper serves the
 * API, the storefront and the server alike. Info lines go to stdout, warnings and errors to
 * stderr. Fields that carry a secret (an API key, a password, a token, a cookie) are written as
 * "[redacted]", at the top level or one level down.
 *
 * Server-only (pino writes to the process's streams): no page's browser code imports it.
 */
import pino, { type Logger } from "pino";
import { readVariable } from "../config/environment";

export type LogFields = Record<string, unknown>;

/** Field names whose values are never written. */
const SECRET_FIELDS = [
  "apikey",
  "apiKey",
  "api_key",
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "secret",
  "clientSecret",
  "client_secret",
  "token",
  "access_token",
  "id_token",
  "refresh_token",
  "code_verifier",
];

const REDACTED = "[redacted]";

/**
 * LOG_LEVEL as pino's level, read on each line (tests quieten the log as they go; the read is
 * kept until the variable changes). `error` keeps warnings too. A value the schema refuses stops
 * the start (api/config.ts); until then, and for the line that says so, every line is kept.
 */
function threshold(): "info" | "warn" | "silent" {
  try {
    const level = readVariable("LOG_LEVEL", process.env);
    return level === "error" ? "warn" : level;
  } catch {
    return "info";
  }
}

/** LOG_REQUESTS, read as LOG_LEVEL is. */
export function logsRequests(): boolean {
  try {
    return readVariable("LOG_REQUESTS", process.env);
  } catch {
    return true;
  }
}

// The streams are looked up on each write, so a test that watches process.stderr sees the lines.
const streams = pino.multistream(
  [
    { level: "info", stream: { write: (line: string) => process.stdout.write(line) } },
    { level: "warn", stream: { write: (line: string) => process.stderr.write(line) } },
  ],
  { dedupe: true },
);

const base: Logger = pino(
  {
    level: "info",
    base: undefined,
    messageKey: "message",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: SECRET_FIELDS.flatMap((name) => [`["${name}"]`, `*["${name}"]`]),
      censor: REDACTED,
    },
  },
  streams,
);

function current(): Logger {
  const level = threshold();
  if (base.level !== level) base.level = level;
  return base;
}

export const logger = {
  info: (message: string, fields: LogFields = {}) => current().info(fields, message),
  warn: (message: string, fields: LogFields = {}) => current().warn(fields, message),
  error: (message: string, fields: LogFields = {}) => current().error(fields, message),
};
