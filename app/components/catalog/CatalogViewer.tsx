/**
 * The page of both catalog routes (…/catalogs/{catalog} and …/pages/{page}): the heading, the
 * spread (the server's, then the island's once the page runs) and the deal list.
 */
import { lazy, Suspense } from "react";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { useHydrated } from "~/components/useHydrated";
import type { CatalogSpreadView } from "~/lib/catalog";
import { CatalogDeals } from "./CatalogDeals";
import { SpreadView } from "./SpreadView";

// Only these routes import this module: the island's code loads on catalog pages alone.
const CatalogSpreadIsland = lazy(() => import("~/islands/CatalogSpread"));

export function CatalogViewer({ view }: { view: CatalogSpreadView }) {
  const hydrated = useHydrated();
  return (
    <>
      {/* The listing header's look, without its module: department pages keep their chunks. */}
      <header className="listing-header">
        <div className="listing-header__text">
          <p className="page-header__eyebrow">Catalog</p>
          <h1>{view.catalog.name}</h1>
          {view.catalog.dates ? <p className="listing-header__lead">{view.catalog.dates}</p> : null}
        </div>
      </header>
      {hydrated ? (
        <Suspense fallback={<SpreadView view={view} />}>
          <CatalogSpreadIsland view={view} />
        </Suspense>
      ) : (
        <SpreadView view={view} />
      )}
      <CatalogDeals deals={view.deals} catalogName={view.catalog.name} />
    </>
  );
}

/** The route's title and breadcrumb, shared by both catalog routes. */
export const catalogTitle = (view: CatalogSpreadView | undefined) =>
  view ? `${view.catalog.name}, ${view.name}` : undefined;

export const catalogBreadcrumb: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const view = match.data as CatalogSpreadView | undefined;
    return view ? { label: view.catalog.name, to: view.href } : null;
  },
};
