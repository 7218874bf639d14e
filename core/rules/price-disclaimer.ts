/**
 * The cart's price disclaimer (spec §2 /cart): estimated prices follow the weekly circular, whose
 * week starts on the brand's `circular_week_start` (0 Sunday … 6 Saturday; Sunday to Saturday for
 * most brands, Friday to Thursday for one); a bag fee may be added; cancellation fees may apply.
 */
import { formatMoney } from "./money";

const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

type Weekday = (typeof WEEKDAYS)[number];

/** The first and last day of the circular week; an out-of-range start wraps (7 is Sunday). */
function circularWeek(weekStart: number): { first: Weekday; last: Weekday } {
  const start = ((Math.trunc(weekStart) % 7) + 7) % 7;
  return { first: WEEKDAYS[start]!, last: WEEKDAYS[(start + 6) % 7]! };
}

export const CANCELLATION_FEES_TEXT = "Cancellation fees may apply.";

export interface PriceDisclaimerInput {
  circularWeekStart: number;
  /** Cents per bag; 0 or less means no bag fee is charged. */
  bagFeeAmount: number;
}

/** The disclaimer's sentences, in the order shown. */
export function priceDisclaimer({
  circularWeekStart,
  bagFeeAmount,
}: PriceDisclaimerInput): string[] {
  const { first, last } = circularWeek(circularWeekStart);
  const sentences = [
    `Prices shown are estimates. Sale prices follow our weekly circular, which runs ${first} to ${last}; items sold by weight are priced when they are weighed.`,
  ];
  if (bagFeeAmount > 0) {
    sentences.push(`A bag fee of ${formatMoney(bagFeeAmount)} per bag may be added to your order.`);
  }
  sentences.push(CANCELLATION_FEES_TEXT);
  return sentences;
}
