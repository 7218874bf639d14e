import type { StatusStepView } from "./status-history";

/** Each status an order took, oldest first, as an ordered list named for the order. */
export function OrderStatusHistory({ steps, label }: { steps: StatusStepView[]; label: string }) {
  return (
    <ol className="status-history" aria-label={label}>
      {steps.map((step, i) => (
        <li key={i} className="status-history__step">
          <span className="status-history__status">{step.status}</span>
          {step.at ? (
            <>
              , <span className="status-history__at">{step.at}</span>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
