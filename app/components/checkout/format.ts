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

/**
 * The texts below, each worked out once per instant and zone: an instant reads the same in a zone
 * for as long as the process runs, and TZDate with date-fns' `format` asks Intl for the zone's
 * offset several times per text (a page of past orders, some 30 texts, spent 5 % of its server
 * time there, issue 29). Bounded: past this many texts, it starts again.
 */
const MAX_TEXTS = 5000;
const texts = new Map<string, string>();

function storeTime(pattern: string, iso: string, timeZone: string, zoneName = false): string {
  const key = `${pattern}|${timeZone}|${iso}`;
  let text = texts.get(key);
  if (text === undefined) {
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return "";
    text = format(new TZDate(at.getTime(), timeZone), pattern);
    if (zoneName) text = `${text} ${timeZoneAbbreviation(timeZone, at)}`;
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/** '2026-11-23T14:30:00Z' in New York → 'Monday, November 23 at 9:30 AM EST'. */
export const formatPickupTime = (iso: string, timeZone: string): string =>
  storeTime("EEEE, MMMM d 'at' h:mm a", iso, timeZone, true);

/** '2026-11-23T14:30:00Z' in New York → 'November 23, 2026' (the day as the store saw it). */
export const formatStoreDate = (iso: string, timeZone: string): string =>
  storeTime("MMMM d, yyyy", iso, timeZone);

/** '2026-11-23T20:45:00Z' in New York → '3:45 PM' (a time later the same day, in the store). */
export const formatStoreClock = (iso: string, timeZone: string): string =>
  storeTime("h:mm a", iso, timeZone);

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
