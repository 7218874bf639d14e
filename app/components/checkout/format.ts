/** Store-local dates and times for the pickup pages (the same text on server and browser). */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

/** 'EST', 'PDT'…: the store's zone as shoppers know it; the IANA name when the runtime has none. */
export function timeZoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  try {
    let zoneName = zoneNameFormats.get(timeZone);
    if (!zoneName) {
      zoneName = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
      zoneNameFormats.set(timeZone, zoneName);
    }
    const part = zoneName.formatToParts(at).find((p) => p.type === "timeZoneName");
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** '2026-11-23T14:30:00Z' in New York → 'Monday, November 23 at 9:30 AM EST'. */
export function formatPickupTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const local = new TZDate(at.getTime(), timeZone);
  return `${format(local, "EEEE, MMMM d 'at' h:mm a")} ${timeZoneAbbreviation(timeZone, at)}`;
}

/** '2026-11-23T14:30:00Z' in New York → 'November 23, 2026' (the day as the store saw it). */
export function formatStoreDate(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return format(new TZDate(at.getTime(), timeZone), "MMMM d, yyyy");
}

/** '2026-11-23T20:45:00Z' in New York → '3:45 PM' (a time later the same day, in the store). */
export function formatStoreClock(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return format(new TZDate(at.getTime(), timeZone), "h:mm a");
}

/** 'December 18, 2026', read at noon UTC of the day: no zone moves it. */
const CALENDAR_DATE = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/**
 * A calendar date as shoppers read it: '2026-12-18' (or an instant starting with it) → 'December
 * 18, 2026'. The date as written, with no time zone moving it a day. Intl, not date-fns: the
 * coupon offer shows it on the confirmation page, whose first-load script date-fns' `format`
 * would make 5.6 KB heavier.
 */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match.map(Number);
  return CALENDAR_DATE.format(new Date(Date.UTC(year!, month! - 1, day!, 12)));
}
