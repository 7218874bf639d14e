/**
 * …/departments/{department}/products: every product of the department, or the search results
 * with ?query=, filtered, sorted and paged by URL parameters (spec §2, §9). An empty search goes
 * back to the department home. A search that fails shows the department with a notice.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadStoreAlerts } from "~/.server/alerts";
import { requireDepartment } from "~/.server/department";
import { loadProductListing } from "~/.server/listing";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";
import { StoreAlertsIsland } from "~/components/StoreAlertsIsland";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CategoryGrid } from "~/components/listing/CategoryGrid";
import { ListingHeader } from "~/components/listing/ListingHeader";
import { ProductListingIsland } from "~/components/listing/ProductListingIsland";
import { SearchForm } from "~/components/listing/SearchForm";
import { departmentPath, productsPath, toCategoryTiles } from "~/lib/listing";
import {
  listingHref,
  parseListingQuery,
  QUERY_PARAM,
  type ListingQuery,
} from "~/lib/listing-query";
import { titleMeta } from "~/lib/route-meta";
import { useStore } from "./stores.$store";
import { departmentNameFromMatches, useDepartment } from "./stores.$store.departments.$department";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const department = await requireDepartment(args);
  const url = new URL(args.request.url);
  const query = parseListingQuery(url.searchParams);
  if (url.searchParams.has(QUERY_PARAM) && !query.query) {
    throw redirectTo(departmentPath(department.store_id, department.id));
  }
  const [listing, alerts] = await Promise.all([
    loadProductListing(args, department, query),
    loadStoreAlerts(args, args.params.store),
  ]);
  // A failed listing still leaves the shopper somewhere to go: the department's categories.
  const fallbackCategories =
    listing.result === null
      ? toCategoryTiles(department.categories?.data ?? [], department.store_id, department.id)
      : [];
  return { listing, alerts, query, fallbackCategories };
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(
    matches,
    data?.query.query ? `Search: ${data.query.query}` : departmentNameFromMatches(matches),
  );

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const query = (match.data as { query?: ListingQuery } | undefined)?.query;
    const path = match.pathname.replace(/\/$/, "");
    if (!query) return null;
    return query.query
      ? { label: `Search: ${query.query}`, to: listingHref(path, { query: query.query }) }
      : { label: "All Products", to: path };
  },
};

export default function DepartmentProducts() {
  const { listing, alerts, query, fallbackCategories } = useLoaderData<typeof loader>();
  const department = useDepartment();
  const store = useStore();
  const action = productsPath(department.store_id, department.id);
  const failed = listing.result === null;

  return (
    <>
      <StoreAlertsIsland alerts={alerts} />
      <ListingHeader
        eyebrow={query.query ? "Search results" : store.name}
        title={department.name}
        lead={query.query ? null : department.description}
      >
        <SearchForm action={action} query={query.query} />
      </ListingHeader>
      <ProductListingIsland
        action={action}
        clearAllHref={action}
        query={query}
        listing={listing}
        listStyle={department.list_style}
      />
      {/* A failed listing still leaves the shopper somewhere to go. */}
      {failed ? <CategoryGrid heading="Shop by category" categories={fallbackCategories} /> : null}
    </>
  );
}
