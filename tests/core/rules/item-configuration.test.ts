import { describe, expect, it } from "vitest";
import {
  itemCalories,
  itemSubtotal,
  missingRequired,
  subtotalOf,
  normalizePreferences,
  selectChoice,
  setText,
  unitPrice,
  visibleFacetIds,
  type Preference,
  type ProductRules,
} from "@core/rules/item-configuration";

// A cake: size (required, one), toppings (up to 2), photo placement shown only with "Add a Photo",
// a name (free response), a message (custom message with icing colours).
const cake: ProductRules = {
  srp_amount: 2499,
  sale_srp_amount: null,
  on_sale: false,
  calories: 300,
  facets: [
    {
      id: 1,
      name: "Size",
      type: "multi-choice",
      required: true,
      choice_limit: 1,
      choices: [
        { id: 11, value: "Quarter Sheet", default: true, srp_amount: 0, calorie_modifier: 0 },
        { id: 12, value: "Half Sheet", default: false, srp_amount: 1500, calorie_modifier: 200 },
      ],
    },
    {
      id: 2,
      name: "Toppings",
      type: "multi-choice",
      required: false,
      choice_limit: 2,
      choices: [
        { id: 21, value: "Sprinkles", default: false, srp_amount: 100, calorie_modifier: 20 },
        { id: 22, value: "Berries", default: false, srp_amount: 300, calorie_modifier: 10 },
        { id: 23, value: "Add a Photo", default: false, srp_amount: 500, calorie_modifier: 0 },
      ],
    },
    {
      id: 3,
      name: "Photo Placement",
      type: "multi-choice",
      required: true,
      choice_limit: 1,
      choices: [{ id: 31, value: "Center", default: true, srp_amount: 0, calorie_modifier: 0 }],
    },
    {
      id: 4,
      name: "Name",
      type: "free-response",
      required: false,
      choice_limit: null,
      choices: [],
    },
    {
      id: 5,
      name: "Message",
      type: "custom-message",
      required: true,
      choice_limit: 1,
      choices: [
        { id: 51, value: "Blue Icing", default: false, srp_amount: 0, calorie_modifier: 0 },
      ],
    },
  ],
  facet_triggers: [{ facet_id: 3, choice_id: 23 }],
};
const pick = (facet_id: number, choice_id: number): Preference => ({
  facet_id,
  choice_id,
  value: null,
});

describe("visibility and defaults", () => {
  it("hides a triggered facet until its trigger choice is selected", () => {
    expect(visibleFacetIds(cake, []).has(3)).toBe(false);
    expect(visibleFacetIds(cake, [pick(2, 23)]).has(3)).toBe(true);
  });
  it("preselects defaults of visible empty facets, and not of hidden ones", () => {
    expect(normalizePreferences(cake, [])).toEqual([pick(1, 11)]);
    expect(normalizePreferences(cake, [pick(2, 23)])).toEqual([
      pick(2, 23),
      pick(1, 11),
      pick(3, 31),
    ]);
  });
  it("clears a hidden facet's selections", () => {
    expect(normalizePreferences(cake, [pick(3, 31), pick(1, 12)])).toEqual([pick(1, 12)]);
  });
  it("drops facets and choices the product does not have", () => {
    expect(normalizePreferences(cake, [pick(9, 91), pick(1, 99), pick(1, 12)], false)).toEqual([
      pick(1, 12),
    ]);
  });
});

describe("selecting", () => {
  it("drops the oldest choice past the facet's limit", () => {
    let prefs: Preference[] = [];
    prefs = selectChoice(cake, prefs, 2, 21);
    prefs = selectChoice(cake, prefs, 2, 22);
    prefs = selectChoice(cake, prefs, 2, 23);
    expect(prefs).toEqual([pick(2, 22), pick(2, 23)]);
    expect(selectChoice(cake, [pick(1, 11)], 1, 12)).toEqual([pick(1, 12)]);
  });
  it("a text replaces the facet's selection; an empty text removes it", () => {
    let prefs = setText(cake, [], 4, "  Ava  ");
    expect(prefs).toEqual([{ facet_id: 4, choice_id: null, value: "Ava" }]);
    prefs = setText(cake, prefs, 4, "Noah");
    expect(prefs).toEqual([{ facet_id: 4, choice_id: null, value: "Noah" }]);
    expect(setText(cake, prefs, 4, "   ")).toEqual([]);
  });
  it("a custom message keeps its chosen style with the text", () => {
    const styled = selectChoice(cake, [], 5, 51);
    expect(setText(cake, styled, 5, "Happy Birthday")).toEqual([
      { facet_id: 5, choice_id: 51, value: "Happy Birthday" },
    ]);
  });
});

describe("required fields", () => {
  it("names each required visible facet without a selection", () => {
    expect(missingRequired(cake, [])).toEqual({
      1: "The Size field is required",
      5: "The Message field is required",
    });
    expect(missingRequired(cake, [pick(2, 23)])).toMatchObject({
      3: "The Photo Placement field is required",
    });
  });
  it("wants both the style and the text of a required custom message", () => {
    expect(
      missingRequired(cake, [pick(1, 11), { facet_id: 5, choice_id: 51, value: null }]),
    ).toEqual({ 5: "The Message field is required" });
    expect(
      missingRequired(cake, [pick(1, 11), { facet_id: 5, choice_id: 51, value: "Hi" }]),
    ).toEqual({});
  });
});

describe("price and calories (spec §5)", () => {
  it("uses the sale price only when on sale and above zero", () => {
    expect(unitPrice({ srp_amount: 500, sale_srp_amount: 399, on_sale: true })).toBe(399);
    expect(unitPrice({ srp_amount: 500, sale_srp_amount: 0, on_sale: true })).toBe(500);
    expect(unitPrice({ srp_amount: 500, sale_srp_amount: 399, on_sale: false })).toBe(500);
  });
  it("item subtotal = quantity × price plus quantity × each preference's price", () => {
    // 2 × (2499 + 1500 + 100 + 300) = 8798
    expect(itemSubtotal(cake, 2, [pick(1, 12), pick(2, 21), pick(2, 22)])).toBe(8798);
    // 1.25 lb × $4.99 = $6.2375 → 624 cents
    expect(itemSubtotal({ ...cake, srp_amount: 499, facets: [] }, 1.25, [])).toBe(624);
  });
  it("calories are the base plus modifiers, hidden at zero or less", () => {
    expect(itemCalories(cake, [pick(1, 12), pick(2, 21)])).toBe(520);
    expect(itemCalories({ ...cake, calories: 0 }, [])).toBeNull();
    expect(itemCalories({ ...cake, calories: null }, [])).toBeNull();
  });
});

describe("one subtotal for the product page, the API's save and the cart refresh", () => {
  it("is quantity × (unit price + each selection's price), rounded to a cent", () => {
    expect(subtotalOf(2, 2499, [1500, 100, 300])).toBe(8798);
    // 1.25 lb × $4.99 = $6.2375 → 624 cents; 0.75 × 333 = 249.75 → 250
    expect(subtotalOf(1.25, 499, [])).toBe(624);
    expect(subtotalOf(0.75, 333, [])).toBe(250);
    // The rounding is of the whole item, not of each selection.
    expect(subtotalOf(1.5, 101, [1, 1])).toBe(155);
  });
  it("itemSubtotal is subtotalOf at the product's prices", () => {
    const prefs = [pick(1, 12), pick(2, 21), pick(2, 22)];
    expect(itemSubtotal(cake, 2, prefs)).toBe(subtotalOf(2, 2499, [1500, 100, 300]));
    expect(itemSubtotal({ ...cake, on_sale: true, sale_srp_amount: 1999 }, 1, [])).toBe(1999);
  });
});
