/**
 * The delivery form's side summary (spec §2 /delivery-info, §5): the order total before delivery,
 * the tip, the delivery fee, the delivery promotion and the final total. One function, so the
 * server's page, its 'Update' post and the browser's live figures say the same.
 */
import { orderTotals } from "./order-totals";
import { isDeliveryPromotion, type PromotionTerms } from "./promotions";
import { tipCents, type TipChoice } from "./tips";

export interface DeliverySummaryInput {
  /** The sum of the items' subtotals, cents. */
  itemsTotal: number;
  clubSavings: number;
  /** The delivery fee, cents, before any delivery promotion. */
  deliveryAmount: number;
  promotion: (PromotionTerms & { description: string; minimum_subtotal: number }) | null;
  tip: TipChoice;
}

export interface DeliverySummary {
  /** What the items come to: less an order promotion and club savings, before delivery. */
  orderTotal: number;
  tip: number;
  deliveryFee: number;
  /** The delivery promotion's discount, with its description; null without one. */
  deliveryPromotion: { description: string; discount: number } | null;
  finalTotal: number;
}

export function deliverySummary(input: DeliverySummaryInput): DeliverySummary {
  const { itemsTotal, clubSavings, promotion } = input;
  const deliveryAmount = Math.max(0, input.deliveryAmount);
  const beforeDelivery = orderTotals({
    itemsTotal,
    clubSavings,
    deliveryAmount: 0,
    tipAmount: 0,
    promotion: promotion && !isDeliveryPromotion(promotion) ? promotion : null,
  }).total;
  // A percentage tip is a share of what the items come to (spec §5).
  const tip = tipCents(input.tip, beforeDelivery);
  const withDelivery = orderTotals({
    itemsTotal,
    clubSavings,
    deliveryAmount,
    tipAmount: tip,
    promotion,
  });
  return {
    orderTotal: beforeDelivery,
    tip,
    deliveryFee: deliveryAmount,
    deliveryPromotion:
      promotion && isDeliveryPromotion(promotion)
        ? { description: promotion.description, discount: withDelivery.discount }
        : null,
    finalTotal: withDelivery.total,
  };
}
