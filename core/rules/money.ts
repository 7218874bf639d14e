/** Prices are integer cents; shoppers see dollars with a $ and thousands commas. */
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123456 → '$1,234.56'; -250 → '-$2.50'. */
export function formatMoney(cents: number): string {
  if (!Number.isFinite(cents)) return dollars.format(0);
  // Round first: cents arithmetic on fractional quantities (1.25 lb × 499) can leave a fraction.
  return dollars.format(Math.round(cents) / 100);
}
