/**
 * Who may check out how (spec §5) and where the shopper goes after choosing a pickup time
 * (spec §4 "Checkout flow after choosing pickup time"). Pure functions of the department's flags,
 * the feature switches and the shopper's state, so the rules are tested without a server.
 */
import type { DeliveryDepartment } from "@core/rules/delivery-allowed";

/**
 * The department flags these rules read (a subset of the API's Department); whether delivery is
 * allowed is core/rules/delivery-allowed.ts, shared with the API.
 */
export interface DepartmentCheckoutRules extends DeliveryDepartment {
  remote_orders_require_online_payment: boolean;
  remote_orders_require_authentication: boolean;
}

/** Guests may check out only where the department needs neither sign-in nor online payment. */
export function guestCheckoutAllowed(department: DepartmentCheckoutRules | null): boolean {
  if (!department) return false;
  return (
    !department.remote_orders_require_authentication &&
    !department.remote_orders_require_online_payment
  );
}

/** Online payment needs the order-system integration and a department with a payment gateway. */
export function onlinePaymentAllowed(
  orderSystem: boolean,
  department: DepartmentCheckoutRules | null,
): boolean {
  return orderSystem && department !== null && department.payment_gateway_enabled;
}

/** Required when allowed and the department asks it of remote orders. */
export function onlinePaymentRequired(
  orderSystem: boolean,
  department: DepartmentCheckoutRules | null,
): boolean {
  return (
    onlinePaymentAllowed(orderSystem, department) &&
    department !== null &&
    department.remote_orders_require_online_payment
  );
}

/** A shopper can pay online when signed in, allowed, and no card authorization has failed. */
export function canPayOnline(input: {
  authenticated: boolean;
  onlinePaymentAllowed: boolean;
  cardAuthorizationFailed: boolean;
}): boolean {
  return input.authenticated && input.onlinePaymentAllowed && !input.cardAuthorizationFailed;
}

export interface AfterPickupTimeInput {
  /** The order is a delivery order (delivery info set). */
  delivery: boolean;
  authenticated: boolean;
  /** The order-system integration (FEATURE_ORDER_SYSTEM). */
  orderSystem: boolean;
  department: DepartmentCheckoutRules | null;
  hasCardAuthorization: boolean;
  cardAuthorizationFailed: boolean;
}

export type CheckoutStep =
  /** Go to a page. */
  | { kind: "page"; to: "/checkout" | "/auth-request" | "/payment-options" }
  /** Sign in first, then continue at `then`. */
  | { kind: "sign-in"; then: "/delivery-info" }
  /** Start the payment gateway's card authorization; if it fails or does not proceed, `fallback`. */
  | { kind: "card-authorization"; fallback: "/payment-options" };

/** Where the shopper goes once a pickup (or delivery) time is saved (spec §4). */
export function nextStepAfterPickupTime(input: AfterPickupTimeInput): CheckoutStep {
  if (input.delivery) return { kind: "sign-in", then: "/delivery-info" };
  if (input.authenticated) {
    if (!onlinePaymentAllowed(input.orderSystem, input.department)) {
      return { kind: "page", to: "/checkout" };
    }
    if (onlinePaymentRequired(input.orderSystem, input.department)) {
      if (input.hasCardAuthorization) return { kind: "page", to: "/checkout" };
      // A start that failed this visit is said on the payment options, with a way to try again.
      if (input.cardAuthorizationFailed) return { kind: "page", to: "/payment-options" };
      return { kind: "card-authorization", fallback: "/payment-options" };
    }
    return { kind: "page", to: input.hasCardAuthorization ? "/checkout" : "/payment-options" };
  }
  // Guests check out directly only without the order-system integration; with it they are asked
  // to sign in first, and /auth-request offers 'Checkout As Guest' where allowed (decision 011).
  if (guestCheckoutAllowed(input.department) && !input.orderSystem) {
    return { kind: "page", to: "/checkout" };
  }
  return { kind: "page", to: "/auth-request" };
}

export interface CheckoutEntryInput {
  /** The order is a delivery order (delivery mode on). */
  delivery: boolean;
  /** Its delivery information is set on the order (/delivery-info was submitted). */
  deliverySet: boolean;
  authenticated: boolean;
  orderSystem: boolean;
  department: DepartmentCheckoutRules | null;
  hasCardAuthorization: boolean;
}

/**
 * Whether /checkout sends the shopper elsewhere first: a delivery order to its delivery
 * information until that is given and the card is authorized (a delivery is paid online; its
 * start is there, spec §4 "Delivery info submit"); a signed-in shopper to payment options where
 * online payment is required and not done (§4 "Payment options entry"). A start that failed
 * changes neither: such an order cannot be placed, and those pages say why and offer another try
 * (or pickup). Who may enter at all is the route guard's (app/.server/route-guard.ts:
 * requiresAuthentication 'unless-guest-checkout').
 */
export function checkoutEntryRedirect(
  input: CheckoutEntryInput,
): "/payment-options" | "/delivery-info" | null {
  if (input.delivery) {
    return input.deliverySet && input.hasCardAuthorization ? null : "/delivery-info";
  }
  if (
    input.authenticated &&
    onlinePaymentRequired(input.orderSystem, input.department) &&
    !input.hasCardAuthorization
  ) {
    return "/payment-options";
  }
  return null;
}

export interface PaymentOptionsEntryInput {
  /** The order is a delivery order (delivery info set). */
  delivery: boolean;
  orderSystem: boolean;
  department: DepartmentCheckoutRules | null;
  hasCardAuthorization: boolean;
}

/**
 * Spec §4 "Payment options entry": where a shopper arriving at /payment-options goes instead, or
 * null to stay. A delivery order pays online through its delivery info; without online payment
 * there is nothing to choose. A start that failed stays here, unlike the spec's entry rule: this
 * page says why (§8's words, 'Pay Online' disabled, 'Pay At Store' offered) and offers another try.
 */
export function paymentOptionsEntryRedirect(
  input: PaymentOptionsEntryInput,
): "/checkout" | "/delivery-info" | null {
  if (input.delivery) return input.hasCardAuthorization ? "/checkout" : "/delivery-info";
  if (!onlinePaymentAllowed(input.orderSystem, input.department)) return "/checkout";
  return null;
}

export interface AddressesEntryInput {
  /** The order is a delivery order (delivery info set). */
  delivery: boolean;
  hasCardAuthorization: boolean;
  /** Online payment is offered to this shopper for this order (canPayOnline). */
  canPayOnline: boolean;
}

/**
 * Spec §2 /addresses "before entry": a delivery order that already has its authorization has
 * nothing left to pay here (/checkout); where online payment is not offered, or a start failed
 * this visit (the spec sends that to /checkout), the payment options say why and what is left.
 */
export function addressesEntryRedirect(
  input: AddressesEntryInput,
): "/checkout" | "/payment-options" | null {
  if (input.delivery && input.hasCardAuthorization) return "/checkout";
  if (!input.canPayOnline) return "/payment-options";
  return null;
}

/** The stages of checking out, as the step line above each page's title counts them. */
export type CheckoutStage = "cart" | "time" | "delivery" | "payment" | "review";

export interface CheckoutStagesInput {
  /** Delivery mode is on. */
  delivery: boolean;
  authenticated: boolean;
  orderSystem: boolean;
  department: DepartmentCheckoutRules | null;
}

/**
 * The stages this order goes through: the cart, the time, then the delivery details (a delivery
 * is paid online from there) or the payment choice (a pickup that can be paid online, by a
 * signed-in shopper or one who must sign in first), then the review. A guest who may check out
 * as a guest is counted without the payment stage; signing in instead adds it.
 */
export function checkoutStages(input: CheckoutStagesInput): CheckoutStage[] {
  const paymentStage =
    onlinePaymentAllowed(input.orderSystem, input.department) &&
    (input.authenticated || !guestCheckoutAllowed(input.department));
  const middle: CheckoutStage[] = input.delivery ? ["delivery"] : paymentStage ? ["payment"] : [];
  return ["cart", "time", ...middle, "review"];
}

/** 'Step 2 of 4': where `stage` stands among `stages`. */
export function stepLine(stage: CheckoutStage, stages: readonly CheckoutStage[]): string {
  const at = stages.indexOf(stage);
  return `Step ${at < 0 ? stages.length : at + 1} of ${stages.length}`;
}
