import { CLUB_SAVINGS_LABEL, formatMoney, formatSaving } from "@core/rules/money";

export interface TotalsView {
  subtotal: number;
  discount: number;
  /** Price Plus Club savings in cents, already taken off `total` by the API; 0 shows no line. */
  clubSavings: number;
  /** A delivery order's fee and the driver's tip, cents (0 for pickup: no line). */
  deliveryAmount?: number;
  tipAmount?: number;
  total: number;
  promotion: { code: string; description: string } | null;
}

/**
 * Subtotal, promotion discount, Price Plus Club savings and total (an estimate until the order is
 * weighed and picked).
 */
export function OrderTotals({
  totals,
  title = "Estimated Total",
}: {
  totals: TotalsView;
  title?: string;
}) {
  return (
    <dl className="totals" aria-label={title}>
      <div className="totals__row">
        <dt>Subtotal</dt>
        <dd>{formatMoney(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 || totals.promotion ? (
        <div className="totals__row totals__row--discount">
          <dt>Promotion{totals.promotion ? ` (${totals.promotion.code})` : ""}</dt>
          <dd>{formatSaving(totals.discount)}</dd>
        </div>
      ) : null}
      {totals.clubSavings > 0 ? (
        <div className="totals__row totals__row--discount">
          <dt>{CLUB_SAVINGS_LABEL}</dt>
          <dd>{formatSaving(totals.clubSavings)}</dd>
        </div>
      ) : null}
      {totals.deliveryAmount ? (
        <div className="totals__row">
          <dt>Delivery Fee</dt>
          <dd>{formatMoney(totals.deliveryAmount)}</dd>
        </div>
      ) : null}
      {totals.tipAmount ? (
        <div className="totals__row">
          <dt>Tip</dt>
          <dd>{formatMoney(totals.tipAmount)}</dd>
        </div>
      ) : null}
      <div className="totals__row totals__row--total">
        <dt>{title}</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}
