/**
 * An order's stored totals (spec §5): the items, less the promotion and the club savings, plus
 * delivery and tip. A delivery promotion discounts the delivery amount (the delivery-discountable
 * subtotal), so it discounts nothing until the order is a delivery order; an order promotion
 * discounts the items. Below its minimum a promotion discounts nothing; no total goes below zero.
 */
import { promotionDiscount, type PromotionTerms } from "./promotions";

export interface TotalsInput {
  /** The sum of the items' subtotals, cents. */
  itemsTotal: number;
  clubSavings: number;
  deliveryAmount: number;
  tipAmount: number;
  promotion?: (PromotionTerms & { minimum_subtotal: number }) | null;
}

export function orderTotals(input: TotalsInput): { discount: number; total: number } {
  const { itemsTotal, clubSavings, promotion } = input;
  const deliveryAmount = Math.max(0, input.deliveryAmount);
  const tipAmount = Math.max(0, input.tipAmount);
  const discount =
    promotion && itemsTotal >= promotion.minimum_subtotal
      ? promotionDiscount(promotion, { itemsTotal, deliveryAmount })
      : 0;
  const total = Math.max(0, itemsTotal + deliveryAmount + tipAmount - discount - clubSavings);
  return { discount, total };
}
