/**
 * Online card payment on the storefront's side (spec §4 "Card authorization", "Payment options
 * entry"; §2 /payment-options and /card-authorization/*; §8 payment messages). The card itself is
 * only ever typed on the payment provider's page: the API starts an authorization and answers the
 * provider's address, the shopper goes there, and the provider sends them back to
 * /card-authorization/process (or /cancel).
 */
import type { z } from "zod";
import {
  BillingAddressSchema,
  type CardAuthorizationDeliverySchema,
} from "@core/contract/payments";
import { holdCovers } from "@core/rules/card-authorization";
import { API_ERROR } from "@core/contract/errors";
import { ApiError, type Order, type StorefrontApi } from "./api";
import { orderParts } from "./order-parts";
import { isAuthenticated } from "./shopper";
import { storefrontConfig } from "./config";
import { ownOrigin } from "./csrf";
import { describeError, logWarning } from "./log";
import { addFlashMessage, type RequestArgs, type StorefrontSession } from "./session";
import { canPayOnline, onlinePaymentAllowed, onlinePaymentRequired } from "~/lib/checkout-flow";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { isDelivery } from "./delivery-mode";

/** Where the provider sends the shopper back to. */
const CARD_AUTHORIZATION_PROCESS = "/card-authorization/process";
const CARD_AUTHORIZATION_CANCEL = "/card-authorization/cancel";

const cardAuthorizationOf = (order: Order) => order.cardAuthorization?.data ?? null;

/**
 * An authorization the order can be placed with: approved, and still covering the estimated total
 * (a cart that grew after the hold needs a new one, as placement would say).
 */
export function isApproved(order: Order): boolean {
  const authorization = cardAuthorizationOf(order);
  return authorization?.status === "approved" && holdCovers(authorization.amount, order.total);
}

const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** How the order is paid, as /checkout says it: the card for an approved hold, else the store. */
export function paymentWords(order: Order): string {
  const authorization = cardAuthorizationOf(order);
  if (authorization?.status !== "approved") return "Pay at the store";
  const brand = authorization.card_brand;
  const card = brand ? ` with ${CARD_BRANDS[brand.toLowerCase()] ?? brand}` : "";
  const digits = authorization.card_last_four ? ` ending in ${authorization.card_last_four}` : "";
  return `Paid online${card}${digits}`;
}

/**
 * An approved hold that no longer covers the order (the cart grew after it): placement refuses
 * it, so the pages say so and offer to authorize again.
 */
export function holdOutgrown(order: Order): boolean {
  const authorization = cardAuthorizationOf(order);
  return authorization?.status === "approved" && !holdCovers(authorization.amount, order.total);
}

/** A start failed this visit (spec §4): online payment is off until the shopper tries again. */
export function cardAuthorizationFailed(session: StorefrontSession): boolean {
  return Boolean(session.get("cardAuthorizationFailed"));
}

/** Why this visit's last start failed, in §8's words; null when none failed. */
export function cardStartProblem(session: StorefrontSession): string | null {
  const failed = session.get("cardAuthorizationFailed");
  if (!failed) return null;
  // `true` is a mark set before its reason was kept.
  return failed === "initiate" ? PAYMENT_MESSAGES.initiate : PAYMENT_MESSAGES.gateway;
}

/**
 * 'Try Again' after a failed start: the mark goes, so the next start (this request's, or the
 * billing address picker's) asks the gateway again; if that fails too, it is set again.
 */
export function retryCardAuthorization(session: StorefrontSession): void {
  session.unset("cardAuthorizationFailed");
}

/** Online payment is offered to this shopper for this order (spec §5 "can pay online"). */
export function canPayOnlineFor(session: StorefrontSession, order: Order): boolean {
  return canPayOnline({
    authenticated: isAuthenticated(session),
    onlinePaymentAllowed: onlinePaymentAllowed(
      storefrontConfig().features.orderSystem,
      orderParts(order).department,
    ),
    cardAuthorizationFailed: cardAuthorizationFailed(session),
  });
}

/** An address the card is billed to, as the API takes it. */
type BillingAddress = z.infer<typeof BillingAddressSchema>;

/** A delivery order's part of the start (spec §7): the tip in cents and who receives it. */
type CardAuthorizationDelivery = Omit<z.input<typeof CardAuthorizationDeliverySchema>, "delivery">;

export interface CardAuthorizationOptions {
  /**
   * The address the shopper chose on /addresses. Without it the profile's first address is
   * billed; either is sent only when the API would take it, else the provider's page asks.
   */
  billingAddress?: BillingAddress;
  /** A delivery order: the hold covers its fee and tip. */
  delivery?: CardAuthorizationDelivery;
}

export type CardAuthorizationStart =
  /** The redirect to the provider's page. */
  | { redirect: Response; problem?: never }
  /** It could not start: what to tell the shopper. */
  | { redirect?: never; problem: string };

/**
 * Starts an authorization and answers the redirect to the provider's page. On failure the session
 * remembers it and why (online payment is off until the shopper tries again, spec §4) and the
 * answer says what to tell the shopper.
 */
export async function startCardAuthorization(
  args: RequestArgs,
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
  options: CardAuthorizationOptions = {},
): Promise<CardAuthorizationStart> {
  const origin =
    ownOrigin(args.request.url, args.request.headers) ?? new URL(args.request.url).origin;
  const user = session.get("user");
  // A new attempt: the last card's refusal is no longer the news.
  session.unset("cardDeclined");
  try {
    // The chosen address, else the profile's first; without one the provider's page asks.
    const address = options.billingAddress ?? (await api.getProfile()).addresses[0];
    const billing = address ? BillingAddressSchema.safeParse(address) : null;
    const { redirect_url } = await api.startCardAuthorization(order.id, {
      return_url: `${origin}${CARD_AUTHORIZATION_PROCESS}`,
      cancel_url: `${origin}${CARD_AUTHORIZATION_CANCEL}`,
      user:
        user?.firstName && user.lastName
          ? {
              first_name: user.firstName,
              last_name: user.lastName,
              email: user.email,
              phone: user.phone ?? undefined,
            }
          : undefined,
      billing_address: billing?.success
        ? {
            address_line_1: billing.data.address_line_1,
            city: billing.data.city,
            state: billing.data.state,
            zip_code: billing.data.zip_code,
          }
        : undefined,
      ...(options.delivery ? { ...options.delivery, delivery: true } : {}),
    });
    // The gateway answered: online payment works again for this visit.
    session.unset("cardAuthorizationFailed");
    // The provider is another site: not a path redirectTo would pass, and a whole page load with
    // scripts too (Remix would otherwise try a same-origin sandbox as one of its routes).
    const headers = { location: redirect_url, "X-Remix-Reload-Document": "true" };
    return { redirect: new Response(null, { status: 303, headers }) };
  } catch (error) {
    logWarning("Could not start a card authorization", describeError(error));
    // The gateway's refusal to start is "initiation"; any other failure (no answer, garbage, the
    // API itself away) is a connection problem. A 4xx of the API's own is initiation too.
    const unreachable =
      !(error instanceof ApiError) ||
      (error.status >= 500 && error.code !== API_ERROR.paymentGatewayRefused);
    session.set("cardAuthorizationFailed", unreachable ? "gateway" : "initiate");
    return { problem: unreachable ? PAYMENT_MESSAGES.gateway : PAYMENT_MESSAGES.initiate };
  }
}

/** 'Pay At Store' (spec §4): the order's authorization, if any, is given up. */
export async function payAtStore(api: StorefrontApi, order: Order): Promise<void> {
  if (cardAuthorizationOf(order)) await api.deleteCardAuthorization(order.id);
}

/**
 * /card-authorization/process: the provider sent the shopper back. An approved authorization goes
 * on to /checkout; anything else is said and the authorization is given up (spec §2). A pickup
 * order is back on the cart, told what is left (another card, or the store where the department
 * allows it). A delivery order goes back to its delivery information instead (issue 27): there
 * is no paying at the door, so the cart's 'Pick Up in Store' and 'or pay at the store' were the
 * wrong ways on; that page says the card was refused and offers another card first, pickup
 * second. Answers the path to go to.
 */
export async function finishCardAuthorization(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
): Promise<"/checkout" | "/cart" | "/delivery-info"> {
  let status: string | null = null;
  try {
    status = (await api.getCardAuthorization(order.id))?.status ?? null;
  } catch (error) {
    logWarning("Could not read the card authorization", describeError(error));
  }
  if (status === "approved") {
    session.unset("cardDeclined");
    addFlashMessage(session, { kind: "success", text: "Your card is authorized." });
    return "/checkout";
  }
  await api.deleteCardAuthorization(order.id).catch((error: unknown) => {
    logWarning("Could not clear a card authorization", describeError(error));
  });
  if (isDelivery(order, session)) {
    session.set("cardDeclined", { orderId: order.id, status });
    return "/delivery-info";
  }
  const required = onlinePaymentRequired(
    storefrontConfig().features.orderSystem,
    orderParts(order).department,
  );
  addFlashMessage(session, { kind: "error", text: pickupDeclineMessage(status, required) });
  return "/cart";
}

/** A pickup order's refused card on the cart: why, and what is left. */
function pickupDeclineMessage(status: string | null, required: boolean): string {
  if (status === "declined" || status === "insufficient_funds")
    return `${refusalWords(status)} ${required ? REQUIRED_NEXT : PICKUP_NEXT}`;
  if (status === "pending") return `${refusalWords(status)} Please try again.`;
  return refusalWords(status);
}

/** What is left after a refused card, by what the order allows. */
const PICKUP_NEXT = "Try another card, or pay at the store.";
const REQUIRED_NEXT = "This department takes payment online only: please try another card.";
const DELIVERY_NEXT =
  "A delivery is paid online: try another card, or pick up your order at the store instead.";

/** Why the card was not authorized, as the provider's answer says. */
function refusalWords(status: string | null): string {
  if (status === "declined") return "Your card was declined.";
  if (status === "insufficient_funds") return "Your card was declined for insufficient funds.";
  if (status === "pending") return "Your card was not authorized.";
  return PAYMENT_MESSAGES.gateway;
}

/**
 * A delivery order's card refused on the provider's page this visit: what its delivery
 * information says (why, then what is left), until the next start; null when none was.
 */
export function cardDeclineProblem(session: StorefrontSession, order: Order): string[] | null {
  const declined = session.get("cardDeclined");
  if (!declined || declined.orderId !== order.id) return null;
  return [refusalWords(declined.status), DELIVERY_NEXT];
}
