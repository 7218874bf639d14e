import { describe, expect, it } from "vitest";
import { waitTimeText } from "@core/rules/wait-time";

/** The words of a product's own lead time, as waitTimeText says them (or null). */
const leadTimeWords = (minutes: number) =>
  waitTimeText(null, minutes)?.replace(/^Requires (.+) to prepare$/, "$1") ?? null;

describe("the lead time in words (spec §9 wait time)", () => {
  it("shows nothing for zero, negative or missing times", () => {
    expect(leadTimeWords(0)).toBeNull();
    expect(leadTimeWords(-30)).toBeNull();
    expect(leadTimeWords(Number.NaN)).toBeNull();
  });

  it("reads minutes up to and including 60", () => {
    expect(leadTimeWords(1)).toBe("1 minute");
    expect(leadTimeWords(45)).toBe("45 minutes");
    expect(leadTimeWords(60)).toBe("60 minutes");
  });

  it("reads hours and minutes under a day", () => {
    expect(leadTimeWords(61)).toBe("1 hour 1 minute");
    expect(leadTimeWords(90)).toBe("1 hour 30 minutes");
    expect(leadTimeWords(120)).toBe("2 hours");
    expect(leadTimeWords(1439)).toBe("23 hours 59 minutes");
  });

  it("reads whole days from 1440 minutes, rounding part days up", () => {
    expect(leadTimeWords(1440)).toBe("1 day");
    expect(leadTimeWords(2880)).toBe("2 days");
    expect(leadTimeWords(2000)).toBe("2 days");
    expect(leadTimeWords(43200)).toBe("30 days");
  });

  it("rounds part minutes up", () => {
    expect(leadTimeWords(44.2)).toBe("45 minutes");
  });
});

describe("waitTimeText", () => {
  it("uses the larger of the department's and the product's lead time", () => {
    expect(waitTimeText(1440, 60)).toBe("Requires 1 day to prepare");
    expect(waitTimeText(null, null)).toBeNull();
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
