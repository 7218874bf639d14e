import { formatMoney } from "@core/rules/money";
import { OrderStatusHistory } from "./OrderStatusHistory";
import type { StatusStepView } from "./status-history";

/**
 * The order's progress on its confirmation (issue 30): where it stands, each status it took once
 * the store started on it, and the final amount once picked beside the estimate.
 */
export function OrderProgressSection({
  status,
  history,
  estimate,
  final,
}: {
  status: string;
  history: StatusStepView[];
  /** The total as placed, and the store's final amount (null until picked), cents. */
  estimate: number;
  final: number | null;
}) {
  return (
    <section className="card checkout-section" aria-labelledby="progress-title">
      <h2 id="progress-title" className="checkout-section__title">
        Order Status
      </h2>
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <strong>{status}</strong>
          </dd>
        </div>
        {final !== null ? (
          <div>
            <dt>Final amount</dt>
            <dd>
              <strong>{formatMoney(final)}</strong>
              <br />
              <span className="facts__muted">Estimated {formatMoney(estimate)} when placed</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {history.length > 1 ? <OrderStatusHistory steps={history} label="Status history" /> : null}
    </section>
  );
}
