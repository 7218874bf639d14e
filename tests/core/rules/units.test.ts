import { describe, expect, it } from "vitest";
import { formatQuantity, formatQuantityWithUnit, formatUnit } from "@core/rules/units";

describe("formatQuantity (whole plus fraction, denominators up to 10)", () => {
  it.each([
    [1, "1"],
    [2, "2"],
    [1.25, "1 1/4"],
    [0.25, "1/4"],
    [0.5, "1/2"],
    [0.75, "3/4"],
    [1 / 3, "1/3"],
    [0.333, "1/3"],
    [2 / 3, "2/3"],
    [0.6667, "2/3"],
    [5.5, "5 1/2"],
    [10.5, "10 1/2"],
    [0.1, "1/10"],
    [0.2, "1/5"],
    [0.125, "1/8"],
    [0.999, "1"],
    [2.9999, "3"],
    [0, "0"],
  ])("%d → %s", (quantity, expected) => {
    expect(formatQuantity(quantity)).toBe(expected);
  });

  it("covers every fractional quantity step of the spec (0.25 to 5 by 0.25, thirds, 5 to 10.5 by 0.5)", () => {
    expect(formatQuantity(4.75)).toBe("4 3/4");
    expect(formatQuantity(1 + 1 / 3)).toBe("1 1/3");
    expect(formatQuantity(7.5)).toBe("7 1/2");
  });
});

describe("formatUnit (pound, dry ounce, each, rib)", () => {
  it.each([
    ["pound", 1, "lb"],
    ["pound", 0.5, "lb"],
    ["pound", 1.25, "lbs"],
    ["pound", 2, "lbs"],
    ["dry ounce", 1, "dry oz"],
    ["dry ounce", 8, "dry oz"],
    ["rib", 1, "rib"],
    ["rib", 3, "ribs"],
    ["each", 1, "ea"],
    ["each", 12, "ea"],
    ["Pound", 2, "lbs"],
  ])("%s × %d → %s", (unit, quantity, expected) => {
    expect(formatUnit(unit, quantity)).toBe(expected);
  });

  it("keeps a unit it does not know", () => {
    expect(formatUnit("case", 2)).toBe("case");
  });
});

describe("formatQuantityWithUnit", () => {
  it("joins quantity and unit", () => {
    expect(formatQuantityWithUnit(1.25, "pound")).toBe("1 1/4 lbs");
    expect(formatQuantityWithUnit(1 / 3, "pound")).toBe("1/3 lb");
    expect(formatQuantityWithUnit(2, "rib")).toBe("2 ribs");
    expect(formatQuantityWithUnit(6, "each")).toBe("6 ea");
  });
});
