import { Link, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { openDialog } from "~/components/Dialog";
import { hasActiveFilters, type ListingQuery } from "~/lib/listing-query";
import type { ListingResult } from "~/lib/listing";
import { FilterMenu } from "./FilterMenu";
import { Pagination } from "./Pagination";
import { ProductCard, QUICK_VIEW_DIALOG, type ListStyle } from "./ProductCard";

// The quick view (and its Add to Cart) exists only with JS and only once the shopper reaches for
// a card: it is not part of the page's first load.
const QuickViewDialog = lazy(() =>
  import("./QuickViewDialog").then((module) => ({ default: module.QuickViewDialog })),
);

/** Opens the quick view as soon as it has arrived, for a click made while it was on its way. */
function OpenWhenArrived({ open }: { open: boolean }) {
  useEffect(() => {
    if (open) openDialog(QUICK_VIEW_DIALOG);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

const NO_MATCHES = "No products match the current filters.";
/** The Favorites filter alone found nothing: the shopper has starred nothing here yet. */
const NO_FAVORITES =
  "You have no favorites here yet. Use the star on a product to add it to your favorites.";

/** Only the Favorites filter narrows the listing (no search, brand or specials). */
const onlyFavorites = (query: ListingQuery) =>
  query.favorites && !query.query && !query.specials && query.brands.length === 0;

interface ProductListingData {
  result: ListingResult | null;
  error: string | null;
  favoritesAllowed: boolean;
}

interface ProductListingProps {
  /** The listing's path (filters, sort and pages stay on it). */
  action: string;
  /** Where 'Clear all filters' leads when nothing matches: the listing without any parameter. */
  clearAllHref: string;
  query: ListingQuery;
  listing: ProductListingData;
  /** The department's list_style: 'image-centric' is a picture grid, anything else cards. */
  listStyle: string;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function summary(result: ListingResult, query: ListingQuery): string {
  const { total, page, perPage, products } = result;
  const found = query.query
    ? `${plural(total, "result", "results")} for “${query.query}”`
    : plural(total, "product", "products");
  if (total <= perPage || products.length === 0) return found;
  const first = (page - 1) * perPage + 1;
  return `${found} · showing ${first.toLocaleString("en-US")}–${(first + products.length - 1).toLocaleString("en-US")}`;
}

/**
 * A department's (or category's) products: the filter menu, the cards in the department's list
 * style, the quick view, pages, and the empty and failed states.
 */
export function ProductListing({
  action,
  clearAllHref,
  query,
  listing,
  listStyle,
}: ProductListingProps) {
  const navigation = useNavigation();
  const [quickView, setQuickView] = useState(0);
  const [quickViewOpened, setQuickViewOpened] = useState(false);
  // The shopper pointed at or focused a card: the quick view's code is fetched from then on.
  const [quickViewWanted, setQuickViewWanted] = useState(false);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const style: ListStyle = listStyle === "image-centric" ? "image-centric" : "default";
  // Dim the list while another view of it loads (filters, sort, pages, a search).
  const pending = navigation.state === "loading" && navigation.location.pathname === action;

  if (listing.error || !listing.result) {
    return (
      <p className="notice notice--error listing-error" role="alert">
        {listing.error ?? "Products could not be loaded."}
      </p>
    );
  }

  const { result } = listing;
  const showMenu = result.total > 0 || hasActiveFilters(query);
  const products = result.products;

  return (
    <section className="listing-results" aria-labelledby="listing-results-heading">
      <h2 id="listing-results-heading" className="visually-hidden">
        Products
      </h2>
      {showMenu ? (
        <FilterMenu
          action={action}
          query={query}
          brands={result.brands}
          favoritesAllowed={listing.favoritesAllowed}
        />
      ) : null}
      <p className="listing-summary" role="status">
        {summary(result, query)}
      </p>

      <div className={pending ? "listing-results__body is-pending" : "listing-results__body"}>
        {products.length > 0 ? (
          <>
            <ul
              className={`product-grid product-grid--${style}`}
              aria-busy={pending || undefined}
              onPointerOver={quickViewWanted ? undefined : () => setQuickViewWanted(true)}
              onFocus={quickViewWanted ? undefined : () => setQuickViewWanted(true)}
            >
              {products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    listStyle={style}
                    eager={index < 4}
                    discover={index === 0}
                    signedIn={listing.favoritesAllowed}
                    onQuickView={(event) => {
                      setQuickView(index);
                      setQuickViewOpened(true);
                      setQuickViewWanted(true);
                      // The quick view, never the product page: now, or when its code arrives.
                      event.preventDefault();
                      if (document.getElementById(QUICK_VIEW_DIALOG)) openDialog(QUICK_VIEW_DIALOG);
                      else setOpenOnArrival(true);
                    }}
                  />
                </li>
              ))}
            </ul>
            {quickViewWanted ? (
              <Suspense fallback={null}>
                <QuickViewDialog
                  products={products}
                  index={Math.min(quickView, products.length - 1)}
                  onIndexChange={setQuickView}
                  opened={quickViewOpened}
                />
                <OpenWhenArrived open={openOnArrival} />
              </Suspense>
            ) : null}
          </>
        ) : (
          <div className="listing-empty">
            <EmptyBasket />
            <p className="listing-empty__text">
              {onlyFavorites(query) ? NO_FAVORITES : NO_MATCHES}
            </p>
            <Link to={clearAllHref} className="button button--secondary">
              Clear all filters
            </Link>
          </div>
        )}
        <Pagination action={action} query={query} total={result.total} perPage={result.perPage} />
      </div>
    </section>
  );
}

function EmptyBasket() {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="35" fill="var(--color-brand-soft)" />
      <path
        d="M18 30h36l-4 22a4 4 0 0 1-4 3H26a4 4 0 0 1-4-3z"
        fill="#fff"
        stroke="var(--color-brand)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M28 30l6-12M44 30l-6-12"
        stroke="var(--color-brand)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M30 40v8M36 40v8M42 40v8"
        stroke="var(--color-brand)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
