/**
 * /auth-request (spec §2): 'Please Sign In' with Sign In, Register and, only where guest checkout
 * is allowed, Checkout As Guest. Needs an order and the account integration.
 *
 * Single sign-on comes in a later issue. Until then Sign In and Register lead to
 * `?unavailable=1`, which says so plainly instead of pointing at a page that does not exist.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { orderParts } from "~/.server/checkout";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { guestCheckoutAllowed } from "~/lib/checkout-flow";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Please Sign In");

const SIGN_IN_UNAVAILABLE = "Sign-in is not available yet.";

/** Spec §2: needs an order and the account integration. */
export const routeMeta = {
  disableRoute: (features) => !features.accounts,
  requiresOrder: true,
} as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const unavailable = new URL(args.request.url).searchParams.get("unavailable") === "1";
  // The note about sign-in also serves shoppers without an order (the confirmation's coupon).
  const { order } = await guardRoute(
    args,
    unavailable ? { ...routeMeta, requiresOrder: false } : routeMeta,
  );
  const department = order ? orderParts(order).department : null;
  return {
    unavailable,
    hasOrder: order !== null,
    guestAllowed: order !== null && guestCheckoutAllowed(department),
    departmentName: department?.name ?? null,
  };
});

export default function AuthRequest() {
  const { unavailable, hasOrder, guestAllowed, departmentName } = useLoaderData<typeof loader>();
  return (
    <div className="auth-request">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">Please Sign In</h1>
        {unavailable ? (
          <p className="notice notice--info" role="status">
            {SIGN_IN_UNAVAILABLE}{" "}
            {guestAllowed ? "You can still check out as a guest." : "Please try again later."}
          </p>
        ) : (
          <p className="auth-card__lead">
            Sign in to your account to place your order
            {departmentName ? ` from the ${departmentName} department` : ""}, or create one if you
            are new.
          </p>
        )}
        <div className="auth-card__buttons">
          <Link to="/auth-request?unavailable=1" className="button button--primary">
            Sign In
          </Link>
          <Link to="/auth-request?unavailable=1" className="button button--secondary">
            Register
          </Link>
        </div>
        {guestAllowed ? (
          <div className="auth-card__guest">
            <p>No account? You can place this order without one.</p>
            <Link to="/checkout" className="button button--secondary">
              Checkout As Guest
            </Link>
          </div>
        ) : hasOrder && !unavailable ? (
          <p className="auth-card__note">
            This department needs you to sign in before you place an order.
          </p>
        ) : null}
        {hasOrder ? (
          <p className="auth-card__back">
            <Link to="/cart">Back to your cart</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
