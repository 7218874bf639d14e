import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "~/components/checkout/format";

describe("a calendar date as shoppers read it (a coupon's expiry)", () => {
  it("writes the month and the day, with no time zone moving it", () => {
    expect(formatCalendarDate("2026-12-18")).toBe("December 18, 2026");
    // An instant that starts with the date: the date as written, even where it is still the 17th.
    expect(formatCalendarDate("2026-12-18T00:00:00Z")).toBe("December 18, 2026");
  });

  it("leaves what is not a date as it came", () => {
    expect(formatCalendarDate("soon")).toBe("soon");
  });
});
