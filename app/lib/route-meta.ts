import {
  DELIVERY_NOT_ALLOWED,
  deliveryAllowed,
  type DeliverableProduct,
} from "@core/rules/delivery-allowed";
import { guestCheckoutAllowed, type DepartmentCheckoutRules } from "./checkout-flow";
import { errorPageContent } from "./error-catalogue";
import { pageTitle } from "./page-title";
import type { ShellData } from "./shell-data";

interface MatchWithData {
  id: string;
  data?: unknown;
}

/**
 * `meta` for a page: '{title} - {product title}', the product title coming from the root loader.
 * While the shell shows a global error (the API or its database is away) the page under it is
 * not shown, so the title names the error instead (a screen reader announces the title first).
 */
export function titleMeta(matches: readonly MatchWithData[], title?: string | null) {
  const root = matches.find((match) => match.id === "root")?.data as
    | Partial<Pick<ShellData, "productTitle" | "globalError">>
    | undefined;
  const failure = root?.globalError;
  const shown = failure ? errorPageContent(failure.code, failure.message).title : title;
  return [{ title: pageTitle(shown, root?.productTitle ?? "Order Express") }];
}

/** The feature switches the route guard reads (a subset of the storefront's features). */
export interface GuardFeatures {
  /** The order-system (MWG) integration, FEATURE_ORDER_SYSTEM. */
  orderSystem: boolean;
  /** The account integration, FEATURE_ACCOUNTS. */
  accounts: boolean;
  /** The billing address picker, FEATURE_BILLING_ADDRESSES (the spec disables /addresses). */
  billingAddresses?: boolean;
}

/**
 * Spec §2 route-meta flags. Each guarded route declares its own (`export const routeMeta = {…}
 * satisfies RouteMeta`) and its loader and action pass them to `guardRoute`
 * (app/.server/route-guard.ts), the one place they are applied. A missing flag is off.
 */
export interface RouteMeta {
  /** The page is switched off (always, or by the feature switches): the 404 page. */
  disableRoute?: boolean | ((features: GuardFeatures) => boolean);
  /** Only for an order that may be delivered (spec §5 delivery rule). */
  mustAllowDelivery?: boolean;
  /** A submitted working order may be shown here; elsewhere it is abandoned on entry (spec §4). */
  allowsSubmittedOrder?: boolean;
  /** The page needs a working order. */
  requiresOrder?: boolean;
  /**
   * The page needs a signed-in shopper: always (true: a guest is sent to sign in and back here),
   * or only where the order's department does not allow guest checkout ('unless-guest-checkout':
   * a guest is sent to the cart, spec §2 /checkout).
   */
  requiresAuthentication?: boolean | "unless-guest-checkout";
  /** What a guest sent to sign in is told: why this page needs it (by default, the checkout's). */
  signInMessage?: string;
  /** The page needs the order-system (MWG) integration. */
  requiresMi9Integration?: boolean;
  /** The page completes a sign-on in progress: it never sends the shopper to sign in. */
  ssoInProcess?: boolean;
}

/**
 * Spec §5 route guard messages; the sign-in wording is ours (the spec does not show it), one for
 * each page that needs it, saying what the shopper signs in for.
 */
export const ROUTE_GUARD_MESSAGES = {
  disabled: "The page you're looking for is not available.",
  deliveryNotAllowed: DELIVERY_NOT_ALLOWED,
  orderRequired: "This page requires an existing order but no order has been started.",
  signInRequired: "Please sign in to your account to place an order in this department.",
  signInForDelivery: "Please sign in to your account to have your order delivered.",
  signInToPayOnline: "Please sign in to your account to pay online.",
  signInForBillingAddress: "Please sign in to your account to choose a billing address.",
  signInToFinishPayment: "Please sign in to your account to finish paying online.",
  integrationRequired: "This page requires MWG API support, but this brand does NOT support it.",
} as const;

/**
 * Why the guard turns a request away: an error page, or a trip to sign in first (and, for a page
 * only signed-in shoppers see, back to it).
 */
export type RouteRefusal =
  | { kind: "error-page"; status: 400 | 404; message: string; name: string }
  | { kind: "sign-in"; message: string; backHere: boolean };

/**
 * The flags that depend only on the brand's switches, checked before anything is loaded. Both
 * answer the 404 page: for this brand the page does not exist; its message says why.
 */
export function routeAvailabilityRefusal(
  meta: RouteMeta,
  features: GuardFeatures,
): RouteRefusal | null {
  const disabled =
    typeof meta.disableRoute === "function" ? meta.disableRoute(features) : meta.disableRoute;
  if (disabled) {
    return {
      kind: "error-page",
      status: 404,
      message: ROUTE_GUARD_MESSAGES.disabled,
      name: "RouteDisabledError",
    };
  }
  if (meta.requiresMi9Integration && !features.orderSystem) {
    return {
      kind: "error-page",
      status: 404,
      message: ROUTE_GUARD_MESSAGES.integrationRequired,
      name: "IntegrationRequiredError",
    };
  }
  return null;
}

/** What the shopper-dependent flags read about the request. */
export interface ShopperFacts {
  orderSystem: boolean;
  authenticated: boolean;
  /** The working order (after a submitted one was abandoned where the route does not allow it). */
  order: {
    department: DepartmentCheckoutRules | null;
    products: readonly (DeliverableProduct | null | undefined)[];
  } | null;
}

/**
 * The flags that depend on the shopper, in the order a shopper would fix them: an order first,
 * then one that may be delivered, then signing in. While a sign-on is in process the shopper is
 * never sent to sign in (that would start another one).
 */
export function shopperRefusal(meta: RouteMeta, facts: ShopperFacts): RouteRefusal | null {
  const { order } = facts;
  if (meta.requiresOrder && !order) {
    return {
      kind: "error-page",
      status: 400,
      message: ROUTE_GUARD_MESSAGES.orderRequired,
      name: "OrderRequiredError",
    };
  }
  if (
    meta.mustAllowDelivery &&
    !(order && deliveryAllowed(facts.orderSystem, order.department, order.products))
  ) {
    return {
      kind: "error-page",
      status: 400,
      message: ROUTE_GUARD_MESSAGES.deliveryNotAllowed,
      name: "DeliveryNotAllowedError",
    };
  }
  const signInNeeded =
    meta.requiresAuthentication === "unless-guest-checkout"
      ? !guestCheckoutAllowed(order?.department ?? null)
      : Boolean(meta.requiresAuthentication);
  if (signInNeeded && !facts.authenticated && !meta.ssoInProcess) {
    return {
      kind: "sign-in",
      message: meta.signInMessage ?? ROUTE_GUARD_MESSAGES.signInRequired,
      backHere: meta.requiresAuthentication === true,
    };
  }
  return null;
}
