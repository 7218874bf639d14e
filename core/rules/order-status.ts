/**
 * An order's status (spec §3 Order, §4 Order lifecycle). 'incomplete' is the working cart, the
 * only state whose items a shopper changes; any other status counts as submitted. Statuses are
 * compared case-blind, since older orders may carry them capitalized.
 */
export const ORDER_STATUS = {
  incomplete: "incomplete",
  submitted: "submitted",
  cancelled: "cancelled",
} as const;

const normal = (status: string) => status.toLowerCase();

/** The shopper's working cart: items, pickup time and details can all change. */
export function isIncomplete(order: { status: string }): boolean {
  return normal(order.status) === ORDER_STATUS.incomplete;
}

/** Placed and not yet picked up: may still be edited again or cancelled (past orders). */
export function isSubmitted(order: { status: string }): boolean {
  return normal(order.status) === ORDER_STATUS.submitted;
}

/** The API's `is_editable` / `is_cancelable`: before the store starts on it. */
export function isEditable(order: { status: string }): boolean {
  return isIncomplete(order) || isSubmitted(order);
}
