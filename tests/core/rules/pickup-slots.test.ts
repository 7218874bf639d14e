import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { describe, expect, it } from "vitest";
import {
  chooseSlot,
  dayLabel,
  dayMismatch,
  isDayValue,
  localDay,
  minimumLead,
  onSlotGrid,
  pickupSlots,
  slotProblem,
  type SlotRules,
} from "@core/rules/pickup-slots";

const NY = "America/New_York";
const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: NY,
  intervalMinutes: 30,
  limits: { min: 0, max: 43_200 },
  itemLeadTimes: [],
  blackouts: [],
  ...over,
});
const all = (days: ReturnType<typeof pickupSlots>) =>
  days.flatMap((d) => d.slots.map((s) => s.value));

describe("minimumLead", () => {
  it("is the largest of the limits' minimum and every item's lead time, capped by the maximum", () => {
    expect(minimumLead({ min: 60, max: 43_200 }, [30, 1440])).toBe(1440);
    expect(minimumLead({ min: 60, max: 43_200 }, [])).toBe(60);
    expect(minimumLead({ min: 60, max: 120 }, [2880])).toBe(120);
  });
});

describe("slotProblem", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  it("refuses the past, too soon, and after the window", () => {
    expect(slotProblem(new Date("2026-11-23T14:30:00Z"), now, rules())).toBe("past");
    expect(slotProblem(new Date("2026-11-23T15:30:00Z"), now, rules({ itemLeadTimes: [60] }))).toBe(
      "too-soon",
    );
    expect(
      slotProblem(new Date("2026-11-23T16:00:00Z"), now, rules({ itemLeadTimes: [60] })),
    ).toBeNull();
    expect(slotProblem(new Date("2026-12-23T15:00:00Z"), now, rules())).toBeNull(); // exactly 30 days
    expect(slotProblem(new Date("2026-12-23T15:30:00Z"), now, rules())).toBe("too-late");
  });
  it("counts both ends of a blackout as inside it", () => {
    const blackouts = [{ from: "2026-11-24T17:00:00.000Z", to: "2026-11-24T18:00:00.000Z" }];
    expect(slotProblem(new Date("2026-11-24T17:00:00Z"), now, rules({ blackouts }))).toBe(
      "blackout",
    );
    expect(slotProblem(new Date("2026-11-24T18:00:00Z"), now, rules({ blackouts }))).toBe(
      "blackout",
    );
    expect(slotProblem(new Date("2026-11-24T16:30:00Z"), now, rules({ blackouts }))).toBeNull();
    expect(slotProblem(new Date("2026-11-24T18:30:00Z"), now, rules({ blackouts }))).toBeNull();
  });
});

describe("pickupSlots", () => {
  it("steps by the interval in store time and starts after the lead time", () => {
    const now = new Date("2026-11-23T14:10:00Z"); // 9:10 AM in New York
    const days = pickupSlots(now, rules({ itemLeadTimes: [60], limits: { min: 0, max: 1440 } }));
    expect(days[0]!.date).toBe("2026-11-23");
    expect(days[0]!.label).toBe("Monday, November 23");
    expect(days[0]!.slots[0]).toEqual({ value: "2026-11-23T15:30:00.000Z", label: "10:30 AM" });
    expect(all(days).every((v) => onSlotGrid(new Date(v), rules()))).toBe(true);
  });

  it("leaves out a day with no valid slot and ends at the window", () => {
    const now = new Date("2026-11-23T14:00:00Z");
    const wholeDay = [{ from: "2026-11-24T05:00:00.000Z", to: "2026-11-25T04:59:59.000Z" }];
    const days = pickupSlots(
      now,
      rules({ blackouts: wholeDay, limits: { min: 0, max: 3 * 1440 } }),
    );
    expect(days.map((d) => d.date)).toEqual(["2026-11-23", "2026-11-25", "2026-11-26"]);
    const last = all(days).at(-1)!;
    expect(new Date(last).getTime()).toBeLessThanOrEqual(now.getTime() + 3 * 1440 * 60_000);
  });

  it("offers nothing past the 30-day window", () => {
    const now = new Date("2026-11-23T14:00:00Z");
    const last = new Date(all(pickupSlots(now, rules())).at(-1)!);
    expect(last.getTime()).toBe(now.getTime() + 43_200 * 60_000);
  });

  // Slots follow the store's wall clock: the hour skipped in spring has none, and the hour
  // repeated in autumn is offered once, so no two slots of a day read the same.
  it("has 46 half-hour slots on the spring-forward day and 48 distinct ones on the fall-back day", () => {
    const spring = pickupSlots(
      new Date("2026-03-08T05:00:00Z"),
      rules({ limits: { min: 0, max: 1439 } }),
    );
    expect(spring[0]!.date).toBe("2026-03-08");
    expect(spring[0]!.slots).toHaveLength(46);
    expect(spring[0]!.slots.map((s) => s.label)).not.toContain("2:30 AM");
    const fall = pickupSlots(
      new Date("2026-11-01T04:00:00Z"),
      rules({ limits: { min: 0, max: 1499 } }),
    );
    expect(fall[0]!.date).toBe("2026-11-01");
    expect(fall[0]!.slots).toHaveLength(48);
    expect(new Set(fall[0]!.slots.map((s) => s.label)).size).toBe(48);
    expect(fall[0]!.slots.filter((s) => s.label === "1:30 AM")).toHaveLength(1);
  });

  it("offers exactly the grid instants a slot-by-slot check accepts, across a daylight-saving change", () => {
    // A month around the spring change, 15-minute slots, blackouts, delivery crossing midnight.
    const now = new Date("2026-02-25T13:07:00Z");
    const month = rules({
      intervalMinutes: 15,
      limits: { min: 90, max: 43_200 },
      itemLeadTimes: [120],
      blackouts: [
        { from: "2026-03-01T15:00:00Z", to: "2026-03-01T18:00:00Z" },
        { from: "2026-03-08T06:00:00Z", to: "2026-03-08T08:15:00Z" },
        // Overlapping, nested and unordered, as a store's closures can be.
        { from: "2026-03-12T16:00:00Z", to: "2026-03-12T17:00:00Z" },
        { from: "2026-03-12T14:00:00Z", to: "2026-03-12T16:30:00Z" },
        { from: "2026-03-12T14:15:00Z", to: "2026-03-12T14:45:00Z" },
        { from: "2026-03-20T10:00:00Z", to: "2026-03-20T10:00:00Z" },
      ],
    });
    const deliveryMinutes = 75;
    const days = pickupSlots(now, month, { deliveryMinutes });
    const expected: { value: string; label: string }[] = [];
    const from = Math.floor(now.getTime() / 300_000) * 300_000;
    for (let t = from; t <= now.getTime() + 43_200 * 60_000; t += 300_000) {
      const at = new Date(t);
      if (!onSlotGrid(at, month) || slotProblem(at, now, month)) continue;
      const shown = new TZDate(t + deliveryMinutes * 60_000, NY);
      expected.push({ value: at.toISOString(), label: format(shown, "h:mm a") });
    }
    expect(days.flatMap((d) => d.slots)).toEqual(expected);
    // The month really crosses the change: the 8th is a 23-hour day.
    expect(days.map((d) => d.date)).toContain("2026-03-08");
  });

  it("shows delivery times later by the department's delivery time", () => {
    const now = new Date("2026-11-23T14:00:00Z");
    const days = pickupSlots(now, rules({ limits: { min: 0, max: 60 } }), { deliveryMinutes: 120 });
    expect(days[0]!.slots[0]).toEqual({ value: "2026-11-23T14:00:00.000Z", label: "11:00 AM" });
  });

  it("keeps a still-valid current time, else picks the earliest, else none", () => {
    const days = pickupSlots(
      new Date("2026-11-23T14:00:00Z"),
      rules({ limits: { min: 0, max: 120 } }),
    );
    expect(chooseSlot(days, "2026-11-23T15:00:00.000Z")!.value).toBe("2026-11-23T15:00:00.000Z");
    expect(chooseSlot(days, "2026-11-20T15:00:00.000Z")!.value).toBe(days[0]!.slots[0]!.value);
    expect(chooseSlot([], null)).toBeNull();
  });
});

describe("the day a time belongs to", () => {
  it("accepts only real local dates as a posted day", () => {
    expect(isDayValue("2026-11-27")).toBe(true);
    expect(isDayValue("2026-02-30")).toBe(false);
    expect(isDayValue("2026-11-27T00:00")).toBe(false);
    expect(isDayValue(null)).toBe(false);
  });

  it("reads an instant's day in the store's time zone, as the Day select lists it", () => {
    // 11:30 PM in New York is already the next day in UTC.
    expect(localDay(new Date("2026-11-28T04:30:00Z"), NY)).toBe("2026-11-27");
    expect(dayLabel("2026-11-27")).toBe("Friday, November 27");
    const days = pickupSlots(
      new Date("2026-11-23T14:00:00Z"),
      rules({ limits: { min: 0, max: 4320 } }),
    );
    for (const day of days) {
      expect(day.label).toBe(dayLabel(day.date));
      for (const slot of day.slots) expect(localDay(new Date(slot.value), NY)).toBe(day.date);
    }
  });

  // Without JavaScript: Friday chosen, Time still on Monday's 7:00 AM, Next pressed.
  it("refuses a time from another day with a message naming the chosen day", () => {
    const mondaySeven = new Date("2026-11-23T12:00:00Z");
    expect(dayMismatch("2026-11-27", mondaySeven, NY, "pickup")).toBe(
      "Please choose a pickup time on Friday, November 27.",
    );
    expect(dayMismatch("2026-11-23", mondaySeven, NY, "pickup")).toBeNull();
  });
});
