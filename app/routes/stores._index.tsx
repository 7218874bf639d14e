/**
 * Store Locator (spec §2, §4, §9): a GET search ('City, State or Zip Code', required) over the
 * brand's stores — every store by name when nothing is searched, else up to 5, nearest the
 * searched place — with a map of the same stores, numbered as the list is. Each result starts an
 * order at that store. Its work is app/.server/store-locator.ts.
 */
import { SEARCH_QUERY_MAX_LENGTH } from "@core/rules/limits";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";
import { searchOf, storeLocatorData } from "~/.server/store-locator";
import { storeMapSvg } from "~/.server/store-map";
import { StoreMapSvg } from "~/components/StoreMapSvg";
import { useHydrated } from "~/components/useHydrated";
import { lazy, Suspense } from "react";

/** The map island (Leaflet): its code and CSS load only here, once the page has hydrated. */
const StoreMapIsland = lazy(() => import("~/islands/StoreMap"));
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { Field } from "~/components/forms/Field";
import { formatPhone } from "@core/rules/phone";
import { STORE_SEARCH_REQUIRED } from "@core/rules/store-search";
import { titleMeta } from "~/lib/route-meta";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Store Locator");

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Store Locator", to: "/stores" }),
};

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const api = args.context.api;
  const brand = await api.getBrand();
  // A brand with one fixed store has no locator.
  if (!brand.can_change_stores) throw redirectTo("/");

  const { search, submitted } = searchOf(new URL(args.request.url));
  const { place, results } = await storeLocatorData(api, brand.name, search);
  const map = storeMapSvg(results);
  return { search, place, results, map, missingSearch: submitted && !search };
});

export default function StoreLocator() {
  const { search, place, results, map, missingSearch } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/stores";

  return (
    <>
      <header className="page-header">
        <h1>Store Locator</h1>
        <p className="page-header__lead">Find the store you would like to order from.</p>
      </header>

      <Form method="get" role="search" className="search-form" aria-label="Stores">
        <Field
          id="store-search"
          label="City, State or Zip Code"
          error={missingSearch ? STORE_SEARCH_REQUIRED : null}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              name="search"
              defaultValue={search}
              key={search}
              required
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              autoComplete="postal-code"
            />
          )}
        </Field>
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={searching || undefined}
          >
            {searching ? <span className="spinner" aria-hidden="true" /> : null}
            Search
          </button>
          {search ? (
            <Link to="/stores" className="button button--quiet">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <div className="panel-grid">
        <div className="store-locator__map">
          <div className="store-map">
            {hydrated ? (
              <Suspense fallback={<StoreMapSvg {...map} />}>
                <StoreMapIsland markers={results} />
              </Suspense>
            ) : (
              <StoreMapSvg {...map} />
            )}
          </div>
        </div>
        <section aria-labelledby="store-results-title">
          <h2 id="store-results-title">{search ? `Stores matching “${search}”` : "All Stores"}</h2>
          {place && results.length > 0 ? (
            <p className="store-locator__place">{`Nearest to ${place} first.`}</p>
          ) : null}
          {results.length === 0 ? (
            <p className="notice">
              {search
                ? "No stores match your search. Try a city, a state or a zip code."
                : "No stores are available."}
            </p>
          ) : (
            <ol className="store-list">
              {results.map((store) => {
                const phone = store.phone ? formatPhone(store.phone).display : null;
                return (
                  <li key={store.id} className="store-list__item" data-store-id={store.id}>
                    <span className="store-list__number" aria-hidden="true">
                      {store.number}
                    </span>
                    <div className="store-list__body">
                      <h3>
                        <Link to={`/stores/${store.id}/orders/new`}>{store.name}</Link>
                      </h3>
                      <address>
                        {store.address}, {store.city}, {store.state} {store.zip_code}
                        {phone ? ` · ${phone}` : ""}
                      </address>
                      {store.miles !== null ? (
                        <p className="store-list__distance">{`${store.miles.toFixed(1)} mi away`}</p>
                      ) : null}
                    </div>
                    <span className="store-list__chevron" aria-hidden="true">
                      ›
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
