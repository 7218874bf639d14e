import { describe, expect, it } from "vitest";
import { itemSubtotal, missingRequired, type ProductRules } from "@core/rules/item-configuration";
import { productRules } from "@core/rules/product-rules";

// A cake with a required size and an optional message shown only with 'Add a Message'.
const rules: ProductRules = {
  srp_amount: 2499,
  sale_srp_amount: 1999,
  on_sale: true,
  calories: 300,
  facets: [
    {
      id: 1,
      name: "Size",
      type: "multi-choice",
      required: true,
      choice_limit: 1,
      choices: [
        { id: 11, value: "Quarter Sheet", default: false, srp_amount: 0, calorie_modifier: 0 },
        { id: 12, value: "Half Sheet", default: false, srp_amount: 1500, calorie_modifier: 200 },
        { id: 13, value: "Add a Message", default: false, srp_amount: 0, calorie_modifier: 0 },
      ],
    },
    {
      id: 2,
      name: "Message",
      type: "custom-message",
      required: true,
      choice_limit: 1,
      choices: [{ id: 21, value: "Blue Icing", default: true, srp_amount: 0, calorie_modifier: 0 }],
    },
  ],
  facet_triggers: [{ facet_id: 2, choice_id: 13 }],
};

// The same product as an answer carries it: with what the page shows and the rules do not read.
const answer = {
  ...rules,
  id: 7,
  name: "Celebration Cake",
  description: "<p>Left behind</p>",
  favorite: true,
  facets: rules.facets.map((f) => ({
    ...f,
    description: "Left behind",
    weight: 1,
    choices: f.choices.map((c) => ({
      ...c,
      thumbnail_image_url: "/left-behind.svg",
      color: "#00f",
    })),
  })),
};

describe("productRules: one mapping of a product to its configuration rules", () => {
  it("keeps the prices, calories, facets, choices and triggers, and nothing else", () => {
    expect(productRules(answer)).toStrictEqual(rules);
  });
  it("the rules it makes price and check items as the product's own would", () => {
    const made = productRules(answer);
    const half = [{ facet_id: 1, choice_id: 12, value: null }];
    expect(itemSubtotal(made, 2, half)).toBe(2 * (1999 + 1500));
    expect(missingRequired(made, [])).toEqual({ 1: "The Size field is required" });
  });
});
