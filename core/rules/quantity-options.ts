/**
 * Which quantities a shopper may order (spec §5, §9). Shared by the product form, the cart and the
 * API, which refuses any other quantity.
 */
import { isSoldByWeight } from "./units";

/** The most of anything one item may carry when the product sets no maximum. */
const DEFAULT_MAXIMUM_QUANTITY = 50;
/** Weighed items stop at 10.5 (the last half-step of spec §9). */
const MAXIMUM_FRACTIONAL_QUANTITY = 10.5;

export interface QuantityRules {
  unit_of_measure: string;
  accepts_fractional_quantities: boolean;
  minimum_quantity: number | null;
  maximum_quantity: number | null;
  remaining_quantity: number | null;
}

/** Quantities are compared to this precision: 1/3 is stored as 0.333333… */
const EPSILON = 1e-6;
export const sameQuantity = (a: number, b: number) => Math.abs(a - b) < EPSILON;

/** 0.25 to 5 by 0.25 plus 1/3 and 2/3, then 5.5 to 10.5 by 0.5. */
function fractionalSteps(): number[] {
  const steps: number[] = [];
  for (let q = 0.25; q <= 5 + EPSILON; q += 0.25) steps.push(Math.round(q * 100) / 100);
  steps.push(1 / 3, 2 / 3);
  for (let q = 5.5; q <= MAXIMUM_FRACTIONAL_QUANTITY + EPSILON; q += 0.5) steps.push(q);
  return steps.sort((a, b) => a - b);
}

export const isFractional = (p: QuantityRules) =>
  p.accepts_fractional_quantities && isSoldByWeight(p.unit_of_measure);

/** Every quantity on offer, smallest first, within minimum, maximum and what remains. */
export function quantityOptions(p: QuantityRules): number[] {
  const fractional = isFractional(p);
  const cap = Math.min(
    p.maximum_quantity ?? (fractional ? MAXIMUM_FRACTIONAL_QUANTITY : DEFAULT_MAXIMUM_QUANTITY),
    p.remaining_quantity ?? Number.POSITIVE_INFINITY,
  );
  const floor = p.minimum_quantity ?? 0;
  const candidates = fractional
    ? fractionalSteps()
    : Array.from(
        { length: Math.floor(Math.max(0, Math.min(cap, DEFAULT_MAXIMUM_QUANTITY))) },
        (_, i) => i + 1,
      );
  return candidates.filter((q) => q >= floor - EPSILON && q <= cap + EPSILON);
}

/** The quantity a fresh form starts at: the minimum, else 1, else the first option. */
export function defaultQuantity(p: QuantityRules): number | null {
  const options = quantityOptions(p);
  const wanted = p.minimum_quantity ?? 1;
  return options.find((q) => sameQuantity(q, wanted)) ?? options[0] ?? null;
}

export type QuantityProblem = "unavailable" | "invalid";

/**
 * Why a quantity cannot be ordered, or null when it can. "unavailable" is more than remains
 * (spec §8: 'That quantity is not available.'); "invalid" is any other quantity not on offer. Their
 * words are apart, in quantity-messages.ts (a page that only shows them loads no quantity rules).
 */
export function quantityProblem(p: QuantityRules, quantity: number): QuantityProblem | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return "invalid";
  if (p.remaining_quantity !== null && quantity > p.remaining_quantity + EPSILON)
    return "unavailable";
  return quantityOptions(p).some((q) => sameQuantity(q, quantity)) ? null : "invalid";
}
