import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatPickupTime,
  formatStoreClock,
  formatStoreDate,
  timeZoneAbbreviation,
} from "~/components/checkout/format";

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

describe("the store's time zone as shoppers know it (the time page's note)", () => {
  it("names each zone at each instant, summer and winter, whichever zone was asked first", () => {
    const winter = new Date("2026-01-15T17:00:00Z");
    const summer = new Date("2026-07-15T17:00:00Z");
    expect(timeZoneAbbreviation("America/New_York", winter)).toBe("EST");
    expect(timeZoneAbbreviation("America/Los_Angeles", summer)).toBe("PDT");
    expect(timeZoneAbbreviation("America/New_York", summer)).toBe("EDT");
    expect(timeZoneAbbreviation("America/Los_Angeles", winter)).toBe("PST");
  });

  it("falls back to the zone's name when the runtime does not know it", () => {
    expect(timeZoneAbbreviation("Mars/Olympus_Mons")).toBe("Mars/Olympus_Mons");
  });
});

describe("an instant as the store's clock reads it (pickup times, placed dates)", () => {
  it("reads each instant in each zone, asked again in any order", () => {
    const at = "2026-07-15T02:30:00Z";
    for (let round = 0; round < 2; round++) {
      expect(formatPickupTime(at, "America/New_York")).toBe("Tuesday, July 14 at 10:30 PM EDT");
      expect(formatPickupTime(at, "America/Los_Angeles")).toBe("Tuesday, July 14 at 7:30 PM PDT");
      expect(formatStoreDate(at, "America/New_York")).toBe("July 14, 2026");
      expect(formatStoreDate(at, "Europe/Berlin")).toBe("July 15, 2026");
      expect(formatStoreClock(at, "America/Chicago")).toBe("9:30 PM");
      expect(formatStoreClock("2026-01-15T02:30:00Z", "America/Chicago")).toBe("8:30 PM");
    }
  });

  it("writes nothing for what is not an instant", () => {
    expect(formatPickupTime("soon", "America/New_York")).toBe("");
    expect(formatStoreDate("", "America/New_York")).toBe("");
  });
});
