/**
 * An order's status (spec §3 Order, §4 Order lifecycle). 'incomplete' is the working cart, the
 * only state whose items a shopper changes; any other status counts as submitted. Statuses are
 * compared case-blind, since older orders may carry them capitalized.
 */
export const ORDER_STATUS = {
  incomplete: "incomplete",
  submitted: "submitted",
  cancelled: "cancelled",
  // Set by the store (npm run order:status); each ends the shopper's changes.
  inProgress: "in_progress",
  ready: "ready",
  pickedUp: "picked_up",
  outForDelivery: "out_for_delivery",
  completed: "completed",
} as const;

/** The statuses a store sets once it has the order (`npm run order:status`). */
export const STORE_STATUSES = [
  ORDER_STATUS.submitted,
  ORDER_STATUS.inProgress,
  ORDER_STATUS.ready,
  ORDER_STATUS.pickedUp,
  ORDER_STATUS.outForDelivery,
  ORDER_STATUS.completed,
  ORDER_STATUS.cancelled,
] as const;

export type StoreStatus = (typeof STORE_STATUSES)[number];

/**
 * The store's side of an order's life, one rule (issue 30): what each status may move to. A
 * pickup order is handed over ('picked_up'), a delivery order leaves with the driver
 * ('out_for_delivery'); either then completes. The store may cancel until hand-over.
 */
const STORE_MOVES: Record<StoreStatus, readonly StoreStatus[]> = {
  submitted: [ORDER_STATUS.inProgress, ORDER_STATUS.cancelled],
  in_progress: [ORDER_STATUS.ready, ORDER_STATUS.cancelled],
  ready: [ORDER_STATUS.pickedUp, ORDER_STATUS.outForDelivery, ORDER_STATUS.cancelled],
  picked_up: [ORDER_STATUS.completed],
  out_for_delivery: [ORDER_STATUS.completed],
  completed: [],
  cancelled: [],
};

export const isStoreStatus = (value: string): value is StoreStatus =>
  (STORE_STATUSES as readonly string[]).includes(value);

/**
 * The statuses a store may move an order to now, in the order a page offers them: a delivery
 * order is never 'picked_up' at the counter, a pickup order never 'out_for_delivery'.
 */
export function nextStoreStatuses(
  order: { status: string },
  { delivery }: { delivery: boolean },
): StoreStatus[] {
  const from = normal(order.status);
  if (!isStoreStatus(from)) return [];
  return STORE_MOVES[from].filter((to) =>
    delivery ? to !== ORDER_STATUS.pickedUp : to !== ORDER_STATUS.outForDelivery,
  );
}

/** Whether the store may move the order from its status to `to` (the one transition rule). */
export function canStoreMove(
  order: { status: string },
  to: string,
  facts: { delivery: boolean },
): boolean {
  return (nextStoreStatuses(order, facts) as string[]).includes(normal(to));
}

/** Picking has started (or is done): items are picked, weighed and substituted only then. */
export function isPicking(order: { status: string }): boolean {
  return normal(order.status) === ORDER_STATUS.inProgress;
}

/** The goods have left the store: the amount is final and the card is charged (decision 043). */
export function isHandedOver(order: { status: string }): boolean {
  const s = normal(order.status);
  return (
    s === ORDER_STATUS.pickedUp || s === ORDER_STATUS.outForDelivery || s === ORDER_STATUS.completed
  );
}

const normal = (status: string) => status.toLowerCase();

/** The shopper's working cart: items, pickup time and details can all change. */
export function isIncomplete(order: { status: string }): boolean {
  return normal(order.status) === ORDER_STATUS.incomplete;
}

/** Placed and not yet started by the store. */
export function isSubmitted(order: { status: string }): boolean {
  return normal(order.status) === ORDER_STATUS.submitted;
}

export function isCancelled(order: { status: string }): boolean {
  return normal(order.status) === ORDER_STATUS.cancelled;
}

/**
 * An order placed once and edited since (retracted, spec §4 'Editing past orders'): a cart again,
 * which keeps the number it was placed under and is placed again under it. It is not placed
 * until then, and the shopper is told so.
 */
export function isRetracted(order: { status: string; number: string | null }): boolean {
  return isIncomplete(order) && order.number !== null;
}

export interface PlacedOrderFacts {
  status: string;
  /** ISO instant, or null when none was chosen yet. */
  pickup_at: string | null;
}

/**
 * Whether the shopper may still retract (edit) or cancel an order: the one rule behind the API's
 * `is_editable` and `is_cancelable` and the refusals of retract and cancel. A working cart always
 * may. A submitted order may while the store has not started it (any store-side status ends it)
 * and its pickup is more than `leadMinutes` away: inside the lead time the store is preparing it,
 * whatever its status says yet.
 */
export function isChangeable(order: PlacedOrderFacts, leadMinutes: number, now: Date): boolean {
  if (isIncomplete(order)) return true;
  if (!isSubmitted(order)) return false;
  if (order.pickup_at === null) return true;
  const until = changeableUntil(order, leadMinutes);
  return until !== null && now.getTime() < until;
}

/**
 * The instant a submitted order with a pickup time stops being changeable by the clock alone (its
 * lead time begins); null for an order whose changeability the clock does not move.
 */
export function changeableUntil(order: PlacedOrderFacts, leadMinutes: number): number | null {
  if (!isSubmitted(order) || order.pickup_at === null) return null;
  const pickup = Date.parse(order.pickup_at);
  return Number.isNaN(pickup) ? null : pickup - leadMinutes * 60_000;
}

/** Why a retract or cancel was refused (spec §8), under the storefront's modal titles. */
export const PAST_ORDER_REFUSALS = {
  retract: {
    title: "Order Retraction Failed",
    message:
      "Sorry, you can't edit this order because it's already in progress. Please contact the store directly.",
  },
  cancel: {
    title: "Order Cancelation Failed",
    message:
      "Sorry, you can't cancel this order because it's already in progress. Please contact the store directly.",
  },
} as const;
