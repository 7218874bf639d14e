import { describe, expect, it } from "vitest";
import {
  chooseSlot,
  earliestSlot,
  firstOpenSlot,
  pickupSlots,
  type SlotRules,
} from "@core/rules/pickup-slots";
import {
  HOLD_MINUTES,
  holdExpiry,
  holdingUntil,
  isClockValue,
  isLive,
  isNearlyFull,
  onlyLeft,
  placesLeft,
  slotCapacity,
  type CapacityRule,
} from "@core/rules/slot-capacity";

const TZ = "America/New_York";
// Wednesday 25 November 2026, 10:00 in New York (15:00 UTC).
const wednesdayTen = new Date("2026-11-25T15:00:00Z");

const rule = (over: Partial<CapacityRule> = {}): CapacityRule => ({
  kind: "pickup",
  weekday: 3,
  from: "09:00",
  to: "12:00",
  capacity: 12,
  ...over,
});

describe("slotCapacity", () => {
  it("is unlimited without a rule covering the slot", () => {
    expect(slotCapacity([], "pickup", wednesdayTen, TZ)).toBeNull();
    expect(slotCapacity([rule({ weekday: 4 })], "pickup", wednesdayTen, TZ)).toBeNull();
    expect(slotCapacity([rule({ kind: "delivery" })], "pickup", wednesdayTen, TZ)).toBeNull();
  });

  it("reads the weekday and hours in the store's time zone, start inclusive, end exclusive", () => {
    expect(slotCapacity([rule()], "pickup", wednesdayTen, TZ)).toBe(12);
    // 10:00 in New York is 07:00 in Los Angeles: before the rule's hours there.
    expect(slotCapacity([rule()], "pickup", wednesdayTen, "America/Los_Angeles")).toBeNull();
    expect(slotCapacity([rule({ from: "10:00" })], "pickup", wednesdayTen, TZ)).toBe(12);
    expect(slotCapacity([rule({ to: "10:00" })], "pickup", wednesdayTen, TZ)).toBeNull();
    expect(slotCapacity([rule({ from: "00:00", to: "24:00" })], "pickup", wednesdayTen, TZ)).toBe(
      12,
    );
  });

  it("takes the smallest capacity when rules overlap", () => {
    const rules = [rule(), rule({ from: "10:00", to: "11:00", capacity: 4 })];
    expect(slotCapacity(rules, "pickup", wednesdayTen, TZ)).toBe(4);
  });
});

describe("places left and holds", () => {
  const now = new Date("2026-11-25T14:00:00Z");
  const live = { expiresAt: "2026-11-25T14:10:00Z" };
  const expired = { expiresAt: "2026-11-25T13:59:59Z" };
  const booked = { expiresAt: null };

  it("counts bookings and live holds, never expired holds", () => {
    expect(isLive(booked, now)).toBe(true);
    expect(isLive(live, now)).toBe(true);
    expect(isLive(expired, now)).toBe(false);
    expect(placesLeft(12, [booked, live, expired], now)).toBe(10);
    expect(placesLeft(2, [booked, live, booked], now)).toBe(0);
    expect(placesLeft(null, [booked], now)).toBeNull();
    expect(placesLeft(12, 5)).toBe(7);
  });

  it(`holds a place for ${HOLD_MINUTES} minutes`, () => {
    expect(holdExpiry(now).toISOString()).toBe("2026-11-25T14:20:00.000Z");
    expect(isLive({ expiresAt: holdExpiry(now).toISOString() }, now)).toBe(true);
    expect(isLive({ expiresAt: holdExpiry(now).toISOString() }, holdExpiry(now))).toBe(false);
  });

  it("calls a slot nearly full only with places taken and few left", () => {
    expect(isNearlyFull(2, 10)).toBe(true);
    expect(isNearlyFull(3, 9)).toBe(true);
    expect(isNearlyFull(4, 8)).toBe(false);
    expect(isNearlyFull(0, 12)).toBe(false);
    expect(isNearlyFull(3, 0)).toBe(false);
    expect(isNearlyFull(null, 5)).toBe(false);
  });

  it("words the picker's and the checkout's notes", () => {
    expect(onlyLeft(2)).toBe("Only 2 left");
    expect(holdingUntil("3:45 PM")).toBe("We're holding this time for you until 3:45 PM.");
  });

  it("accepts local clock times from 00:00 to 24:00 only", () => {
    expect(["00:00", "09:30", "23:59", "24:00"].every(isClockValue)).toBe(true);
    expect(["24:01", "9:30", "12:60", ""].some(isClockValue)).toBe(false);
  });
});

describe("the picker's slots with capacity", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  const rules = (over: Partial<SlotRules>): SlotRules => ({
    timeZone: TZ,
    intervalMinutes: 30,
    limits: { min: 0, max: 3 * 1440 },
    itemLeadTimes: [],
    blackouts: [],
    ...over,
  });
  // Tuesday 24 November, 9:00 and 9:30 AM in New York.
  const nine = "2026-11-24T14:00:00.000Z";
  const nineThirty = "2026-11-24T14:30:00.000Z";

  it("say 'Only N left' beside a nearly full slot and list a full one as 'Full', never chosen", () => {
    const days = pickupSlots(
      now,
      rules({
        full: [{ from: nine, to: "2026-11-24T14:29:59.000Z" }],
        nearlyFull: [{ at: nineThirty, places_left: 2 }],
      }),
    );
    const tuesday = days.find((d) => d.date === "2026-11-24")!;
    expect(tuesday.slots.find((s) => s.value === nine)).toEqual({
      value: nine,
      label: "9:00 AM",
      note: "Full",
      full: true,
    });
    expect(tuesday.slots.find((s) => s.value === nineThirty)).toEqual({
      value: nineThirty,
      label: "9:30 AM",
      note: "Only 2 left",
    });
    expect(tuesday.slots.filter((s) => s.note)).toHaveLength(2);
    // A saved time that filled up meanwhile is not kept: the earliest open time is chosen.
    expect(chooseSlot([tuesday], nine)?.value).toBe(tuesday.slots.find((s) => !s.full)!.value);
    expect(firstOpenSlot([tuesday.slots.find((s) => s.value === nine)!])).toBeUndefined();
  });

  it("drop a day whose slots are all full, and choose the earliest open slot past it", () => {
    const allMonday = { from: now.toISOString(), to: "2026-11-24T04:59:59.000Z" };
    const allTuesday = { from: "2026-11-24T05:00:00.000Z", to: "2026-11-25T04:59:59.000Z" };
    const days = pickupSlots(now, rules({ full: [allMonday, allTuesday] }));
    expect(days.map((d) => d.date)).toEqual(["2026-11-25", "2026-11-26"]);
    expect(earliestSlot(days)?.value).toBe("2026-11-25T05:00:00.000Z");
    // The very same periods among the blackouts (an older answer read as such) hide the slots.
    const hidden = pickupSlots(now, rules({ blackouts: [allMonday, allTuesday] }));
    expect(hidden.map((d) => d.date)).toEqual(["2026-11-25", "2026-11-26"]);
    expect(hidden.flatMap((d) => d.slots).some((s) => s.full)).toBe(false);
  });

  it("offer nothing when every slot is full (the picker says 'No Availability')", () => {
    const everything = { from: now.toISOString(), to: "2026-12-31T00:00:00.000Z" };
    expect(pickupSlots(now, rules({ full: [everything] }))).toEqual([]);
  });
});
