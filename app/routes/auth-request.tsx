/**
 * /auth-request (spec §2): 'Please Sign In' with Sign In, Register and, only where guest checkout
 * is allowed, Checkout As Guest. Needs an order and the account integration.
 *
 * Sign In and Register post to /sign-in: the provider's page signs in or creates the account (it
 * links one to the other), and the shopper comes back to the checkout, or to `?returnTo=`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { orderParts } from "~/.server/order-parts";
import { isAuthenticated } from "~/.server/shopper";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { safeRedirectPath } from "~/.server/safe-redirect";
import { redirectTo } from "~/.server/session";
import { SignInForm } from "~/components/SignInForm";
import { guestCheckoutAllowed } from "~/lib/checkout-flow";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";
import { isDelivery } from "~/.server/delivery-mode";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Please Sign In");

/** Spec §2: needs an order and the account integration. */
export const routeMeta = {
  disableRoute: (features) => !features.accounts,
  requiresOrder: true,
} as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const returnTo = safeRedirectPath(
    new URL(args.request.url).searchParams.get("returnTo"),
    "/checkout",
  );
  const { session } = args.context.shopper;
  // Signed in already (another tab, the back button): nothing to ask.
  if (isAuthenticated(session)) return redirectTo(returnTo);
  const department = order ? orderParts(order).department : null;
  return {
    returnTo,
    // Delivery is for signed-in shoppers only (spec §6).
    guestAllowed: order !== null && guestCheckoutAllowed(department) && !isDelivery(order, session),
    delivery: isDelivery(order, session),
    departmentName: department?.name ?? null,
  };
});

export default function AuthRequest() {
  const { returnTo, guestAllowed, delivery, departmentName } = useLoaderData<typeof loader>();
  return (
    <div className="auth-request">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">Please Sign In</h1>
        <p className="auth-card__lead">
          Sign in to your account to place your order
          {departmentName ? ` from the ${departmentName} department` : ""}, or create one if you are
          new.
        </p>
        <div className="auth-card__buttons">
          <SignInForm returnTo={returnTo} />
          <SignInForm returnTo={returnTo} register className="button button--secondary" />
        </div>
        {guestAllowed ? (
          <div className="auth-card__guest">
            <p>No account? You can place this order without one.</p>
            <Link to="/checkout" className="button button--secondary">
              Checkout As Guest
            </Link>
          </div>
        ) : (
          <p className="auth-card__note">
            {delivery
              ? "Delivery is for signed-in shoppers: sign in to give your address and pay online."
              : "This department needs you to sign in before you place an order."}
          </p>
        )}
        <p className="auth-card__back">
          <Link to="/cart">Back to your cart</Link>
        </p>
      </section>
    </div>
  );
}
