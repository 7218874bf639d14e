/**
 * Record ids as they arrive in URLs, forms and query strings: a positive integer that fits the
 * databases' 32-bit integer columns. Anything else names no record (a 404, or an entry dropped).
 */
export const MAX_ID = 2 ** 31 - 1;

/** The id written in `value` (leading zeros and surrounding spaces allowed), else null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The id only when written the one way the API writes it (no zeros, spaces or signs). */
export function parseCanonicalId(value: unknown): number | null {
  const id = parseId(value);
  return id !== null && String(id) === value ? id : null;
}
