/**
 * What the store does when an item is unavailable (issue 16): each item carries a choice, read
 * together with the order-wide 'Please substitute unavailable items'. One rule for the API, which
 * stores and answers it, and the storefront, which offers and shows it.
 */

export const SUBSTITUTION_CHOICES = ["best_match", "none", "product"] as const;
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];

/** How many similar products are offered for 'Substitute with…' at most. */
export const MAX_SUBSTITUTES = 5;

/** The choice an item takes when none was made: the store's best match while allowed. */
export const DEFAULT_SUBSTITUTION: SubstitutionChoice = "best_match";

export const SUBSTITUTION_LABELS: Record<SubstitutionChoice, string> = {
  best_match: "Best match",
  none: "Don't substitute",
  product: "Substitute with…",
};

/** What every item line says before the choice. */
export const UNAVAILABLE_LABEL = "If unavailable:";

export const SUBSTITUTIONS_OFF =
  "Substitutions are off for this order, so no item will be substituted. Tick 'Please substitute unavailable items' to choose per item.";
export const SUBSTITUTIONS_OFF_REFUSAL =
  "Substitutions are off for this order: only 'Don't substitute' can be chosen.";
export const SUBSTITUTE_NOT_OFFERED = "Choose one of the similar products offered for this item.";
export const SUBSTITUTE_REQUIRED = "Choose the product to substitute with.";

export interface StoredSubstitution {
  substitution: string | null;
  substitute_product_id: number | null;
}

export interface Substitution {
  substitution: SubstitutionChoice;
  /** Only with 'product'; null otherwise. */
  substitute_product_id: number | null;
}

export const isSubstitutionChoice = (value: unknown): value is SubstitutionChoice =>
  typeof value === "string" && (SUBSTITUTION_CHOICES as readonly string[]).includes(value);

/**
 * The choice in force for an item: 'none' for every item while the order does not allow
 * substitutions (the stored choice is kept for when it does again); the default when nothing
 * (or nothing readable) was chosen; 'product' only with its product.
 */
export function effectiveSubstitution(
  substitutionsAllowed: boolean,
  stored: StoredSubstitution,
): Substitution {
  if (!substitutionsAllowed) return { substitution: "none", substitute_product_id: null };
  const choice = isSubstitutionChoice(stored.substitution)
    ? stored.substitution
    : DEFAULT_SUBSTITUTION;
  if (choice === "product") {
    return stored.substitute_product_id === null
      ? { substitution: DEFAULT_SUBSTITUTION, substitute_product_id: null }
      : { substitution: "product", substitute_product_id: stored.substitute_product_id };
  }
  return { substitution: choice, substitute_product_id: null };
}

/** The choices a shopper may make for an item: only 'none' while substitutions are off. */
export function allowedSubstitutions(substitutionsAllowed: boolean): readonly SubstitutionChoice[] {
  return substitutionsAllowed ? SUBSTITUTION_CHOICES : ["none"];
}

/**
 * Why a choice cannot be saved for an item, or null. `offered` are the similar products the
 * item may be substituted with (same category, available, not the item's own product).
 */
export function substitutionProblem(
  substitutionsAllowed: boolean,
  choice: Substitution,
  offered: readonly number[],
): { field: "substitution" | "substitute_product_id"; message: string } | null {
  if (!allowedSubstitutions(substitutionsAllowed).includes(choice.substitution))
    return { field: "substitution", message: SUBSTITUTIONS_OFF_REFUSAL };
  if (choice.substitution !== "product") return null;
  if (choice.substitute_product_id === null)
    return { field: "substitute_product_id", message: SUBSTITUTE_REQUIRED };
  if (!offered.includes(choice.substitute_product_id))
    return { field: "substitute_product_id", message: SUBSTITUTE_NOT_OFFERED };
  return null;
}

/** 'Best match', "Don't substitute" or 'Substitute with {name}', as the item lines show it. */
export function substitutionText(choice: SubstitutionChoice, substituteName: string | null) {
  if (choice === "product") return `Substitute with ${substituteName ?? "a chosen product"}`;
  return SUBSTITUTION_LABELS[choice];
}
