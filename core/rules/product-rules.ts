/**
 * A product's configuration rules (core/rules/item-configuration.ts) read from the product: one
 * mapping for the product page (its view of the API's answer) and the API (its own answer), apart
 * from the rules so the pages that only check items (a listing's quick add) do not load it.
 */
import type { ChoiceRules, FacetRules, ProductRules } from "./item-configuration";

/**
 * What a product is read for, to make its rules: the API's product answer and the product page's
 * view both carry these fields (and more, which are left behind).
 */
export interface ProductRulesSource {
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: boolean;
  calories: number | null;
  facet_triggers: readonly { facet_id: number; choice_id: number }[];
  facets: readonly (Omit<FacetRules, "choices"> & { choices: readonly ChoiceRules[] })[];
}

/** The configuration rules of a product: the one mapping, for the product page and the API. */
export function productRules(product: ProductRulesSource): ProductRules {
  return {
    srp_amount: product.srp_amount,
    sale_srp_amount: product.sale_srp_amount,
    on_sale: product.on_sale,
    calories: product.calories,
    facet_triggers: product.facet_triggers,
    facets: product.facets.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      required: f.required,
      choice_limit: f.choice_limit,
      choices: f.choices.map((c) => ({
        id: c.id,
        value: c.value,
        default: c.default,
        srp_amount: c.srp_amount,
        calorie_modifier: c.calorie_modifier,
      })),
    })),
  };
}
