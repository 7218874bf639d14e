import { describe, expect, it } from "vitest";
import { deliveryTotal, TIP_OPTIONS, TIP_PRESETS, tipCents, tipChoiceOf } from "@core/rules/tips";

describe("tips (spec §5, §9)", () => {
  it("offers 5, 10 and 15 percent and starts at 0 percent", () => {
    expect(TIP_PRESETS).toEqual([5, 10, 15]);
    const untouched = tipChoiceOf(undefined, undefined);
    expect(untouched).toEqual({ tip: 0, tipType: "percentage" });
    expect(tipCents(untouched, 4999)).toBe(0);
  });

  it("a percentage is a share of the order total, rounded to the cent", () => {
    expect(tipCents({ tip: 15, tipType: "percentage" }, 4999)).toBe(750); // 749.85
    expect(tipCents({ tip: 10, tipType: "percentage" }, 4999)).toBe(500); // 499.9
    expect(tipCents({ tip: 5, tipType: "percentage" }, 1010)).toBe(51); // 50.5 rounds up
  });

  it("an amount (Other) times 100 is cents", () => {
    expect(tipCents({ tip: 3, tipType: "amount" }, 4999)).toBe(300);
    expect(tipCents({ tip: "2.55", tipType: "amount" }, 0)).toBe(255);
    expect(tipCents({ tip: "4.", tipType: "amount" }, 0)).toBe(400);
  });

  it("'Other' negative or not a number counts as 0; a tip is never negative", () => {
    for (const raw of ["-5", "abc", "", "  ", "1e3", "NaN", "Infinity", "2,50"])
      expect(tipCents({ tip: raw, tipType: "amount" }, 4999), raw).toBe(0);
    expect(tipCents({ tip: -10, tipType: "percentage" }, 4999)).toBe(0);
    expect(tipCents({ tip: 10, tipType: "percentage" }, -4999)).toBe(0);
    expect(tipCents({ tip: Number.NaN, tipType: "amount" }, 4999)).toBe(0);
    expect(tipCents({ tip: " 7.5 ", tipType: "amount" }, 4999)).toBe(750);
  });

  it("delivery total = delivery amount + non-negative tip", () => {
    expect(deliveryTotal(599, 300)).toBe(899);
    expect(deliveryTotal(599, -300)).toBe(599);
    expect(deliveryTotal(0, 0)).toBe(0);
  });

  it("the form's choices are none, the presets and Other; a preset is a percentage, Other dollars", () => {
    expect(TIP_OPTIONS).toEqual(["0", ...TIP_PRESETS.map(String), "other"]);
    expect(tipChoiceOf("10", "")).toEqual({ tip: 10, tipType: "percentage" });
    expect(tipChoiceOf("other", "4.50")).toEqual({ tip: 4.5, tipType: "amount" });
    expect(tipChoiceOf("other", "-2")).toEqual({ tip: 0, tipType: "amount" });
    // A forged choice is no tip at all, as the form starts.
    for (const forged of ["12", "100", "", null, undefined, "other "])
      expect(tipChoiceOf(forged, "5"), String(forged)).toEqual({ tip: 0, tipType: "percentage" });
  });
});
