import { describe, expect, it } from "vitest";
import { formatLeadTime, leadTimeMinutes, waitTimeText } from "@core/rules/wait-time";

describe("formatLeadTime (spec §9 wait time)", () => {
  it("shows nothing for zero, negative or missing times", () => {
    expect(formatLeadTime(0)).toBeNull();
    expect(formatLeadTime(-30)).toBeNull();
    expect(formatLeadTime(Number.NaN)).toBeNull();
  });

  it("reads minutes up to and including 60", () => {
    expect(formatLeadTime(1)).toBe("1 minute");
    expect(formatLeadTime(45)).toBe("45 minutes");
    expect(formatLeadTime(60)).toBe("60 minutes");
  });

  it("reads hours and minutes under a day", () => {
    expect(formatLeadTime(61)).toBe("1 hour 1 minute");
    expect(formatLeadTime(90)).toBe("1 hour 30 minutes");
    expect(formatLeadTime(120)).toBe("2 hours");
    expect(formatLeadTime(1439)).toBe("23 hours 59 minutes");
  });

  it("reads whole days from 1440 minutes, rounding part days up", () => {
    expect(formatLeadTime(1440)).toBe("1 day");
    expect(formatLeadTime(2880)).toBe("2 days");
    expect(formatLeadTime(2000)).toBe("2 days");
    expect(formatLeadTime(43200)).toBe("30 days");
  });

  it("rounds part minutes up", () => {
    expect(formatLeadTime(44.2)).toBe("45 minutes");
  });
});

describe("waitTimeText", () => {
  it("uses the larger of the department's and the product's lead time", () => {
    expect(leadTimeMinutes(30, 0)).toBe(30);
    expect(leadTimeMinutes(60, 1440)).toBe(1440);
    expect(leadTimeMinutes(null, null)).toBe(0);
    expect(waitTimeText(30, 0)).toBe("Requires 30 minutes to prepare");
    expect(waitTimeText(60, 1440)).toBe("Requires 1 day to prepare");
    expect(waitTimeText(2880, 720)).toBe("Requires 2 days to prepare");
    expect(waitTimeText(90, 0)).toBe("Requires 1 hour 30 minutes to prepare");
  });

  it("is null when neither needs time", () => {
    expect(waitTimeText(0, 0)).toBeNull();
    expect(waitTimeText(null, 0)).toBeNull();
  });
});
