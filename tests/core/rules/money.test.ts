import { describe, expect, it } from "vitest";
import { formatMoney } from "@core/rules/money";

describe("formatMoney (cents → dollars, spec §5)", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [199, "$1.99"],
    [123456, "$1,234.56"],
    [100000000, "$1,000,000.00"],
    [-250, "-$2.50"],
  ])("%i cents → %s", (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it("rounds fractional cents from weighed items", () => {
    expect(formatMoney(1.25 * 499)).toBe("$6.24");
  });

  it("shows $0.00 for a value that is not a number", () => {
    expect(formatMoney(Number.NaN)).toBe("$0.00");
  });

  it("shows a fraction of a cent below zero as $0.00", () => {
    expect(formatMoney(-0.4)).toBe("$0.00");
    expect(formatMoney(0)).toBe("$0.00");
  });
});
