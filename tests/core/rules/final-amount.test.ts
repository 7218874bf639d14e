import { describe, expect, it } from "vitest";
import { captureOf, finalAmount, finalLine, pickProblem } from "@core/rules/final-amount";

const turkey = {
  pick_status: "picked",
  quantity: 1,
  subtotal: 1299,
  club_discount_amount: 100,
  picked_quantity: 1.08,
  unit_price: 1299,
  club_per_unit: 100,
  substitute: null,
};

describe("a picked line", () => {
  it("prices a weighed quantity at the unit price, club discount by the same rule", () => {
    expect(finalLine(turkey, true)).toEqual({ subtotal: 1403, club: 108 });
    expect(finalLine(turkey, false)).toEqual({ subtotal: 1403, club: 0 });
  });

  it("stands as ordered until picked, or picked as ordered", () => {
    expect(finalLine({ ...turkey, pick_status: null }, true)).toEqual({
      subtotal: 1299,
      club: 100,
    });
    expect(finalLine({ ...turkey, picked_quantity: 1 }, true)).toEqual({
      subtotal: 1299,
      club: 100,
    });
  });

  it("prices a substitute at its own price, and an unavailable item at nothing", () => {
    const sub = { ...turkey, pick_status: "substituted", picked_quantity: null };
    expect(
      finalLine({ ...sub, substitute: { unit_price: 899, club_per_unit: null } }, true),
    ).toEqual({ subtotal: 899, club: 0 });
    expect(finalLine({ ...turkey, pick_status: "unavailable" }, true)).toEqual({
      subtotal: 0,
      club: 0,
    });
  });
});

describe("the final amount", () => {
  it("adds the lines, then the cart's totals: a promotion below its minimum discounts nothing", () => {
    const promotion = { type: "order-amount", value: 500, minimum_subtotal: 2000 };
    const lines = [
      { subtotal: 1403, club: 0 },
      { subtotal: 899, club: 0 },
    ];
    const order = { deliveryAmount: 599, tipAmount: 200, promotion };
    expect(finalAmount(lines, order)).toEqual({
      subtotal: 2302,
      clubSavings: 0,
      discount: 500,
      total: 2302 + 599 + 200 - 500,
    });
    expect(finalAmount([{ subtotal: 1403, club: 0 }], order).discount).toBe(0);
  });
});

describe("the capture", () => {
  it("charges the final amount, never more than the hold, and voids when nothing is due", () => {
    expect(captureOf(2100, 2500)).toEqual({ kind: "capture", amount: 2100, released: 400 });
    expect(captureOf(2600, 2500)).toEqual({ kind: "capture", amount: 2500, released: 0 });
    expect(captureOf(0, 2500)).toEqual({ kind: "void" });
  });
});

describe("a pick's problems", () => {
  const base = { ordered_quantity: 2, sold_by_weight: false } as const;
  it("needs the weight of an item sold by weight, and a sensible quantity", () => {
    expect(
      pickProblem({ ...base, sold_by_weight: true, pick_status: "picked", picked_quantity: null }),
    ).toBe("Enter the weighed quantity.");
    expect(pickProblem({ ...base, pick_status: "picked", picked_quantity: null })).toBeNull();
    expect(pickProblem({ ...base, pick_status: "picked", picked_quantity: 3 })).toBe(
      "Enter a quantity up to the one ordered.",
    );
    expect(pickProblem({ ...base, pick_status: "picked", picked_quantity: 0 })).toMatch(/above 0/);
    expect(pickProblem({ ...base, pick_status: "unavailable", picked_quantity: null })).toBeNull();
  });
});
