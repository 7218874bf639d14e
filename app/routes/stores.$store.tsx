/**
 * Every /stores/{store}/… page: the store of the URL (an unknown id is the 404 page), saved as
 * the shopper's home store. Child pages read it with useStore().
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import type { Store } from "~/.server/api";
import { withRouteErrors } from "~/.server/route-errors";
import { requireUrlStore } from "~/.server/store-resolution";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { storeSummaryOf } from "~/components/StoreSummary";

/**
 * What the pages under a store show of it (every one of them carries this in its HTML): the
 * summary, the pickup note and the departments' names (the 'Your Cart is NOT Empty!' question
 * names the department being left). The departments page reads the rest itself.
 */
function storeView(store: Store) {
  return {
    id: store.id,
    ...storeSummaryOf(store),
    customer_disclaimer: store.customer_disclaimer,
    departments: (store.departments?.data ?? []).map(({ id, name }) => ({ id, name })),
  };
}

export type StoreView = ReturnType<typeof storeView>;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const store = await requireUrlStore(args, args.params.store);
  return { store: storeView(store) };
});

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const store = (match.data as { store?: { id: number; name: string } } | undefined)?.store;
    return store ? { label: store.name, to: `/stores/${store.id}/orders/new` } : null;
  },
};

const ROUTE_ID = "routes/stores.$store";

/** The URL's store, for pages under /stores/{store}. */
export function useStore() {
  const data = useRouteLoaderData<typeof loader>(ROUTE_ID);
  if (!data) throw new Error("useStore() is only for pages under /stores/{store}");
  return data.store;
}

export default function StoreLayout() {
  return <Outlet />;
}
