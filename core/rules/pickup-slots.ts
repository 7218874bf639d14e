/**
 * Pickup (and delivery) time slots, spec §5 and §9, in the store's time zone. Shared by the time
 * picker and the API, which refuses a pickup time this module would not offer.
 *
 * A slot is valid when it is not in the past, not inside a blackout (both ends inclusive), not
 * before now plus the minimum lead, and not after now plus the maximum window. Slots step by the
 * department's interval from local midnight. A full slot (every place taken, decision 028) is
 * listed but marked, so the shopper sees it is unavailable; it is never chosen. A day with no
 * valid slot, or with full ones only, is left out.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { isPlainDay, localDayAt, localDaysBetween, wallTime } from "./local-days";
import { firstOpenSlot, FULL_SLOT, type Slot } from "./open-slots";
import { onlyLeft } from "./slot-capacity";

/** Default maximum lead window: 30 days (spec §9). */
export const DEFAULT_MAX_LEAD_MINUTES = 43_200;
export { NO_DELIVERY_TIME, NO_PICKUP_TIME, PICKUP_TIME_GONE } from "./pickup-slot-messages";
export { firstOpenSlot, FULL_SLOT, type Slot } from "./open-slots";

export interface LeadTimeLimits {
  min: number;
  max: number;
}

export interface SlotRules {
  timeZone: string;
  intervalMinutes: number;
  limits: LeadTimeLimits;
  /** lead_time (minutes) of every item in the order. */
  itemLeadTimes: number[];
  blackouts: { from: string; to: string }[];
  /**
   * Full slots (decision 028), both ends inclusive: listed as unavailable. An older caller that
   * leaves them among the blackouts just hides them.
   */
  full?: { from: string; to: string }[];
  /** Nearly full slots; none when missing. */
  nearlyFull?: { at: string; places_left: number }[];
}

export interface SlotDay {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** e.g. "Monday, November 23". */
  label: string;
  slots: Slot[];
}

/** The largest of the limits' minimum and every item's lead time, capped by the maximum. */
export function minimumLead(limits: LeadTimeLimits, itemLeadTimes: number[]): number {
  return Math.min(Math.max(limits.min, ...itemLeadTimes, 0), limits.max);
}

const MINUTE = 60_000;

export function slotProblem(
  at: Date,
  now: Date,
  rules: SlotRules,
): "past" | "blackout" | "too-soon" | "too-late" | null {
  return slotCheck(now, rules)(at.getTime());
}

/**
 * slotProblem with its limits and blackouts read once: a month of 15-minute slots is thousands of
 * instants, each checked against every blackout.
 */
function slotCheck(now: Date, rules: SlotRules) {
  const nowMs = now.getTime();
  const earliest = nowMs + minimumLead(rules.limits, rules.itemLeadTimes) * MINUTE;
  const latest = nowMs + rules.limits.max * MINUTE;
  const inBlackout = insideAny(rules.blackouts);
  return (t: number): "past" | "blackout" | "too-soon" | "too-late" | null => {
    if (t < nowMs) return "past";
    if (t < earliest) return "too-soon";
    if (t > latest) return "too-late";
    return inBlackout(t) ? "blackout" : null;
  };
}

/** Whether an instant falls inside one of the periods (both ends inclusive), by binary search. */
function insideAny(periods: { from: string; to: string }[]): (t: number) => boolean {
  const merged = mergedIntervals(periods);
  return (t) => {
    // The last period starting at or before t is the only one that can hold it.
    let low = 0;
    let high = merged.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (merged[middle]![0] <= t) low = middle + 1;
      else high = middle - 1;
    }
    return high >= 0 && t <= merged[high]![1];
  };
}

/** Blackouts as sorted, non-overlapping [from, to] instants (both ends inclusive). */
function mergedIntervals(blackouts: SlotRules["blackouts"]): [number, number][] {
  const sorted = blackouts
    .map((b): [number, number] => [Date.parse(b.from), Date.parse(b.to)])
    .filter(([from, to]) => from <= to)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** "h:mm a" of a number of minutes after local midnight, e.g. 570 → "9:30 AM". */
function clockLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** True when the instant falls on the interval grid of its local day (DST-safe). */
export function onSlotGrid(
  at: Date,
  rules: Pick<SlotRules, "timeZone" | "intervalMinutes">,
): boolean {
  const local = new TZDate(at.getTime(), rules.timeZone);
  const minutes = local.getHours() * 60 + local.getMinutes();
  return (
    local.getSeconds() === 0 &&
    local.getMilliseconds() === 0 &&
    minutes % rules.intervalMinutes === 0
  );
}

/** Every valid slot from now to the end of the window, full ones marked, grouped by local day. */
export function pickupSlots(
  now: Date,
  rules: SlotRules,
  opts: { deliveryMinutes?: number } = {},
): SlotDay[] {
  const interval = Math.max(5, Math.floor(rules.intervalMinutes));
  const end = now.getTime() + rules.limits.max * MINUTE;
  const problem = slotCheck(now, rules);
  const inFull = insideAny(rules.full ?? []);
  const delivery = opts.deliveryMinutes ?? 0;
  const days: SlotDay[] = [];
  const seen = new Set<number>();
  const left = new Map((rules.nearlyFull ?? []).map((n) => [Date.parse(n.at), n.places_left]));
  for (const day of localDaysBetween(now.getTime(), end, rules.timeZone)) {
    const plainDay = isPlainDay(day);
    const slots: Slot[] = [];
    for (let minutes = 0; minutes < 24 * 60; minutes += interval) {
      const at = wallTime(day, minutes, rules.timeZone);
      if (!plainDay) {
        // A wall time skipped by a daylight-saving change lands on another day or repeats.
        if (at < day.start || at >= day.end || seen.has(at)) continue;
        if (!onSlotGrid(new Date(at), rules)) continue;
        seen.add(at);
      }
      if (problem(at)) continue;
      const label =
        plainDay && minutes + delivery < 24 * 60
          ? clockLabel(minutes + delivery)
          : format(new TZDate(at + delivery * MINUTE, rules.timeZone), "h:mm a");
      const places = left.get(at);
      slots.push({
        value: new Date(at).toISOString(),
        label,
        ...(inFull(at)
          ? { full: true, note: FULL_SLOT }
          : places
            ? { note: onlyLeft(places) }
            : {}),
      });
    }
    if (firstOpenSlot(slots)) days.push({ date: day.date, label: dayLabel(day.date), slots });
  }
  return days;
}

/** The days as a list to choose from, with the times of `date` only (the others' computed later). */
export function withTimesOf(days: SlotDay[], date: string | undefined): SlotDay[] {
  return days.map((day) => (day.date === date ? day : { ...day, slots: [] }));
}

/** The earliest open slot, chosen when the current pickup time is missing or no longer valid. */
export function earliestSlot(days: SlotDay[]): Slot | null {
  for (const day of days) {
    const open = firstOpenSlot(day.slots);
    if (open) return open;
  }
  return null;
}

/** Keeps the current time when it is still open, else the earliest; null when none is. */
export function chooseSlot(days: SlotDay[], current: string | null): Slot | null {
  if (current) {
    const t = new Date(current).getTime();
    for (const d of days)
      for (const s of d.slots) if (!s.full && new Date(s.value).getTime() === t) return s;
  }
  return earliestSlot(days);
}

/** A posted day: a local date, YYYY-MM-DD, with a real month and day. */
export function isDayValue(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/** '2026-11-27' → 'Friday, November 27' (the Day select's wording). */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "EEEE, MMMM d");
}

/** The store-local date (YYYY-MM-DD) of an instant: the day its slot is listed under. */
export function localDay(at: Date, timeZone: string): string {
  return localDayAt(at.getTime(), timeZone).date;
}

/**
 * Without JavaScript the Day select can change while the Time select still lists the old day's
 * times: a time that is not on the chosen day is never saved; the shopper is asked to choose one.
 */
export function dayMismatch(
  day: string,
  at: Date,
  timeZone: string,
  noun: "pickup" | "delivery",
): string | null {
  return localDay(at, timeZone) === day
    ? null
    : `Please choose a ${noun} time on ${dayLabel(day)}.`;
}
