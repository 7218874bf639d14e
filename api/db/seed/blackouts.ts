/**
 * Blackouts relative to the day of seeding, in each store's own time zone: holiday closures,
 * an early Christmas Eve closing, and capacity blackouts on some departments in the coming week.
 */
import type { DepartmentKind } from "./types";
import {
  addDays,
  christmas,
  localDateOf,
  localToIso,
  nextOccurrence,
  thanksgiving,
  type LocalDate,
} from "./time";

export interface BlackoutSpec {
  department: DepartmentKind | null;
  from: string;
  to: string;
  type: "holiday" | "closure" | "capacity";
  reason: string;
}

const wholeDay = (day: LocalDate, tz: string) => ({
  from: localToIso(day, 0, 0, tz),
  to: localToIso(addDays(day, 1), 0, 0, tz),
});

export function blackoutsForStore(index: number, timezone: string, now: Date): BlackoutSpec[] {
  const out: BlackoutSpec[] = [];
  const thanks = nextOccurrence(thanksgiving, now, timezone);
  const xmas = nextOccurrence(christmas, now, timezone);
  out.push({
    department: null,
    ...wholeDay(thanks, timezone),
    type: "holiday",
    reason: "Closed for Thanksgiving Day",
  });
  out.push({
    department: null,
    ...wholeDay(xmas, timezone),
    type: "holiday",
    reason: "Closed for Christmas Day",
  });
  const eve = addDays(xmas, -1);
  out.push({
    department: null,
    from: localToIso(eve, 18, 0, timezone),
    to: localToIso(xmas, 0, 0, timezone),
    type: "closure",
    reason: "Closing early on Christmas Eve",
  });

  const today = localDateOf(now, timezone);
  if (index % 2 === 0) {
    const tomorrow = addDays(today, 1);
    out.push({
      department: "bakery",
      from: localToIso(tomorrow, 9, 0, timezone),
      to: localToIso(tomorrow, 12, 0, timezone),
      type: "capacity",
      reason: "Cake decorating is fully booked",
    });
    const inThree = addDays(today, 3);
    out.push({
      department: "catering",
      ...wholeDay(inThree, timezone),
      type: "capacity",
      reason: "Catering kitchen is fully booked",
    });
  }
  if (index % 3 === 0) {
    const inTwo = addDays(today, 2);
    out.push({
      department: "deli",
      from: localToIso(inTwo, 11, 0, timezone),
      to: localToIso(inTwo, 13, 30, timezone),
      type: "capacity",
      reason: "Lunch rush: slicing is fully booked",
    });
  }
  if (index === 4) {
    const inFive = addDays(today, 5);
    out.push({
      department: null,
      from: localToIso(inFive, 6, 0, timezone),
      to: localToIso(inFive, 10, 0, timezone),
      type: "closure",
      reason: "Opening late for inventory",
    });
  }
  return out;
}
