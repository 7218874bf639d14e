/**
 * A store's local days: when each begins and ends, its date and its weekday, in the store's time
 * zone. The pickup window is a month of days, listed on every view of the time page and checked
 * by the API's blackouts; working each day out again with date-fns' TZDate (several Intl calls a
 * day) was a fifth of that page's time. A day's bounds never change, so each is worked out once
 * per process and kept.
 */
import { TZDate } from "@date-fns/tz";

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

export interface LocalDay {
  /** YYYY-MM-DD. */
  date: string;
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** The instant of the day's local midnight. */
  start: number;
  /** The instant of the next day's local midnight. */
  end: number;
}

/** Days kept per process; far more than the stores' time zones times a window's days. */
const KEPT_DAYS = 20_000;
const kept = new Map<string, LocalDay>();
/** The day last asked for in each time zone: most instants asked for fall on it. */
const lastDay = new Map<string, LocalDay>();

/** The local midnight of a calendar date, as TZDate resolves it (a skipped midnight included). */
const midnightOf = (year: number, month: number, day: number, timeZone: string) =>
  new TZDate(year, month - 1, day, timeZone).getTime();

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date's day in the time zone, worked out once. */
function dayOfDate(year: number, month: number, day: number, timeZone: string): LocalDay {
  // Normalised through UTC: 32 January is 1 February.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const y = calendar.getUTCFullYear();
  const m = calendar.getUTCMonth() + 1;
  const d = calendar.getUTCDate();
  const date = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  const key = `${timeZone} ${date}`;
  const found = kept.get(key);
  if (found) return found;
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const localDay: LocalDay = {
    date,
    year: y,
    month: m,
    day: d,
    weekday: calendar.getUTCDay(),
    start: midnightOf(y, m, d, timeZone),
    end: midnightOf(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
  if (kept.size >= KEPT_DAYS) kept.clear();
  kept.set(key, localDay);
  return localDay;
}

/** A local date (YYYY-MM-DD, already checked) as the day it is in the time zone. */
export function localDayOn(date: string, timeZone: string): LocalDay {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return dayOfDate(year, month, day, timeZone);
}

/** The local day an instant falls on. */
export function localDayAt(instant: number, timeZone: string): LocalDay {
  const last = lastDay.get(timeZone);
  if (last && last.start <= instant && instant < last.end) return last;
  const local = new TZDate(instant, timeZone);
  const day = dayOfDate(local.getFullYear(), local.getMonth() + 1, local.getDate(), timeZone);
  lastDay.set(timeZone, day);
  return day;
}

/** The day after. */
export const nextLocalDay = (day: LocalDay, timeZone: string): LocalDay =>
  dayOfDate(day.year, day.month, day.day + 1, timeZone);

/** Each local day from the one `from` falls on to the last that begins at or before `to`. */
export function localDaysBetween(from: number, to: number, timeZone: string): LocalDay[] {
  const days: LocalDay[] = [];
  for (let day = localDayAt(from, timeZone); day.start <= to; day = nextLocalDay(day, timeZone)) {
    days.push(day);
  }
  return days;
}

/**
 * A day of exactly 24 hours, with no daylight-saving change: its wall times are its midnight plus
 * whole minutes, with no time-zone arithmetic.
 */
export const isPlainDay = (day: LocalDay) => day.end - day.start === DAY_MINUTES * MINUTE;

/** "HH:MM" (a store's hours, a capacity rule's bounds) as minutes after midnight. */
export function minutesAfterMidnight(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * The instant of a wall time (minutes after midnight) on the day. On a day with a daylight-saving
 * change it is resolved as TZDate resolves it: a skipped wall time moves forward, a repeated one
 * is its first occurrence.
 */
export function wallTime(day: LocalDay, minutes: number, timeZone: string): number {
  if (isPlainDay(day) && minutes >= 0 && minutes < DAY_MINUTES) return day.start + minutes * MINUTE;
  return new TZDate(
    day.year,
    day.month - 1,
    day.day,
    Math.floor(minutes / 60),
    minutes % 60,
    timeZone,
  ).getTime();
}
