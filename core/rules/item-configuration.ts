/**
 * How a shopper configures an item (spec §4 "Choice selection", §5): which facets show, what a
 * selection does, defaults, required fields, and the item's price and calories. One module for the
 * product form (server and browser) and the API, which re-checks every item it is sent.
 */
import { itemTextMaxLength, tooLongMessage } from "./limits";

export interface ChoiceRules {
  id: number;
  value: string;
  default: boolean;
  srp_amount: number;
  calorie_modifier: number;
}

export interface FacetRules {
  id: number;
  name: string;
  type: string;
  required: boolean;
  choice_limit: number | null;
  choices: ChoiceRules[];
}

export interface ProductRules {
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: boolean;
  calories: number | null;
  facets: FacetRules[];
  /** A facet with trigger rows shows only while one of those choices is selected. */
  facet_triggers: readonly { facet_id: number; choice_id: number }[];
}

/** One selection: a choice, a text, or (custom message) a choice with its text. */
export interface Preference {
  facet_id: number;
  choice_id: number | null;
  value: string | null;
}

const requiredMessage = (facetName: string) => `The ${facetName} field is required`;
export const COMPLETE_REQUIRED_FIELDS = "Please complete all required fields";
/** A customer photo past PHOTO_MAX_BYTES (limits.ts): the product form's words and the API's. */
export const PHOTO_TOO_LARGE = "The photo must be 5 MB or smaller.";

const isTextFacet = (f: FacetRules) => f.type === "free-response" || f.type === "custom-message";

/** The price per unit the shopper pays: the sale price when on sale and above zero. */
export function unitPrice(
  p: Pick<ProductRules, "srp_amount" | "sale_srp_amount" | "on_sale">,
): number {
  return p.on_sale && (p.sale_srp_amount ?? 0) > 0 ? p.sale_srp_amount! : p.srp_amount;
}

function choiceOf(product: ProductRules, pref: Preference): ChoiceRules | undefined {
  if (pref.choice_id === null) return undefined;
  return product.facets
    .find((f) => f.id === pref.facet_id)
    ?.choices.find((c) => c.id === pref.choice_id);
}

/** Facets visible for these selections: no trigger, or one of its trigger choices selected. */
export function visibleFacetIds(product: ProductRules, prefs: Preference[]): Set<number> {
  const selected = new Set(prefs.map((p) => p.choice_id).filter((id): id is number => id !== null));
  const triggers = new Map<number, number[]>();
  for (const t of product.facet_triggers)
    triggers.set(t.facet_id, [...(triggers.get(t.facet_id) ?? []), t.choice_id]);
  return new Set(
    product.facets
      .filter((f) => {
        const on = triggers.get(f.id);
        return !on || on.some((choiceId) => selected.has(choiceId));
      })
      .map((f) => f.id),
  );
}

/** Selecting a choice: past the facet's choice_limit the oldest selections of that facet go. */
export function selectChoice(
  product: ProductRules,
  prefs: Preference[],
  facetId: number,
  choiceId: number,
): Preference[] {
  const facet = product.facets.find((f) => f.id === facetId);
  if (!facet || !facet.choices.some((c) => c.id === choiceId)) return prefs;
  const text =
    facet.type === "custom-message"
      ? (prefs.find((p) => p.facet_id === facetId)?.value ?? null)
      : null;
  const others = prefs.filter((p) => !(p.facet_id === facetId && p.choice_id === choiceId));
  const next = [...others, { facet_id: facetId, choice_id: choiceId, value: text }];
  return enforceChoiceLimit(facet, next);
}

function enforceChoiceLimit(facet: FacetRules, prefs: Preference[]): Preference[] {
  const limit = facet.type === "custom-message" ? 1 : facet.choice_limit;
  if (!limit || limit < 1) return prefs;
  const mine = prefs.filter((p) => p.facet_id === facet.id);
  const drop = new Set(mine.slice(0, Math.max(0, mine.length - limit)));
  return prefs.filter((p) => !drop.has(p));
}

export function deselectChoice(
  prefs: Preference[],
  facetId: number,
  choiceId: number,
): Preference[] {
  return prefs.filter((p) => !(p.facet_id === facetId && p.choice_id === choiceId));
}

/**
 * Typing a text: for a free-response facet it replaces the facet's selections, and an empty text
 * removes them; for a custom message it is the message written with the chosen style.
 */
export function setText(
  product: ProductRules,
  prefs: Preference[],
  facetId: number,
  text: string,
): Preference[] {
  const facet = product.facets.find((f) => f.id === facetId);
  if (!facet || !isTextFacet(facet)) return prefs;
  const value = text.trim();
  const others = prefs.filter((p) => p.facet_id !== facetId);
  if (facet.type === "custom-message") {
    const choiceId = prefs.find((p) => p.facet_id === facetId)?.choice_id ?? null;
    if (choiceId === null && !value) return others;
    return [...others, { facet_id: facetId, choice_id: choiceId, value: value || null }];
  }
  return value ? [...others, { facet_id: facetId, choice_id: null, value }] : others;
}

/**
 * Makes a set of selections consistent: unknown facets and choices dropped, hidden facets cleared
 * (which may hide more), choice limits kept, and defaults chosen for visible empty facets.
 */
export function normalizePreferences(
  product: ProductRules,
  input: Preference[],
  withDefaults = true,
): Preference[] {
  let prefs: Preference[] = [];
  for (const pref of input) {
    const facet = product.facets.find((f) => f.id === pref.facet_id);
    if (!facet) continue;
    const value = pref.value?.trim() ? pref.value.trim() : null;
    if (pref.choice_id !== null && !choiceOf(product, pref)) continue;
    if (facet.type === "multi-choice" && pref.choice_id === null) continue;
    if (facet.type === "free-response" && !value) continue;
    if (facet.type === "custom-message" && pref.choice_id === null && !value) continue;
    prefs = enforceChoiceLimit(facet, [
      ...prefs.filter((p) => !(p.facet_id === pref.facet_id && p.choice_id === pref.choice_id)),
      {
        facet_id: pref.facet_id,
        choice_id: pref.choice_id,
        value: facet.type === "multi-choice" ? null : value,
      },
    ]);
  }
  // Clearing a hidden facet can hide the facets it triggered: repeat until nothing changes.
  for (;;) {
    const visible = visibleFacetIds(product, prefs);
    let next = prefs.filter((p) => visible.has(p.facet_id));
    if (withDefaults) {
      for (const facet of product.facets) {
        if (!visible.has(facet.id) || next.some((p) => p.facet_id === facet.id)) continue;
        const defaults = facet.choices.filter((c) => c.default);
        for (const choice of defaults) next = selectChoice(product, next, facet.id, choice.id);
      }
    }
    if (next.length === prefs.length && next.every((p, i) => p === prefs[i])) return next;
    prefs = next;
  }
}

/** Required visible facets without a selection, as `{ facetId: message }`. */
export function missingRequired(
  product: ProductRules,
  prefs: Preference[],
): Record<number, string> {
  const visible = visibleFacetIds(product, prefs);
  const errors: Record<number, string> = {};
  for (const facet of product.facets) {
    if (!facet.required || !visible.has(facet.id)) continue;
    const mine = prefs.filter((p) => p.facet_id === facet.id);
    const complete =
      facet.type === "custom-message"
        ? mine.some((p) => p.value !== null && (facet.choices.length === 0 || p.choice_id !== null))
        : mine.length > 0;
    if (!complete) errors[facet.id] = requiredMessage(facet.name);
  }
  return errors;
}

/** Texts longer than their facet takes (a message on a cake, a name), as `{ facetId: message }`. */
export function textsTooLong(product: ProductRules, prefs: Preference[]): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const pref of prefs) {
    const facet = product.facets.find((f) => f.id === pref.facet_id);
    if (!facet || !isTextFacet(facet) || pref.value === null) continue;
    const max = itemTextMaxLength(facet.type);
    if (pref.value.trim().length > max) errors[facet.id] = tooLongMessage(facet.name, max);
  }
  return errors;
}

/** Price per unit each selection adds (its choice's srp_amount; a text adds nothing). */
export function preferencePrice(product: ProductRules, pref: Preference): number {
  return choiceOf(product, pref)?.srp_amount ?? 0;
}

/**
 * Item subtotal = quantity × (the unit price plus each selection's price), rounded to a cent. The
 * one formula for an item's subtotal: the product page's, the API's when an item is saved, and
 * the cart refresh's (which keeps the prices its selections were saved at).
 */
export const subtotalOf = (quantity: number, price: number, preferencePrices: readonly number[]) =>
  Math.round(quantity * preferencePrices.reduce((perUnit, p) => perUnit + p, price));

/** The subtotal of `quantity` of the product with these selections, at today's prices. */
export function itemSubtotal(product: ProductRules, quantity: number, prefs: Preference[]): number {
  return subtotalOf(
    quantity,
    unitPrice(product),
    prefs.map((p) => preferencePrice(product, p)),
  );
}

/** Calories = the product's plus each chosen modifier; null (hidden) when zero or less. */
export function itemCalories(product: ProductRules, prefs: Preference[]): number | null {
  const total =
    (product.calories ?? 0) +
    prefs.reduce((sum, p) => sum + (choiceOf(product, p)?.calorie_modifier ?? 0), 0);
  return total > 0 ? total : null;
}
