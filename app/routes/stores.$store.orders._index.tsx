/**
 * /stores/{store}/orders, past orders (spec §2, §4 'Editing past orders', §8). Only with the
 * order-system integration: without it the guard answers the 404 page with 'This page requires
 * MWG API support, but this brand does NOT support it.' (404, not 400: for this brand the page
 * does not exist, as for a disabled route; nothing the shopper sends would change that).
 *
 * Signed-out shoppers see the sign-in prompt with Sign In and Cancel; Sign In comes back here.
 * Signed in, the shopper's placed orders at this store's departments, newest first, a page at a
 * time, each with Edit, Cancel and Reorder as the server allows. The posts and the list's data are
 * app/.server/past-orders.ts's; every dialog has a URL, so all of it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readCheckedPost } from "~/.server/csrf";
import { changePastOrder, pastOrdersPageData } from "~/.server/past-orders";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { requireUrlStore } from "~/.server/store-resolution";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { RefusalDialog, ReplaceCartDialog } from "~/components/past-orders/AnswerDialogs";
import { PastOrderDialogs, PastOrderRow } from "~/components/past-orders/PastOrderRow";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";
import { SignInForm } from "~/components/SignInForm";
import { useFocusAfterPost } from "~/components/useFocusAfterPost";
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
  return pastOrdersPageData(args, args.params.store);
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, routeMeta);
  const store = await requireUrlStore(args, args.params.store);
  return changePastOrder(args, store.id, form, order);
});

export default function PastOrders() {
  const store = useStore();
  const data = useLoaderData<typeof loader>();
  // After a cancel (its dialog and button gone) focus lands on the heading, under the flash.
  const heading = useFocusAfterPost("cancel");
  const title = `Past Orders at ${store.name}`;

  if (!data.signedIn) {
    return (
      <div className="auth-request">
        <section className="card auth-card" aria-labelledby="past-orders-title">
          <h1 id="past-orders-title">{title}</h1>
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

  const target = { storeId: store.id, page: data.page };
  return (
    <div className="past-orders">
      {/* Dialogs first: without JS the open one is a section over the page, reached first. */}
      <RefusalDialog />
      <ReplaceCartDialog orders={data.orders} target={target} />
      {data.orders.map((order) => (
        <PastOrderDialogs key={order.id} order={order} target={target} />
      ))}
      <header className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
      </header>
      {data.orders.length > 0 ? (
        <ul className="past-orders__list">
          {data.orders.map((order) => (
            <PastOrderRow key={order.id} order={order} target={target} />
          ))}
        </ul>
      ) : (
        <div className="card empty-cart">
          <p className="empty-cart__text">
            {data.page > 1 ? "There are no more orders." : "You have no past orders at this store."}{" "}
            <Link to={`/stores/${store.id}/orders/new`}>Start a new order</Link>.
          </p>
        </div>
      )}
      {data.newerHref || data.olderHref ? (
        <nav className="past-orders__pages" aria-label="More orders">
          {data.newerHref ? (
            <Link to={data.newerHref} className="button button--secondary" rel="prev">
              Newer orders
            </Link>
          ) : null}
          {data.olderHref ? (
            <Link to={data.olderHref} className="button button--secondary" rel="next">
              More orders
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
