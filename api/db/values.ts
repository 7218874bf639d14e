/** Reading values that the two databases return differently. */

/** A timestamptz (PostgreSQL: Date) or ISO text (SQLite) as an ISO-8601 UTC string. */
export function toIso(value: string | Date): string;
export function toIso(value: string | Date | null): string | null;
export function toIso(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** A 0/1 flag column as a boolean. */
export const bool = (value: number | boolean | null | undefined): boolean => Boolean(value);

export const nowIso = () => new Date().toISOString();

/** JSON text columns, parsed defensively: bad JSON in a row is treated as empty. */
export function jsonArray(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
