/**
 * Pickup (and delivery) time slots, spec §5 and §9, in the store's time zone. Shared by the time
 * picker and the API, which refuses a pickup time this module would not offer.
 *
 * A slot is valid when it is not in the past, not inside a blackout (both ends inclusive), not
 * before now plus the minimum lead, and not after now plus the maximum window. Slots step by the
 * department's interval from local midnight; a day with no valid slot is left out.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";

/** Default maximum lead window: 30 days (spec §9). */
export const DEFAULT_MAX_LEAD_MINUTES = 43_200;
export const NO_PICKUP_TIME = "There is no pickup time available.";
export const NO_DELIVERY_TIME = "There is no delivery time available.";
export const PICKUP_TIME_GONE = "That pickup time is no longer available.";

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
}

export interface Slot {
  /** The instant, ISO-8601 UTC: the value a form posts. */
  value: string;
  /** Local wall time shown to the shopper, e.g. "9:30 AM" (plus delivery time for delivery). */
  label: string;
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
  const t = at.getTime();
  if (t < now.getTime()) return "past";
  if (t < now.getTime() + minimumLead(rules.limits, rules.itemLeadTimes) * MINUTE)
    return "too-soon";
  if (t > now.getTime() + rules.limits.max * MINUTE) return "too-late";
  for (const b of rules.blackouts) {
    if (new Date(b.from).getTime() <= t && t <= new Date(b.to).getTime()) return "blackout";
  }
  return null;
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

/** Every valid slot from now to the end of the window, grouped by local day. */
export function pickupSlots(
  now: Date,
  rules: SlotRules,
  opts: { deliveryMinutes?: number } = {},
): SlotDay[] {
  const interval = Math.max(5, Math.floor(rules.intervalMinutes));
  const end = now.getTime() + rules.limits.max * MINUTE;
  const days: SlotDay[] = [];
  const seen = new Set<number>();
  let day = new TZDate(now.getTime(), rules.timeZone);
  day = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), rules.timeZone);
  while (day.getTime() <= end) {
    const slots: Slot[] = [];
    for (let minutes = 0; minutes < 24 * 60; minutes += interval) {
      const at = new TZDate(
        day.getFullYear(),
        day.getMonth(),
        day.getDate(),
        Math.floor(minutes / 60),
        minutes % 60,
        rules.timeZone,
      );
      // A wall time skipped by a daylight-saving change lands on another day or repeats: skip it.
      if (at.getDate() !== day.getDate() || seen.has(at.getTime()) || !onSlotGrid(at, rules))
        continue;
      seen.add(at.getTime());
      if (slotProblem(at, now, rules)) continue;
      const shown = opts.deliveryMinutes
        ? new TZDate(at.getTime() + opts.deliveryMinutes * MINUTE, rules.timeZone)
        : at;
      slots.push({ value: new Date(at.getTime()).toISOString(), label: format(shown, "h:mm a") });
    }
    if (slots.length) {
      const date = format(day, "yyyy-MM-dd");
      days.push({ date, label: dayLabel(date), slots });
    }
    const next = addDays(day, 1);
    day = new TZDate(next.getFullYear(), next.getMonth(), next.getDate(), rules.timeZone);
  }
  return days;
}

/** The earliest valid slot, chosen when the current pickup time is missing or no longer valid. */
export function earliestSlot(days: SlotDay[]): Slot | null {
  return days[0]?.slots[0] ?? null;
}

/** Keeps the current time when it is still offered, else the earliest; null when none is. */
export function chooseSlot(days: SlotDay[], current: string | null): Slot | null {
  if (current) {
    const t = new Date(current).getTime();
    for (const d of days) for (const s of d.slots) if (new Date(s.value).getTime() === t) return s;
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
  return format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd");
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
