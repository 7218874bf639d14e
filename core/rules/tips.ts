/**
 * The delivery tip (spec §5, §9): presets of 5, 10 and 15 percent plus 'Other' (an amount in
 * dollars); 0 percent by default. A percentage is a share of the order total, rounded to the cent;
 * an amount × 100 is cents; a tip is never negative, and 'Other' that is not a number or is
 * negative counts as 0.
 */
export const TIP_PRESETS = [5, 10, 15] as const;
type TipType = "percentage" | "amount";

export interface TipChoice {
  /** Percent for 'percentage', dollars for 'amount' ('Other'); a string as typed is accepted. */
  tip: number | string;
  tipType: TipType;
}

/** A typed or chosen tip value as a number: not a number, not finite or negative → 0. */
function tipValue(raw: number | string | null | undefined): number {
  const text = typeof raw === "string" ? raw.trim() : raw;
  if (text === "" || text === null || text === undefined) return 0;
  const value =
    typeof text === "number" ? text : /^\d*\.?\d+$|^\d+\.$/.test(text) ? Number(text) : NaN;
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The tip in cents for an order total in cents. */
export function tipCents(choice: TipChoice, orderTotal: number): number {
  const value = tipValue(choice.tip);
  const cents =
    choice.tipType === "percentage"
      ? Math.round((Math.max(0, orderTotal) * value) / 100)
      : Math.round(value * 100);
  return Math.max(0, cents);
}

/** Delivery total = delivery amount + the tip, a negative tip counting as none. */
export const deliveryTotal = (deliveryAmount: number, tip: number) =>
  deliveryAmount + Math.max(0, tip);

/** The delivery form's tip choices: none, the presets (percent), and 'other' (dollars). */
export const TIP_OPTIONS = ["0", "5", "10", "15", "other"] as const;
export type TipOption = (typeof TIP_OPTIONS)[number];

/** The form's tip choice and 'Other' amount as the rules take them; an unknown choice is none. */
export function tipChoiceOf(
  choice: string | null | undefined,
  other: string | null | undefined,
): TipChoice {
  if (choice === "other") return { tip: tipValue(other), tipType: "amount" };
  const preset = TIP_OPTIONS.includes(choice as TipOption) ? Number(choice) : 0;
  return { tip: preset, tipType: "percentage" };
}
