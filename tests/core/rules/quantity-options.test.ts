import { describe, expect, it } from "vitest";
import { QUANTITY_UNAVAILABLE, QUANTITY_NOT_OFFERED } from "@core/rules/quantity-messages";
import {
  defaultQuantity,
  quantityOptions,
  quantityProblem,
  type QuantityRules,
} from "@core/rules/quantity-options";

const deli: QuantityRules = {
  unit_of_measure: "pound",
  accepts_fractional_quantities: true,
  minimum_quantity: null,
  maximum_quantity: null,
  remaining_quantity: null,
};
const cake: QuantityRules = {
  unit_of_measure: "each",
  accepts_fractional_quantities: false,
  minimum_quantity: null,
  maximum_quantity: null,
  remaining_quantity: null,
};

describe("fractional steps (spec §9)", () => {
  const steps = quantityOptions(deli);
  it("run 0.25 to 5 by quarters, with a third and two thirds", () => {
    expect(steps.slice(0, 5)).toEqual([0.25, 1 / 3, 0.5, 2 / 3, 0.75]);
    expect(steps).toContain(4.75);
    expect(steps).toContain(5);
  });
  it("then 5.5 to 10.5 by halves", () => {
    expect(steps.filter((q) => q > 5)).toEqual([5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5]);
    expect(steps).toHaveLength(20 + 2 + 11);
  });
});

describe("quantityOptions", () => {
  it("offers fractional steps for a product sold by the pound that accepts them", () => {
    expect(quantityOptions(deli)[0]).toBe(0.25);
    expect(quantityOptions(deli)).toContain(1 / 3);
  });
  it("offers whole numbers for an item sold each, or a weighed item that does not accept fractions", () => {
    expect(quantityOptions(cake).slice(0, 3)).toEqual([1, 2, 3]);
    expect(quantityOptions({ ...deli, accepts_fractional_quantities: false })[0]).toBe(1);
  });
  it("keeps within the minimum, the maximum and what remains", () => {
    expect(quantityOptions({ ...cake, minimum_quantity: 2, maximum_quantity: 4 })).toEqual([
      2, 3, 4,
    ]);
    expect(quantityOptions({ ...cake, remaining_quantity: 3 })).toEqual([1, 2, 3]);
    expect(quantityOptions({ ...deli, maximum_quantity: 1 })).toEqual([
      0.25,
      1 / 3,
      0.5,
      2 / 3,
      0.75,
      1,
    ]);
    expect(quantityOptions({ ...cake, remaining_quantity: 0 })).toEqual([]);
  });
  it("starts at the minimum, else 1", () => {
    expect(defaultQuantity(cake)).toBe(1);
    expect(defaultQuantity({ ...cake, minimum_quantity: 3 })).toBe(3);
    expect(defaultQuantity(deli)).toBe(1);
    expect(defaultQuantity({ ...deli, maximum_quantity: 0.5 })).toBe(0.25);
  });
});

describe("quantityProblem", () => {
  it("accepts 1.25 lb and one third of a pound", () => {
    expect(quantityProblem(deli, 1.25)).toBeNull();
    expect(quantityProblem(deli, 0.3333333)).toBeNull();
  });
  it("calls more than remains 'unavailable', anything else off the list 'invalid'", () => {
    expect(quantityProblem({ ...cake, remaining_quantity: 3 }, 4)).toBe("unavailable");
    expect(quantityProblem(cake, 1.5)).toBe("invalid");
    expect(quantityProblem(deli, 1.1)).toBe("invalid");
    expect(quantityProblem(cake, 0)).toBe("invalid");
    expect(quantityProblem(cake, Number.NaN)).toBe("invalid");
    expect(quantityProblem(deli, 11)).toBe("invalid");
  });
});

describe("each quantity problem's words (the product form's and the API's)", () => {
  it("says 'not available' past what remains, else asks for a quantity on offer", () => {
    const words = { unavailable: QUANTITY_UNAVAILABLE, invalid: QUANTITY_NOT_OFFERED };
    expect(words[quantityProblem({ ...cake, remaining_quantity: 3 }, 4)!]).toBe(
      "That quantity is not available.",
    );
    expect(words[quantityProblem(cake, 1.5)!]).toBe("Choose one of the quantities offered.");
  });
});
