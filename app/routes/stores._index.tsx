/**
 * Store Locator: a GET search ('City, State or Zip Code') over the brand's stores; every store by
 * name when nothing is searched. Each result starts an order at that store.
 */
import { storeSummaryOf } from "~/components/StoreSummary";
import { SEARCH_QUERY_MAX_LENGTH } from "@core/rules/limits";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ApiUnavailableError } from "~/.server/api";
import { reportError } from "~/.server/error-reporting";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectWithCookies } from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { formatPhone } from "@core/rules/phone";
import { titleMeta } from "~/lib/route-meta";
import { searchStores } from "@core/rules/store-search";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Store Locator");

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Store Locator", to: "/stores" }),
};

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const api = await requireApi(args);
  const brand = await api.getBrand();
  // A brand with one fixed store has no locator.
  if (!brand.can_change_stores) throw await redirectWithCookies(args.context, "/");

  const query = (new URL(args.request.url).searchParams.get("query") ?? "")
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH);
  const stores = await api.listStores().catch((error: unknown) => {
    if (error instanceof ApiUnavailableError) throw error;
    // Spec §8: a failed store fetch is reported and an empty list shown.
    reportError(error, { action: "Store list failed", path: "/stores" });
    return [];
  });
  const results = searchStores(stores, query, brand.name.split(/\s+/)).map((store) => ({
    id: store.id,
    ...storeSummaryOf(store),
  }));
  return { query, results };
});

export default function StoreLocator() {
  const { query, results } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/stores";

  return (
    <>
      <header className="page-header">
        <h1>Store Locator</h1>
        <p className="page-header__lead">Find the store you would like to order from.</p>
      </header>

      <Form method="get" role="search" className="search-form" aria-label="Stores">
        <div className="field">
          <label htmlFor="store-query">City, State or Zip Code</label>
          <input
            id="store-query"
            className="input"
            type="search"
            name="query"
            defaultValue={query}
            key={query}
            required
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            autoComplete="postal-code"
          />
        </div>
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={searching || undefined}
          >
            {searching ? <span className="spinner" aria-hidden="true" /> : null}
            Search
          </button>
          {query ? (
            <Link to="/stores" className="button button--quiet">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {/* The store map island (app/islands/) mounts here beside the list; the list works without it. */}
      <div id="store-map" data-island="store-map" />

      <section aria-labelledby="store-results-title">
        <h2 id="store-results-title">{query ? `Stores matching “${query}”` : "All Stores"}</h2>
        {results.length === 0 ? (
          <p className="notice">
            {query
              ? "No stores match your search. Try a city, a state or a zip code."
              : "No stores are available."}
          </p>
        ) : (
          <ul className="store-list">
            {results.map((store) => {
              const phone = store.phone ? formatPhone(store.phone).display : null;
              return (
                <li key={store.id} className="store-list__item">
                  <div>
                    <h3>
                      <Link to={`/stores/${store.id}/orders/new`}>{store.name}</Link>
                    </h3>
                    <address>
                      {store.address}, {store.city}, {store.state} {store.zip_code}
                      {phone ? ` · ${phone}` : ""}
                    </address>
                  </div>
                  <span className="store-list__chevron" aria-hidden="true">
                    ›
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
