/**
 * The department home: its categories as a grid (featured first), the catalog launchers when the
 * department has catalogs, its featured product, the 'Search Department' box and the store's
 * alerts. A department without categories lists its products here instead.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { loadStoreAlerts } from "~/.server/alerts";
import { requireDepartment } from "~/.server/department";
import { listingShopper, loadProductListing, toListingProduct } from "~/.server/listing";
import { describeError, logWarning } from "~/.server/log";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";
import { StoreAlertsIsland } from "~/components/StoreAlertsIsland";
import { CatalogLaunchers, type CatalogLauncher } from "~/components/listing/CatalogLaunchers";
import { CategoryGrid } from "~/components/listing/CategoryGrid";
import { FeaturedProduct } from "~/components/listing/FeaturedProduct";
import { ListingHeader } from "~/components/listing/ListingHeader";
import { ProductListingIsland } from "~/components/listing/ProductListingIsland";
import { SearchForm } from "~/components/listing/SearchForm";
import {
  catalogPath,
  dateRange,
  departmentPath,
  productsPath,
  toCategoryTiles,
} from "~/lib/listing";
import { listingHref, parseListingQuery, QUERY_PARAM } from "~/lib/listing-query";
import { titleMeta } from "~/lib/route-meta";
import { useStore } from "./stores.$store";
import { departmentNameFromMatches, useDepartment } from "./stores.$store.departments.$department";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const department = await requireDepartment(args);
  const url = new URL(args.request.url);
  const query = parseListingQuery(url.searchParams);
  const home = departmentPath(department.store_id, department.id);

  // Searches live at …/products; an empty search is just the department (spec §2).
  if (url.searchParams.has(QUERY_PARAM)) {
    const target = query.query
      ? listingHref(productsPath(department.store_id, department.id), query)
      : home;
    throw redirectTo(target);
  }

  const categories = toCategoryTiles(
    department.categories?.data ?? [],
    department.store_id,
    department.id,
  );
  const api = args.context.api;
  const [catalogs, alerts, listing] = await Promise.all([
    api.listCatalogs(department.id).then(
      (list) =>
        list.map(
          (catalog): CatalogLauncher => ({
            id: catalog.id,
            name: catalog.name,
            coverUrl: catalog.cover_image_url ?? catalog.image_url,
            dates: dateRange(catalog.starts_on, catalog.ends_on),
            href: catalogPath(department.store_id, department.id, catalog.id),
          }),
        ),
      (error: unknown) => {
        logWarning("Could not load the department's catalogs", {
          departmentId: department.id,
          ...describeError(error),
        });
        return [];
      },
    ),
    loadStoreAlerts(args, args.params.store),
    // Nothing to browse by: the products are the department home.
    categories.length === 0 ? loadProductListing(args, department, query) : null,
  ]);
  const featured = department.featured_product?.data;
  return {
    categories,
    catalogs,
    alerts,
    listing,
    query,
    featured: featured ? toListingProduct(featured, department, await listingShopper(args)) : null,
  };
});

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  titleMeta(matches, departmentNameFromMatches(matches));

export default function DepartmentHome() {
  const { categories, catalogs, alerts, listing, query, featured } = useLoaderData<typeof loader>();
  const department = useDepartment();
  const store = useStore();
  const home = departmentPath(department.store_id, department.id);
  const allProducts = productsPath(department.store_id, department.id);

  return (
    <>
      <StoreAlertsIsland alerts={alerts} />
      <ListingHeader eyebrow={store.name} title={department.name} lead={department.description}>
        <SearchForm action={allProducts} query="" />
      </ListingHeader>
      <CatalogLaunchers catalogs={catalogs} />
      {featured ? <FeaturedProduct product={featured} /> : null}
      {listing ? (
        <ProductListingIsland
          action={home}
          clearAllHref={home}
          query={query}
          listing={listing}
          listStyle={department.list_style}
        />
      ) : (
        <>
          <CategoryGrid categories={categories} heading="Shop by category" />
          <p className="listing-all">
            <Link to={allProducts} className="button button--secondary">
              Shop all {department.name}
            </Link>
          </p>
        </>
      )}
    </>
  );
}
