import { formatMoney } from "@core/rules/money";

export interface TotalsView {
  subtotal: number;
  discount: number;
  total: number;
  promotion: { code: string; description: string } | null;
}

/** Subtotal, promotion discount and total (an estimate until the order is weighed and picked). */
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
          <dd>-{formatMoney(totals.discount)}</dd>
        </div>
      ) : null}
      <div className="totals__row totals__row--total">
        <dt>{title}</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}
