/**
 * The one route guard (spec §2 route-meta flags, §5 messages). Every guarded loader and action
 * calls `guardRoute` first (an action right after its CSRF check), with the flags its route
 * declares; the rules themselves are pure (app/lib/route-meta.ts).
 *
 * The spec's guard cancels a client-side navigation. A server-rendered page has nowhere to stay,
 * so a refusal is the error page with the guard's message (and Go Home), or, for sign-in, a
 * redirect with the message as a flash: to 'Please Sign In', which comes back to the page, or
 * from /checkout to the cart (spec §2).
 */
import {
  routeAvailabilityRefusal,
  shopperRefusal,
  type RouteMeta,
  type RouteRefusal,
} from "~/lib/route-meta";
import type { Order } from "./api";
import { orderParts } from "./order-parts";
import { isAuthenticated } from "./shopper";
import { storefrontConfig, type StorefrontFeatures } from "./config";
import { loadWorkingOrder } from "./order-session";
import { routeError } from "./route-errors";
import { redirectTo, addFlashMessage, type RequestArgs } from "./session";

/**
 * Where /checkout sends a shopper who must sign in (spec §2: "redirect to /cart"): the cart, where
 * their order waits, shows the message (the flash); its checkout leads through the pickup time to
 * 'Please Sign In'.
 */
export const SIGN_IN_ENTRY = "/cart";

/** 'Please Sign In' (spec §2 /auth-request): Sign In, Register, and back to `returnTo`. */
const AUTH_REQUEST_PATH = "/auth-request";

/**
 * Where a guest turned away by `refusal` goes: for a page only signed-in shoppers see, 'Please
 * Sign In', whose Sign In comes back to this page (a post's page is asked for again); else, or
 * where nobody can sign in, the cart.
 */
function signInEntry(
  request: Request,
  refusal: RouteRefusal & { kind: "sign-in" },
  features: StorefrontFeatures,
): string {
  if (!refusal.backHere || !features.accounts) return SIGN_IN_ENTRY;
  const { pathname, search } = new URL(request.url);
  return `${AUTH_REQUEST_PATH}?${new URLSearchParams({ returnTo: pathname + search })}`;
}

export interface GuardedRequest<O extends Order | null = Order | null> {
  /** The working order; a submitted one only where the route allows it. */
  order: O;
}

async function refuse(
  args: RequestArgs,
  refusal: RouteRefusal,
  features: StorefrontFeatures,
): Promise<never> {
  if (refusal.kind === "error-page")
    throw routeError(refusal.status, refusal.message, refusal.name);
  const { session } = args.context.shopper;
  addFlashMessage(session, { kind: "error", text: refusal.message });
  // A post is answered with 303, so the browser follows it with a GET.
  const status = args.request.method === "GET" || args.request.method === "HEAD" ? 302 : 303;
  throw redirectTo(signInEntry(args.request, refusal, features), {
    status,
  });
}

/**
 * Applies `meta` to the request: throws the refusal (error page or redirect), else answers the
 * working order (never null where the route requires one).
 */
export async function guardRoute(
  args: RequestArgs,
  meta: RouteMeta & { requiresOrder: true },
  features?: StorefrontFeatures,
): Promise<GuardedRequest<Order>>;
export async function guardRoute(
  args: RequestArgs,
  meta: RouteMeta,
  features?: StorefrontFeatures,
): Promise<GuardedRequest>;
export async function guardRoute(
  args: RequestArgs,
  meta: RouteMeta,
  features: StorefrontFeatures = storefrontConfig().features,
): Promise<GuardedRequest> {
  const unavailable = routeAvailabilityRefusal(meta, features);
  if (unavailable) return refuse(args, unavailable, features);

  // Spec §4: a route that does not allow a submitted order abandons it (loadWorkingOrder drops it).
  const order = await loadWorkingOrder(args, {
    allowSubmitted: meta.allowsSubmittedOrder ?? false,
  });
  const { session } = args.context.shopper;
  const parts = order ? orderParts(order) : null;
  const refusal = shopperRefusal(meta, {
    orderSystem: features.orderSystem,
    authenticated: isAuthenticated(session),
    order: parts && {
      department: parts.department,
      products: parts.items.map((item) => item.product?.data),
    },
  });
  if (refusal) return refuse(args, refusal, features);
  return { order };
}
