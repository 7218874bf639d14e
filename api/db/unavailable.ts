/**
 * Tells a database that is away (down, restarting, dropped the connection, too busy) from a bug.
 * The first is the spec's 503 "We'll Be Right Back!" and the next request may well succeed; the
 * second is a 500 worth a stack trace.
 */

/** PostgreSQL SQLSTATE classes and codes that mean "not now" rather than "wrong". */
const PG_UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
  "53300", // too_many_connections
  "53400", // configuration_limit_exceeded
  "40P01", // deadlock_detected: the other transaction won; a retry will go through
  "55P03", // lock_not_available
  "3D000", // invalid_catalog_name: the database is not there (yet), as during a restore
]);

/** Socket-level failures from the driver. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** SQLite: another process holds the write lock past busy_timeout, or the file went away. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY_DBMOVED)/;

/** node-postgres reports lost connections by message only. */
const PG_CONNECTION_MESSAGES = [
  "Connection terminated",
  "connection error",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
  "is not currently accepting connections",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const code = String((e as { code?: unknown }).code ?? "");
    if (PG_UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
    if (NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE.test(code)) return true;
    const message = String((e as { message?: unknown }).message ?? "");
    if (PG_CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
