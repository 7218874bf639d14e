/**
 * Who may check out how (spec §5) and the checkout's navigation (spec §4): `checkoutStep` decides,
 * from one input, where a shopper arriving at a checkout page or finishing one of its steps goes,
 * or that they stay. Pure functions of the department's flags, the feature switches and the
 * shopper's state, so the rules are tested without a server.
 */
import type { ApiErrorCode } from "@core/contract/errors";
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

/** The storefront's checkout pages a step can lead to. */
export type CheckoutPath =
  | "/fulfillment-time"
  | "/auth-request"
  | "/payment-options"
  | "/addresses"
  | "/delivery-info"
  | "/checkout"
  | "/confirmation";

/**
 * Where the shopper stands when the way on is decided: arriving at (or posting to) one of the
 * checkout's pages, or just after one of its steps was done.
 */
export type CheckoutMoment =
  /** A pickup (or delivery) time was saved on /fulfillment-time (spec §4). */
  | "time-saved"
  /** A delivery order's information was saved on /delivery-info (spec §4 "Delivery info submit"). */
  | "delivery-saved"
  /** The page is asked for, or posted to. */
  | "/checkout"
  | "/payment-options"
  | "/addresses"
  /** Place Order was refused by the API with `refusal` (its error code). */
  | "placement-refused";

/** The one input of `checkoutStep`: where the shopper is, and what the order and they are. */
export interface CheckoutInput {
  at: CheckoutMoment;
  /** Delivery mode is on for the order (app/.server/delivery-mode.ts `isDelivery`). */
  delivery: boolean;
  /** Its delivery information is set on the order (/delivery-info was submitted). */
  deliverySet: boolean;
  /** A pickup (or delivery) time is set on the order. */
  timeChosen: boolean;
  /** The order was placed already. */
  placed: boolean;
  authenticated: boolean;
  /** The order-system integration (FEATURE_ORDER_SYSTEM). */
  orderSystem: boolean;
  department: DepartmentCheckoutRules | null;
  /** An approved card hold that still covers the order. */
  hasCardAuthorization: boolean;
  /** A card authorization start failed this visit (spec §4). */
  cardAuthorizationFailed: boolean;
  /** The API's error code, at 'placement-refused'. */
  refusal?: string | null;
}

export type CheckoutStep =
  /** Stay: show the page, or answer the post where it is. */
  | { kind: "stay" }
  /** Go to a page. */
  | { kind: "page"; to: CheckoutPath }
  /** Sign in first, then continue at `then`. */
  | { kind: "sign-in"; then: "/delivery-info" }
  /** Start the payment gateway's card authorization; if it fails or does not proceed, `fallback`. */
  | { kind: "card-authorization"; fallback: "/payment-options" | "/delivery-info" };

/**
 * The API's placement refusals that a new card authorization mends (back to the payment choice).
 * Written as the codes, type-checked against the contract: its values would bring zod to the
 * browser (the route guard's rules reach it through app/lib/route-meta.ts).
 */
const PAYMENT_REFUSALS: ReadonlySet<string> = new Set<ApiErrorCode>([
  "online_payment_required",
  "card_authorization_insufficient",
  "card_authorization_changed",
]);

const STAY: CheckoutStep = { kind: "stay" };
const page = (to: CheckoutPath): CheckoutStep => ({ kind: "page", to });

/**
 * Where the shopper goes next in checking out, or whether they stay: the one decision of the
 * checkout's navigation (spec §4), over one input. Who may enter a page at all is the route
 * guard's (app/lib/route-meta.ts), applied before this.
 */
export function checkoutStep(input: CheckoutInput): CheckoutStep {
  switch (input.at) {
    case "time-saved":
      return afterTimeSaved(input);
    case "delivery-saved":
      // A delivery is paid online from its information; an approved hold has nothing left to pay.
      return input.hasCardAuthorization
        ? page("/checkout")
        : { kind: "card-authorization", fallback: "/delivery-info" };
    case "/checkout":
      return checkoutEntry(input);
    case "/payment-options":
      return paymentOptionsEntry(input);
    case "/addresses":
      return addressesEntry(input);
    case "placement-refused":
      // The department takes payment online and the card's hold is missing, refused or no longer
      // covers the order (its items changed): back to the payment choice, told why.
      return PAYMENT_REFUSALS.has(input.refusal ?? "") ? page("/payment-options") : STAY;
  }
}

/** Spec §4 "Checkout flow after choosing pickup time". */
function afterTimeSaved(input: CheckoutInput): CheckoutStep {
  if (input.delivery) {
    // Its delivery information next, signing in first; one whose delivery and card are done
    // already (a time changed from the checkout) goes back to the checkout.
    if (!input.authenticated) return { kind: "sign-in", then: "/delivery-info" };
    return page(input.deliverySet && input.hasCardAuthorization ? "/checkout" : "/delivery-info");
  }
  if (input.authenticated) {
    if (!onlinePaymentAllowed(input.orderSystem, input.department)) return page("/checkout");
    if (onlinePaymentRequired(input.orderSystem, input.department)) {
      if (input.hasCardAuthorization) return page("/checkout");
      // A start that failed this visit is said on the payment options, with a way to try again.
      if (input.cardAuthorizationFailed) return page("/payment-options");
      return { kind: "card-authorization", fallback: "/payment-options" };
    }
    return page(input.hasCardAuthorization ? "/checkout" : "/payment-options");
  }
  // Guests check out directly only without the order-system integration; with it they are asked
  // to sign in first, and /auth-request offers 'Checkout As Guest' where allowed (decision 011).
  if (guestCheckoutAllowed(input.department) && !input.orderSystem) return page("/checkout");
  return page("/auth-request");
}

/**
 * /checkout: a placed order shows its confirmation; without a time the shopper chooses one
 * first; a delivery order goes to its delivery information until that is given and the card is
 * authorized (a delivery is paid online; its start is there, spec §4 "Delivery info submit"); a
 * signed-in shopper to payment options where online payment is required and not done (§4
 * "Payment options entry"). A start that failed changes neither: such an order cannot be placed,
 * and those pages say why and offer another try (or pickup).
 */
function checkoutEntry(input: CheckoutInput): CheckoutStep {
  if (input.placed) return page("/confirmation");
  if (!input.timeChosen) return page("/fulfillment-time");
  if (input.delivery) {
    return input.deliverySet && input.hasCardAuthorization ? STAY : page("/delivery-info");
  }
  if (
    input.authenticated &&
    onlinePaymentRequired(input.orderSystem, input.department) &&
    !input.hasCardAuthorization
  ) {
    return page("/payment-options");
  }
  return STAY;
}

/**
 * Spec §4 "Payment options entry". A delivery order pays online through its delivery info;
 * without online payment there is nothing to choose. A start that failed stays here, unlike the
 * spec's entry rule: this page says why (§8's words, 'Pay Online' disabled, 'Pay At Store'
 * offered) and offers another try.
 */
function paymentOptionsEntry(input: CheckoutInput): CheckoutStep {
  if (input.delivery) return page(input.hasCardAuthorization ? "/checkout" : "/delivery-info");
  if (!onlinePaymentAllowed(input.orderSystem, input.department)) return page("/checkout");
  return STAY;
}

/**
 * Spec §2 /addresses "before entry": a delivery order that already has its authorization has
 * nothing left to pay here (/checkout); where online payment is not offered, or a start failed
 * this visit (the spec sends that to /checkout), the payment options say why and what is left.
 */
function addressesEntry(input: CheckoutInput): CheckoutStep {
  if (input.delivery && input.hasCardAuthorization) return page("/checkout");
  const payOnline = canPayOnline({
    authenticated: input.authenticated,
    onlinePaymentAllowed: onlinePaymentAllowed(input.orderSystem, input.department),
    cardAuthorizationFailed: input.cardAuthorizationFailed,
  });
  return payOnline ? STAY : page("/payment-options");
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
