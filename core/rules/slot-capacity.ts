/**
 * Slot capacity (decision 028): a department may cap the orders per pickup or delivery slot, by
 * weekday and hours of the store's local time. Saving a time holds a place for HOLD_MINUTES;
 * placing the order books it. Shared by the API (which counts and refuses) and the time picker
 * (which shows 'Only N left').
 */
import { TZDate } from "@date-fns/tz";
import { minutesAfterMidnight } from "./local-days";

/** How long a saved time keeps its place before the order is placed. */
export const HOLD_MINUTES = 20;

/** The blackout type GET blackouts gives a full slot (older clients just avoid it). */
export const FULL_SLOT_TYPE = "full";

/** A slot with this many places left or fewer (and some taken) is shown as nearly full. */
const NEARLY_FULL_PLACES = 3;

export const SLOT_KINDS = ["pickup", "delivery"] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

/** One capacity rule: on `weekday` (0 = Sunday), slots from `from` up to `to` (local "HH:MM"). */
export interface CapacityRule {
  kind: SlotKind;
  weekday: number;
  from: string;
  to: string;
  capacity: number;
}

/** A place taken in a slot: a hold until `expiresAt`, or a booking (`expiresAt` null). */
export interface TakenPlace {
  expiresAt: string | null;
}

/** "HH:MM" from 00:00 to 24:00. */
export function isClockValue(value: string): boolean {
  return /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(value);
}

/**
 * The orders a slot takes: the smallest capacity of the rules covering its local weekday and time
 * (start inclusive, end exclusive), or null when none does (unlimited).
 */
export function slotCapacity(
  rules: readonly CapacityRule[],
  kind: SlotKind,
  at: Date,
  timeZone: string,
): number | null {
  if (!rules.length) return null;
  const local = new TZDate(at.getTime(), timeZone);
  const weekday = local.getDay();
  const minutes = local.getHours() * 60 + local.getMinutes();
  let capacity: number | null = null;
  for (const rule of rules) {
    if (rule.kind !== kind || rule.weekday !== weekday) continue;
    if (minutes < minutesAfterMidnight(rule.from) || minutes >= minutesAfterMidnight(rule.to))
      continue;
    capacity = capacity === null ? rule.capacity : Math.min(capacity, rule.capacity);
  }
  return capacity === null ? null : Math.max(0, capacity);
}

/** A hold counts until it expires; a booking always counts. */
export function isLive(place: TakenPlace, now: Date): boolean {
  return place.expiresAt === null || Date.parse(place.expiresAt) > now.getTime();
}

/** Places left: the capacity less the live holds and bookings (null when unlimited). */
export function placesLeft(
  capacity: number | null,
  taken: readonly TakenPlace[] | number,
  now = new Date(),
): number | null {
  if (capacity === null) return null;
  const count = typeof taken === "number" ? taken : taken.filter((p) => isLive(p, now)).length;
  return Math.max(0, capacity - count);
}

/** When a hold taken now runs out. */
export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** Whether the picker says 'Only N left' for a slot with `left` places of which some are taken. */
export function isNearlyFull(left: number | null, taken: number): boolean {
  return left !== null && left > 0 && taken > 0 && left <= NEARLY_FULL_PLACES;
}

/** The picker's words beside a nearly full slot. */
export const onlyLeft = (left: number) => `Only ${left} left`;

/** The checkout's words after a time was saved: the place is held until `time` ("3:45 PM"). */
export const holdingUntil = (time: string) => `We're holding this time for you until ${time}.`;
