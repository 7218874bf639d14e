/**
 * The demo shopper's past orders are timed as the store's clock reads them: whatever hour the
 * seed runs at, each pickup falls inside the store's opening hours on the day it lands on, and
 * each order was placed before it, at opening, never in the future.
 */
import { describe, expect, it } from "vitest";
import { demoOrderTimes } from "../../api/db/seed/demo-shopper";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_ZONES = ["America/New_York", "America/Los_Angeles"];

const localClock = (iso: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { hour: part("hour"), minute: part("minute") };
};

describe("demo past orders", () => {
  it("are picked up between 10 AM and 5 PM store time and placed at 9 AM, for a seed run at any hour", () => {
    for (const timeZone of TIME_ZONES)
      for (let hour = 0; hour < 24; hour++) {
        // A run at each hour of one day, 07:xx UTC onwards, so both the day and the night are hit.
        const now = new Date(Date.UTC(2026, 10, 27, 7 + hour, 23));
        for (const pickupIn of [3 * DAY, 5 * HOUR, HOUR, -7 * DAY, -14 * DAY]) {
          const { pickupAt, placedAt } = demoOrderTimes(now, pickupIn, timeZone);
          const pickup = localClock(pickupAt, timeZone);
          expect(pickup.minute, `${timeZone} ${now.toISOString()} ${pickupIn}`).toBe(0);
          expect(pickup.hour).toBeGreaterThanOrEqual(10);
          expect(pickup.hour).toBeLessThanOrEqual(17);
          expect(localClock(placedAt, timeZone)).toEqual({ hour: 9, minute: 0 });
          expect(Date.parse(placedAt)).toBeLessThan(Math.min(now.getTime(), Date.parse(pickupAt)));
        }
      }
  });

  it("keep their day: a pickup three days ahead is three store days ahead", () => {
    const now = new Date("2026-11-27T15:00:00Z"); // 10 AM in New York
    const { pickupAt } = demoOrderTimes(now, 3 * DAY, "America/New_York");
    expect(pickupAt).toBe("2026-11-30T15:00:00.000Z");
  });
});
