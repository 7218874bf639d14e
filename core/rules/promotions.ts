/**
 * Promotion arithmetic (spec §5): order promotions discount the sum of item totals, delivery
 * promotions the delivery-discountable amount; percentages round down to the cent; a discount never
 * exceeds what it applies to, so no total goes below zero.
 */
import { formatMoney } from "./money";

export interface PromotionTerms {
  type: string;
  /** Percent for the percentage types, cents for the amount types. */
  value: number;
}

export interface DiscountBase {
  itemsTotal: number;
  deliveryAmount: number;
}

export const isDeliveryPromotion = (p: PromotionTerms) => p.type.startsWith("delivery-");

export function promotionDiscount(p: PromotionTerms, base: DiscountBase): number {
  const applied = isDeliveryPromotion(p) ? base.deliveryAmount : base.itemsTotal;
  const raw = p.type.endsWith("-percentage") ? Math.floor((applied * p.value) / 100) : p.value;
  return Math.max(0, Math.min(applied, raw));
}

export const PROMO_CODE_REQUIRED = "A valid promotion code is required.";
export const PROMO_NOT_APPLIED = "The promotion code could not be applied to this order";

/** A code whose order minimum the items do not reach; the amount as every price is shown. */
export const promotionMinimumMessage = (minimumCents: number) =>
  `That promotion code needs an order of at least ${formatMoney(minimumCents)}.`;
