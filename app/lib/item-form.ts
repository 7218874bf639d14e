/**
 * The product form (spec §4 "Add to cart", "Choice selection", "Facet groups"; §5): how the posted
 * form turns into an item's preferences and back, and how the API's refusals read to the shopper
 * (§8). The checks made before the API is called are one zod schema, item-form-schema.ts. The configuration rules themselves (visibility,
 * limits, defaults, required facets) come from item-configuration.ts; this module only speaks form.
 *
 * Field names:
 * - `quantity`: one of the quantity options, as its number (`1.25`, `0.3333333333333333`);
 * - `choice.{facetId}`: a choice id (a radio for choice_limit 1, else one checkbox per choice);
 * - `text.{facetId}`: the text of a free-response or custom-message facet;
 * - `notes`: special instructions; `photo` and `photo_consent`: the customer photo and its
 *   disclaimer; `item`: the cart item being edited.
 */
import {
  COMPLETE_REQUIRED_FIELDS,
  missingRequired,
  PHOTO_TOO_LARGE,
  normalizePreferences,
  visibleFacetIds,
  type FacetRules,
  type Preference,
  type ProductRules,
} from "@core/rules/item-configuration";
import { ITEM_NOTES_TOO_LONG } from "@core/rules/limits";
import { QUANTITY_UNAVAILABLE, QUANTITY_NOT_OFFERED } from "@core/rules/quantity-messages";
import {
  defaultQuantity,
  quantityOptions,
  sameQuantity,
  type QuantityRules,
} from "@core/rules/quantity-options";

export const FIELD = {
  quantity: "quantity",
  notes: "notes",
  photo: "photo",
  photoConsent: "photo_consent",
  item: "item",
  /** Present only when the page's scripts sent the form (they show the 'Item Added' notice). */
  enhanced: "enhanced",
  /** `preview`: the shopper confirms a message without scripts; the form comes back with it. */
  intent: "intent",
  /** The catalog spread the product page was opened from: the page after an add keeps it. */
  from: "from",
} as const;

export const PREVIEW_INTENT = "preview";

export const choiceField = (facetId: number) => `choice.${facetId}`;
export const textField = (facetId: number) => `text.${facetId}`;
/** Errors are keyed like the API's: `preferences.{facetId}`, `quantity`, `notes`, plus `photo`. */
export const facetErrorKey = (facetId: number) => `preferences.${facetId}`;

export const MESSAGES = {
  completeRequired: COMPLETE_REQUIRED_FIELDS,
  correctFields: "Please correct the fields marked below.",
  chooseQuantity: "Choose a quantity.",
  quantityNotOffered: QUANTITY_NOT_OFFERED,
  quantityNotAvailable: QUANTITY_UNAVAILABLE,
  notesTooLong: ITEM_NOTES_TOO_LONG,
  photoConsent: "Please accept the photo disclaimer before adding a photo.",
  photoTooLarge: PHOTO_TOO_LARGE,
  // Spec §8, add to cart.
  notInDepartment: "The product cannot be added to the current department.",
  apiIncomplete: "Please complete all required fields.",
  unexpected: "An unexpected error occurred. Please try again later.",
} as const;

export const tooManyChoicesMessage = (name: string, limit: number) =>
  `The ${name} field allows at most ${limit} ${limit === 1 ? "choice" : "choices"}`;

/** What the form shows: enough to render it again exactly as the shopper left it. */
export interface ItemFormState {
  /** The quantity as the select sends it. */
  quantity: string;
  /** Choices and texts, in the order they were made. */
  preferences: Preference[];
  /** Texts as typed (untrimmed), by facet id: the inputs show these. */
  texts: Record<string, string>;
  notes: string;
  photoConsent: boolean;
}

export type FieldErrors = Record<string, string>;

export interface ItemFormProblem {
  /** The form's message, shown at the top of the error summary. */
  message: string;
  errors: FieldErrors;
}

/** conform's errors as the form's problem: the title (key '') and the first message per field. */
export function itemFormProblem(
  error: Record<string, string[] | null> | null | undefined,
): ItemFormProblem {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(error ?? {}))
    if (key !== "" && messages?.[0]) errors[key] = messages[0];
  return { message: error?.[""]?.[0] ?? MESSAGES.correctFields, errors };
}

/** The item to send to the API. */
export interface CheckedItem {
  quantity: number;
  preferences: Preference[];
  notes: string | null;
}

export const isTextFacet = (facet: Pick<FacetRules, "type">) =>
  facet.type === "free-response" || facet.type === "custom-message";

/** The option value for a quantity. */
export const quantityValue = (quantity: number) => String(quantity);

/**
 * The preferences plus the defaults of facets hidden by them. Without scripts every facet is on
 * the page, so one that shows only after a choice ('Photo Placement') starts at its defaults too,
 * as it would when it appears; the rules clear it again if it stays hidden.
 */
function withHiddenDefaults(product: ProductRules, preferences: Preference[]): Preference[] {
  const visible = visibleFacetIds(product, preferences);
  const everyDefault = normalizePreferences({ ...product, facet_triggers: [] }, [], true);
  const hidden = everyDefault.filter(
    (p) => !visible.has(p.facet_id) && !preferences.some((q) => q.facet_id === p.facet_id),
  );
  return hidden.length ? [...preferences, ...hidden] : preferences;
}

/** A fresh form: the default quantity and every facet's defaults. */
export function initialItemState(product: ProductRules, quantity: QuantityRules): ItemFormState {
  const q = defaultQuantity(quantity);
  return {
    quantity: q === null ? "" : quantityValue(q),
    preferences: withHiddenDefaults(product, normalizePreferences(product, [], true)),
    texts: {},
    notes: "",
    photoConsent: false,
  };
}

/** A cart item loaded into the form for editing (`?item=`). */
export function itemFormStateFromItem(
  item: {
    quantity: number;
    notes: string | null;
    preferences: { facet_id: number; choice_id: number | null; value: string | null }[];
  },
  product: ProductRules,
  quantity: QuantityRules,
): ItemFormState {
  const saved = item.preferences.map((p) => ({
    facet_id: p.facet_id,
    choice_id: p.choice_id,
    value: p.value,
  }));
  const preferences = withHiddenDefaults(product, saved);
  const texts: Record<string, string> = {};
  for (const pref of saved) {
    const facet = product.facets.find((f) => f.id === pref.facet_id);
    if (facet && isTextFacet(facet) && pref.value) texts[facet.id] = pref.value;
  }
  const option = quantityOptions(quantity).find((q) => sameQuantity(q, item.quantity));
  return {
    quantity: quantityValue(option ?? item.quantity),
    preferences,
    texts,
    notes: item.notes ?? "",
    photoConsent: false,
  };
}

/**
 * After a change in the browser: selections of facets that are now hidden are cleared, and a
 * facet that has just appeared gets its defaults (a facet the shopper emptied stays empty).
 */
export function settlePreferences(
  product: ProductRules,
  previous: Preference[],
  next: Preference[],
): Preference[] {
  const wasVisible = visibleFacetIds(product, previous);
  const cleared = normalizePreferences(product, next, false);
  const withDefaults = normalizePreferences(product, cleared, true);
  const appeared = new Set(
    [...visibleFacetIds(product, withDefaults)].filter((id) => !wasVisible.has(id)),
  );
  const added = withDefaults.filter(
    (p) => appeared.has(p.facet_id) && !cleared.some((q) => q.facet_id === p.facet_id),
  );
  return added.length ? [...cleared, ...added] : cleared;
}

/** The preferences to send: consistent per the rules, and a message style without a message dropped. */
export function itemPreferences(product: ProductRules, preferences: Preference[]): Preference[] {
  const normalized = normalizePreferences(product, preferences, false);
  return normalized.filter((p) => {
    const facet = product.facets.find((f) => f.id === p.facet_id);
    // A writing colour says nothing without a message to write.
    return !(facet?.type === "custom-message" && p.value === null);
  });
}

/** A photo the API refused: its own words next to the field. */
export function photoUploadProblem(
  status: number,
  errors: Record<string, string[]> = {},
): ItemFormProblem {
  const said = status === 422 ? errors.image?.[0] : undefined;
  return said
    ? { message: said, errors: { [FIELD.photo]: said } }
    : { message: MESSAGES.unexpected, errors: {} };
}

/** Spec §9: a previewed message is written at a font size from 11 to 28 px, the largest that fits. */
export const MESSAGE_FONT_SIZE = { min: 11, max: 28 } as const;

/**
 * Spec §5: a custom message previews only with a chosen choice (its writing colour) and text that
 * is not blank. Answers what to write and in which colour, or null.
 */
export function messagePreview(
  facet: { id: number; type: string; choices: { id: number; color: string }[] },
  preferences: Preference[],
  text: string,
): { text: string; color: string } | null {
  if (facet.type !== "custom-message" || text.trim() === "") return null;
  const chosen = preferences.find((p) => p.facet_id === facet.id && p.choice_id !== null);
  const choice = facet.choices.find((c) => c.id === chosen?.choice_id);
  return choice ? { text, color: choice.color } : null;
}

// --- Steps ------------------------------------------------------------------------------------

export interface FacetStep {
  key: string;
  title: string;
  facetIds: number[];
}

interface StepFacet {
  id: number;
  name: string;
  weight: number;
}

/**
 * The accordion's steps: the product's facet groups by weight, then each facet outside any group
 * as a step of its own, by weight.
 */
export function facetSteps(
  facets: StepFacet[],
  groups: { id: number; name: string; weight: number; facet_ids: number[] }[],
): FacetStep[] {
  const byId = new Map(facets.map((f) => [f.id, f]));
  const byWeight = (a: { weight: number; id: number }, b: { weight: number; id: number }) =>
    a.weight - b.weight || a.id - b.id;
  const grouped = new Set<number>();
  const steps: FacetStep[] = [];
  for (const group of [...groups].sort(byWeight)) {
    const members = group.facet_ids
      .map((id) => byId.get(id))
      .filter((f): f is StepFacet => f !== undefined && !grouped.has(f.id))
      .sort(byWeight);
    if (members.length === 0) continue;
    for (const f of members) grouped.add(f.id);
    steps.push({ key: `group-${group.id}`, title: group.name, facetIds: members.map((f) => f.id) });
  }
  for (const facet of [...facets].sort(byWeight)) {
    if (!grouped.has(facet.id))
      steps.push({ key: `facet-${facet.id}`, title: facet.name, facetIds: [facet.id] });
  }
  return steps;
}

/** A step is complete when none of its visible required facets is left without a selection. */
export function stepComplete(
  product: ProductRules,
  preferences: Preference[],
  facetIds: number[],
): boolean {
  const settled = itemPreferences(product, preferences);
  const missing = missingRequired(product, settled);
  return facetIds.every((id) => !missing[id]);
}

/** What a step's heading says beside its title: 'Complete', 'Required', or nothing. */
export type StepStatus = "complete" | "required" | null;

/**
 * The step's status as the shopper reads it. Complete (spec §4: its visible required facets all
 * have a selection) is said only once the shopper has made those choices: chosen in each required
 * facet, or pressed Next on what was preselected. Defaults alone are not the shopper's choice, and
 * a step with nothing required is not complete before the shopper has been through it.
 */
export function stepStatus(
  product: ProductRules,
  preferences: Preference[],
  facetIds: number[],
  made: { confirmed: boolean; chosen: ReadonlySet<number> },
): StepStatus {
  const requiredIds = facetIds.filter((id) => product.facets.find((f) => f.id === id)?.required);
  const fallback = requiredIds.length > 0 ? "required" : null;
  if (!stepComplete(product, preferences, facetIds)) return fallback;
  if (made.confirmed) return "complete";
  return requiredIds.length > 0 && requiredIds.every((id) => made.chosen.has(id))
    ? "complete"
    : fallback;
}

/**
 * Preferences in the builder's order (the steps, then each facet's choices), not the order the
 * shopper clicked them in: the summary reads like the form.
 */
export function inStepOrder<P extends Pick<Preference, "facet_id" | "choice_id">>(
  steps: Pick<FacetStep, "facetIds">[],
  facets: { id: number; choices: { id: number }[] }[],
  preferences: P[],
): P[] {
  const facetOrder = steps.flatMap((s) => s.facetIds);
  const at = (id: number) => {
    const i = facetOrder.indexOf(id);
    return i === -1 ? facetOrder.length : i;
  };
  const choiceAt = (p: P) => {
    const choices = facets.find((f) => f.id === p.facet_id)?.choices ?? [];
    const i = choices.findIndex((c) => c.id === p.choice_id);
    return i === -1 ? choices.length : i;
  };
  return [...preferences].sort(
    (a, b) => at(a.facet_id) - at(b.facet_id) || choiceAt(a) - choiceAt(b),
  );
}
