import { describe, expect, it, vi } from "vitest";
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

  it("shows a fraction of a cent below zero as $0.00, before and after $0.00 itself", async () => {
    // A fresh module, so that nothing has been shown yet: the first text shown is the one kept.
    vi.resetModules();
    const { formatMoney: fresh } = await import("@core/rules/money");
    expect(fresh(-0.4)).toBe("$0.00");
    expect(fresh(0)).toBe("$0.00");
    expect(fresh(-0.4)).toBe("$0.00");
  });

  it("gives every amount its own text, asked once or again, past the texts it keeps", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (let round = 0; round < 2; round++) {
      for (let cents = -1_000; cents <= 11_000; cents += 7) {
        expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      }
    }
  });
});
