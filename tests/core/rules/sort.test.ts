import { describe, expect, it } from "vitest";
import { sortByWeightThenName } from "@core/rules/sort";

describe("sortByWeightThenName", () => {
  it("orders by weight, then by name", () => {
    const sorted = sortByWeightThenName([
      { name: "Floral", weight: 3 },
      { name: "Deli", weight: 1 },
      { name: "bakery", weight: 1 },
      { name: "Catering", weight: 2 },
    ]);
    expect(sorted.map((item) => item.name)).toEqual(["bakery", "Deli", "Catering", "Floral"]);
  });

  it("treats a missing weight as 0 and compares numbers in names naturally", () => {
    const sorted = sortByWeightThenName([
      { name: "Aisle 10" },
      { name: "Aisle 2", weight: null },
      { name: "Late", weight: 1 },
      { name: "Early", weight: -1 },
    ]);
    expect(sorted.map((item) => item.name)).toEqual(["Early", "Aisle 2", "Aisle 10", "Late"]);
  });

  it("leaves the input alone", () => {
    const input = [
      { name: "B", weight: 0 },
      { name: "A", weight: 0 },
    ];
    sortByWeightThenName(input);
    expect(input[0]?.name).toBe("B");
  });
});
