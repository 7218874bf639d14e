/**
 * The one input of the checkout's navigation (app/lib/checkout-flow.ts `checkoutStep`), read
 * from the shopper's session and their order: each checkout page and step asks here where the
 * shopper goes, rather than reading the order and session its own way.
 */
import { checkoutStep, type CheckoutMoment, type CheckoutStep } from "~/lib/checkout-flow";
import { isIncomplete } from "@core/rules/order-status";
import type { Order } from "./api";
import { cardAuthorizationFailed, isApproved } from "./card-payment";
import { orderParts } from "./checkout";
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
