/**
 * /stores/{store}/orders, past orders (spec §2). Only with the order-system integration: without
 * it the guard answers the 404 page with 'This page requires MWG API support, but this brand does
 * NOT support it.' (404, not 400: for this brand the page does not exist, as for a disabled
 * route; nothing the shopper sends would change that).
 *
 * Signed-out shoppers see the sign-in prompt with Sign In and Cancel; Sign In comes back here.
 * The list itself comes with the past-orders work (the API's GET orders).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";
import { SignInForm } from "~/components/SignInForm";
import { useStore } from "./stores.$store";

/** The shopper's own orders: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const store = (
    matches.find((match) => match.id === "routes/stores.$store")?.data as
      | { store?: { name: string } }
      | undefined
  )?.store;
  return titleMeta(matches, store ? `Past Orders at ${store.name}` : "Past Orders");
};

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) =>
    match.data === undefined ? null : { label: "Past Orders", to: match.pathname },
};

export const routeMeta = { requiresMi9Integration: true } as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  await guardRoute(args, routeMeta);
  return null;
});

export default function PastOrders() {
  const store = useStore();
  return (
    <div className="auth-request">
      <section className="card auth-card" aria-labelledby="past-orders-title">
        <h1 id="past-orders-title">Past Orders at {store.name}</h1>
        <p className="auth-card__lead">
          Sign in to your account to see and reorder your past orders.
        </p>
        <div className="auth-card__buttons">
          <SignInForm returnTo={`/stores/${store.id}/orders`} />
          <Link to={`/stores/${store.id}/orders/new`} className="button button--secondary">
            Cancel
          </Link>
        </div>
      </section>
    </div>
  );
}
