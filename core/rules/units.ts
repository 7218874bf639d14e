/**
 * Quantities and units as shoppers read them: '1 1/4 lbs', '1/3 lb', '2 ribs', '6 ea'.
 * Unit names come from the API (unit_of_measure): pound, dry ounce, each, rib.
 */

/** Units whose quantity is a weight: the item is weighed at the store and priced then. */
const WEIGHED_UNITS = new Set(["pound", "dry ounce"]);

/** Whether an item in this unit is sold by weight (its price is an estimate until weighed). */
export const isSoldByWeight = (unitOfMeasure: string) =>
  WEIGHED_UNITS.has(unitOfMeasure.trim().toLowerCase());

/** Largest denominator shown; 0.333… reads 1/3, 0.1 reads 1/10. */
const MAX_DENOMINATOR = 10;

interface UnitLabels {
  one: string;
  many: string;
}

const UNIT_LABELS: Record<string, UnitLabels> = {
  pound: { one: "lb", many: "lbs" },
  "dry ounce": { one: "dry oz", many: "dry oz" },
  each: { one: "ea", many: "ea" },
  rib: { one: "rib", many: "ribs" },
};

/** The closest fraction n/d with d ≤ 10 to a value in [0, 1); the smallest d wins a tie. */
function closestFraction(fractionalPart: number): { numerator: number; denominator: number } {
  let best = { numerator: 0, denominator: 1, error: fractionalPart };
  for (let denominator = 2; denominator <= MAX_DENOMINATOR; denominator += 1) {
    const numerator = Math.round(fractionalPart * denominator);
    const error = Math.abs(fractionalPart - numerator / denominator);
    if (error < best.error - 1e-9) best = { numerator, denominator, error };
  }
  // Reduce (2/4 is found as 1/2 first, but 4/4 can still appear when rounding up).
  const divisor = gcd(best.numerator, best.denominator);
  return { numerator: best.numerator / divisor, denominator: best.denominator / divisor };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** 1.25 → '1 1/4', 0.3333 → '1/3', 2 → '2', 0.999 → '1'. */
export function formatQuantity(quantity: number): string {
  if (!Number.isFinite(quantity)) return "0";
  const sign = quantity < 0 ? "-" : "";
  const magnitude = Math.abs(quantity);
  const whole = Math.floor(magnitude);
  const { numerator, denominator } = closestFraction(magnitude - whole);
  // A fraction that rounds to a whole one (0.999 → 1/1) carries into the whole number.
  if (numerator === denominator) return `${sign}${whole + 1}`;
  if (numerator === 0) return `${sign}${whole}`;
  const fraction = `${numerator}/${denominator}`;
  return whole === 0 ? `${sign}${fraction}` : `${sign}${whole} ${fraction}`;
}

/** The unit label for a quantity: 'lb' for one pound or less, 'lbs' above; unknown units as given. */
export function formatUnit(unitOfMeasure: string, quantity = 1): string {
  const labels = UNIT_LABELS[unitOfMeasure.trim().toLowerCase()];
  if (!labels) return unitOfMeasure;
  return Math.abs(quantity) > 1 ? labels.many : labels.one;
}

/** 1.5 pound → '1 1/2 lbs'; 1 each → '1 ea'. */
export function formatQuantityWithUnit(quantity: number, unitOfMeasure: string): string {
  return `${formatQuantity(quantity)} ${formatUnit(unitOfMeasure, quantity)}`;
}
