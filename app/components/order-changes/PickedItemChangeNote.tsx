import { formatMoney } from "@core/rules/money";
import type { PickedItemChange } from "./picked-item-change";

/**
 * One line saying what the store did with an item (issue 30): 'Weighed: ordered 1 lb, weighed
 * 1.08 lbs', 'Substituted: A → B' (read out as 'A replaced by B'), 'Unavailable: removed from
 * your order', with the line's final amount when it differs from the estimate.
 */
export function PickedItemChangeNote({
  item,
  className = "",
}: {
  item: {
    /** What the store did; null renders nothing. */
    storeChange: PickedItemChange | null;
    /** The line's amount as ordered, and as picked (null: not picked), cents. */
    subtotal: number;
    finalSubtotal: number | null;
  };
  className?: string;
}) {
  const { storeChange: change, subtotal: estimate, finalSubtotal: final } = item;
  if (!change) return null;
  return (
    <p className={`picked-change picked-change--${change.kind} ${className}`.trim()}>
      <strong className="picked-change__label">{LABELS[change.kind]}:</strong>{" "}
      {change.kind === "unavailable" ? (
        "removed from your order"
      ) : change.kind === "substituted" ? (
        <>
          {change.ordered} <span aria-hidden="true">→</span>
          <span className="visually-hidden">replaced by</span> {change.given}
        </>
      ) : (
        `ordered ${change.ordered}, ${change.kind === "weighed" ? "weighed" : "picked"} ${change.given}`
      )}
      {final !== null && final !== estimate ? (
        <span className="picked-change__amount">
          {" "}
          ({formatMoney(final)}, estimated {formatMoney(estimate)})
        </span>
      ) : null}
    </p>
  );
}

const LABELS: Record<PickedItemChange["kind"], string> = {
  weighed: "Weighed",
  fewer: "Picked",
  substituted: "Substituted",
  unavailable: "Unavailable",
};
