/**
 * Create New Order: the home store's summary, 'Order From This Store' and, when the brand lets
 * shoppers change stores, 'Choose A Different Store'. A brand with one fixed store goes straight
 * to the departments. `?guessed=1` adds the dialog saying the store was picked automatically.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";
import { GUESSED_PARAM, GuessedStoreDialog } from "~/components/GuessedStoreDialog";
import { StoreSummary } from "~/components/StoreSummary";
import { titleMeta } from "~/lib/route-meta";
import { useStore } from "./stores.$store";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Create New Order");

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const brand = await args.context.api.getBrand();
  if (!brand.can_change_stores) {
    throw redirectTo(`/stores/${encodeURIComponent(args.params.store ?? "")}/departments`);
  }
  return { canChangeStores: brand.can_change_stores };
});

export default function CreateNewOrder() {
  const { canChangeStores } = useLoaderData<typeof loader>();
  const store = useStore();
  const [searchParams] = useSearchParams();

  return (
    <>
      <header className="page-header">
        <h1>Create New Order</h1>
        <p className="page-header__lead">Your order will be prepared at this store.</p>
      </header>

      <div className="panel-grid">
        <section className="card" aria-label="Your home store">
          <StoreSummary store={store} />
          {store.customer_disclaimer ? (
            <p className="store-note">{store.customer_disclaimer}</p>
          ) : null}
          <div className="button-row">
            <Link to={`/stores/${store.id}/departments`} className="button button--primary">
              Order From This Store
            </Link>
            {canChangeStores ? (
              <Link to="/stores" className="button button--secondary">
                Choose A Different Store
              </Link>
            ) : null}
          </div>
        </section>
      </div>

      {searchParams.get(GUESSED_PARAM) === "1" ? (
        <GuessedStoreDialog storeName={store.name} canChangeStores={canChangeStores} />
      ) : null}
    </>
  );
}
