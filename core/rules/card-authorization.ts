/**
 * How much an online payment holds on the shopper's card (spec §4 "Card authorization", decision
 * 021). Items sold by weight are priced when the store weighs them, so the final total can come out
 * above the estimate: the hold is the estimated total plus a margin on the weighed items only.
 */
import { formatMoney } from "./money";
import { isSoldByWeight } from "./units";

/** The margin held on top of the weighed items' estimated subtotal, in percent. */
const WEIGHED_ITEMS_MARGIN_PERCENT = 15;

export interface HeldItem {
  unit_of_measure: string;
  /** The item's estimated subtotal, in cents. */
  subtotal: number;
}

/** The estimated subtotal of the items whose price is settled by weighing, in cents. */
function weighedSubtotal(items: readonly HeldItem[]): number {
  return items.reduce(
    (sum, item) => (isSoldByWeight(item.unit_of_measure) ? sum + Math.max(0, item.subtotal) : sum),
    0,
  );
}

/** The margin for weighed items: 15 % of their subtotal, rounded up to the cent. */
function weighedItemsMargin(items: readonly HeldItem[]): number {
  // Whole cents times a whole percent: exact in integers, so the rounding up is too.
  return Math.ceil((weighedSubtotal(items) * WEIGHED_ITEMS_MARGIN_PERCENT) / 100);
}

/**
 * The amount to authorize, in cents: the order's estimated total (what it will charge, delivery
 * and tip included) plus the weighed items' margin. Never below zero.
 */
export function cardHoldAmount(estimatedTotal: number, items: readonly HeldItem[]): number {
  return Math.max(0, Math.round(estimatedTotal)) + weighedItemsMargin(items);
}

/** Whether an authorized amount still covers an order's estimated total (it may have grown). */
export const holdCovers = (authorizedAmount: number, estimatedTotal: number) =>
  authorizedAmount >= Math.round(estimatedTotal);

/** The shopper-facing sentence that explains the hold, beside the Pay Online choice. */
export function cardHoldMessage(amount: number, items: readonly HeldItem[]): string {
  const held = `We hold up to ${formatMoney(amount)} on your card`;
  return weighedSubtotal(items) > 0
    ? `${held}: items sold by weight are weighed at the store, so the final total may differ. You are charged only for what you take home.`
    : `${held}. You are charged only for what you take home.`;
}

/** Placement's refusal where the department takes remote orders paid online only. */
export const ONLINE_PAYMENT_REQUIRED =
  "This department requires online payment: please pay online before placing your order.";

/** Placement's refusal of a delivery without an approved hold: its fee and tip are paid online. */
export const DELIVERY_PAID_ONLINE =
  "A delivery is paid online: please authorize your card before placing your order.";

/** An approved hold that no longer covers the order (the cart grew after it): authorize again. */
export const AUTHORIZATION_TOO_SMALL =
  "Your order total has changed since your card was authorized: please authorize your card again.";
