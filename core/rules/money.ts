/** Prices are integer cents; shoppers see dollars with a $ and thousands commas. */
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123456 → '$1,234.56'; -250 → '-$2.50'. */
export function formatMoney(cents: number): string {
  // Round first: cents arithmetic on fractional quantities (1.25 lb × 499) can leave a fraction;
  // `|| 0` turns the -0 a rounded -0.4 leaves into 0, never shown as '-$0.00'.
  return dollars.format(Number.isFinite(cents) ? (Math.round(cents) || 0) / 100 : 0);
}

/**
 * A saving taken off a total, as every summary shows it: 100 → '−$1.00', with a minus sign (read
 * aloud as 'minus'), so promotions, club prices and delivery offers read alike.
 */
export const formatSaving = (cents: number): string => `\u2212${formatMoney(Math.abs(cents))}`;

/** The words for a club saving, on the shelf, in the cart and on an order's totals. */
export const CLUB_SAVINGS_LABEL = "Price Plus Club savings";
