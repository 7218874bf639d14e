/** Store-local calendar arithmetic for the seed: local days and times turned into UTC instants. */
import { TZDate } from "@date-fns/tz";

export interface LocalDate {
  year: number;
  month: number; // 1–12
  day: number;
}

/** The calendar date it is at `now` in the time zone. */
export function localDateOf(now: Date, timezone: string): LocalDate {
  const local = new TZDate(now.getTime(), timezone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** A store-local wall-clock time as an ISO-8601 UTC string. */
export function localToIso(
  date: LocalDate,
  hour: number,
  minute: number,
  timezone: string,
): string {
  const local = new TZDate(date.year, date.month - 1, date.day, hour, minute, 0, timezone);
  return new Date(local.getTime()).toISOString();
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function weekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function isoDate(date: LocalDate): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** US Thanksgiving: the fourth Thursday of November. */
export function thanksgiving(year: number): LocalDate {
  const first = weekday({ year, month: 11, day: 1 });
  return { year, month: 11, day: 1 + ((4 - first + 7) % 7) + 21 };
}

export function christmas(year: number): LocalDate {
  return { year, month: 12, day: 25 };
}

/** The first occurrence of a yearly holiday whose store-local day has not ended at `now`. */
export function nextOccurrence(
  holiday: (year: number) => LocalDate,
  now: Date,
  timezone: string,
): LocalDate {
  const { year } = localDateOf(now, timezone);
  const thisYear = holiday(year);
  const ends = new Date(localToIso(addDays(thisYear, 1), 0, 0, timezone));
  return ends.getTime() > now.getTime() ? thisYear : holiday(year + 1);
}

const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
