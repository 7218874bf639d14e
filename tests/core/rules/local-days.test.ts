/**
 * The store's local days (core/rules/local-days.ts), kept per process, against date-fns' TZDate
 * worked out afresh: every day of a year and every half hour of it, in zones whose clocks
 * change by an hour, by half an hour and at midnight, and in one that never changes.
 */
import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import {
  localDayAt,
  localDaysBetween,
  minutesAfterMidnight,
  nextLocalDay,
  wallTime,
} from "@core/rules/local-days";

const ZONES = [
  "America/New_York",
  // Half-hour daylight saving.
  "Australia/Lord_Howe",
  // The clock changes at midnight: the first day of summer time has no 00:00.
  "America/Santiago",
  "Asia/Kolkata",
];

const YEAR_START = Date.UTC(2026, 0, 1, 12);
const YEAR_END = Date.UTC(2027, 0, 1, 12);

describe.each(ZONES)("local days in %s", (timeZone) => {
  const days = localDaysBetween(YEAR_START, YEAR_END, timeZone);

  it("begins and ends each day of a year where TZDate puts its midnights", () => {
    expect(days.length).toBeGreaterThanOrEqual(366);
    for (const day of days) {
      const start = new TZDate(day.year, day.month - 1, day.day, timeZone);
      const end = new TZDate(day.year, day.month - 1, day.day + 1, timeZone);
      expect({ start: day.start, end: day.end, weekday: day.weekday }).toEqual({
        start: start.getTime(),
        end: end.getTime(),
        weekday: start.getDay(),
      });
      expect(day.date).toBe(
        `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`,
      );
    }
    // One after another, none left out or repeated.
    for (let i = 1; i < days.length; i++) expect(days[i]!.start).toBe(days[i - 1]!.end);
  });

  it("puts every half hour of every day where TZDate does", () => {
    for (const day of days) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const expected = new TZDate(
          day.year,
          day.month - 1,
          day.day,
          Math.floor(minutes / 60),
          minutes % 60,
          timeZone,
        ).getTime();
        if (wallTime(day, minutes, timeZone) !== expected)
          expect({ date: day.date, minutes, at: wallTime(day, minutes, timeZone) }).toEqual({
            date: day.date,
            minutes,
            at: expected,
          });
      }
    }
  });

  it("finds the day of an instant at both of its edges, whatever was asked before", () => {
    const shuffled = [...days].sort((a, b) => ((a.start * 7919) % 97) - ((b.start * 7919) % 97));
    for (const day of shuffled) {
      expect(localDayAt(day.start, timeZone).date).toBe(day.date);
      expect(localDayAt(day.end - 1, timeZone).date).toBe(day.date);
      expect(localDayAt(day.end, timeZone).date).toBe(nextLocalDay(day, timeZone).date);
    }
  });
});

describe("minutesAfterMidnight", () => {
  it("reads a store's HH:MM hours", () => {
    expect(minutesAfterMidnight("00:00")).toBe(0);
    expect(minutesAfterMidnight("09:30")).toBe(570);
    expect(minutesAfterMidnight("24:00")).toBe(1440);
  });
});
