import { describe, expect, it } from "vitest";
import { cardHoldAmount, cardHoldMessage, holdCovers } from "@core/rules/card-authorization";
import { isSoldByWeight } from "@core/rules/units";

const pound = (subtotal: number) => ({ unit_of_measure: "pound", subtotal });
const ounce = (subtotal: number) => ({ unit_of_measure: "Dry Ounce", subtotal });
const each = (subtotal: number) => ({ unit_of_measure: "each", subtotal });
const rib = (subtotal: number) => ({ unit_of_measure: "rib", subtotal });
/** What the hold adds to an estimated total for these items: the weighed items' margin. */
const margin = (items: Parameters<typeof cardHoldAmount>[1]) => cardHoldAmount(0, items);

describe("which units are weighed (core/rules/units)", () => {
  it.each([
    ["pound", true],
    ["dry ounce", true],
    [" Pound ", true],
    ["each", false],
    ["rib", false],
    ["", false],
  ])("%j → %s", (unit, weighed) => expect(isSoldByWeight(unit)).toBe(weighed));
});

describe("the card hold for items sold by weight (decision 021)", () => {
  it("is 15 percent", () => expect(margin([pound(10000)])).toBe(1500));

  it("adds nothing when nothing is weighed", () => {
    expect(margin([each(1299), rib(4599)])).toBe(0);
    expect(cardHoldAmount(5898, [each(1299), rib(4599)])).toBe(5898);
  });

  it("takes 15 % of the weighed items' subtotal only, on top of the estimated total", () => {
    const items = [pound(1000), ounce(500), each(700)];
    expect(margin(items)).toBe(225); // 15 % of the pound's 1000 and the ounce's 500
    expect(cardHoldAmount(2200, items)).toBe(2425);
  });

  it("rounds the margin up to the cent", () => {
    // 15 % of 999 is 149.85 → 150; of 1 is 0.15 → 1; of 20 is exactly 3.
    expect(margin([pound(999)])).toBe(150);
    expect(margin([pound(1)])).toBe(1);
    expect(margin([pound(20)])).toBe(3);
    expect(margin([pound(623), pound(624)])).toBe(188); // 1247 × 15 % = 187.05
  });

  it("never holds less than zero, nor counts a negative subtotal", () => {
    expect(cardHoldAmount(-500, [])).toBe(0);
    expect(margin([pound(-100), pound(100)])).toBe(15);
  });

  it("covers an order while the total has not grown past the amount held", () => {
    expect(holdCovers(2425, 2200)).toBe(true);
    expect(holdCovers(2425, 2425)).toBe(true);
    expect(holdCovers(2425, 2426)).toBe(false);
  });

  it("says what is held and why, in dollars", () => {
    expect(cardHoldMessage(2425, [pound(1000)])).toBe(
      "We hold up to $24.25 on your card: items sold by weight are weighed at the store, so the final total may differ. You are charged only for what you take home.",
    );
    expect(cardHoldMessage(123456, [each(1)])).toBe(
      "We hold up to $1,234.56 on your card. You are charged only for what you take home.",
    );
  });
});
