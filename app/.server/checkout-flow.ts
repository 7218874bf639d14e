/**
 * The checkout's navigation and step line for this shopper and order: the one input of
 * app/lib/checkout-flow.ts `checkoutStep`, read from the session and the order (each checkout
 * page and step asks here where the shopper goes, rather than reading them its own way), and the
 * 'Step 3 of 4' above each checkout page's title.
 */
import {
  checkoutStages,
  checkoutStep,
  stepLine,
  type CheckoutMoment,
  type CheckoutStage,
  type CheckoutStep,
} from "~/lib/checkout-flow";
import { isIncomplete } from "@core/rules/order-status";
import type { Order } from "./api";
import { cardAuthorizationFailed, isApproved } from "./payment-options";
import { orderParts } from "./order-parts";
import { storefrontConfig } from "./config";
import { isDelivery } from "./delivery-mode";
import type { StorefrontSession } from "./session";
import { isAuthenticated } from "./shopper";

/** Where this shopper goes from `at` with this order (`refusal`: the API's code, when refused). */
export function checkoutStepFor(
  session: StorefrontSession,
  order: Order,
  at: CheckoutMoment,
  refusal: string | null = null,
): CheckoutStep {
  return checkoutStep({
    at,
    delivery: isDelivery(order, session),
    deliverySet: Boolean(order.delivery),
    timeChosen: Boolean(order.pickup_at),
    placed: !isIncomplete(order),
    authenticated: isAuthenticated(session),
    orderSystem: storefrontConfig().features.orderSystem,
    department: orderParts(order).department,
    hasCardAuthorization: isApproved(order),
    cardAuthorizationFailed: cardAuthorizationFailed(session),
    refusal,
  });
}

/** The page a step leads to, or null to stay (a step that starts or signs in is not an entry's). */
export function entryPath(step: CheckoutStep): string | null {
  return step.kind === "page" ? step.to : null;
}

/**
 * The step line of a checkout page ('Step 3 of 4') for this shopper and order. Paying is part of
 * a delivery's details stage, so /addresses counts as that stage for a delivery.
 */
export function stepLineFor(
  session: StorefrontSession,
  order: Order,
  stage: Exclude<CheckoutStage, "cart">,
): string {
  const delivery = isDelivery(order, session);
  const stages = checkoutStages({
    delivery,
    authenticated: isAuthenticated(session),
    orderSystem: storefrontConfig().features.orderSystem,
    department: orderParts(order).department,
  });
  return stepLine(delivery && stage === "payment" ? "delivery" : stage, stages);
}
