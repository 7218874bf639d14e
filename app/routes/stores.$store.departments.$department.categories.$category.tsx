/**
 * A category of the department: its sub-categories as a grid, and its products with the filter
 * menu, sort and pages (spec §2). The 'Search Department' box searches the whole department, as
 * its label says; a ?query= on the category (an old or shared link) is still answered, but says
 * it covers this category only and offers the department's results. An unknown category (or
 * another department's) is the 404 page; any other failure to load it shows the department with
 * a notice.
 */
import { parseId } from "@core/rules/ids";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { loadStoreAlerts } from "~/.server/alerts";
import { ApiNotFoundError, type CategoryDetail } from "~/.server/api";
import { requireDepartment } from "~/.server/department";
import { loadProductListing } from "~/.server/listing";
import { reportError, requestPath } from "~/.server/error-reporting";
import { StorefrontError, withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";
import { StoreAlertsIsland } from "~/components/StoreAlertsIsland";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CategoryGrid } from "~/components/listing/CategoryGrid";
import { ListingHeader } from "~/components/listing/ListingHeader";
import { ProductListingIsland } from "~/components/listing/ProductListingIsland";
import { SearchForm } from "~/components/listing/SearchForm";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import { categoryPath, productsPath, toCategoryTiles } from "~/lib/listing";
import { hasActiveFilters, listingHref, parseListingQuery, QUERY_PARAM } from "~/lib/listing-query";
import { titleMeta } from "~/lib/route-meta";
import { departmentNameFromMatches, useDepartment } from "./stores.$store.departments.$department";

export const CATEGORY_FAILED_MESSAGE =
  "Sorry, this category could not be loaded right now. Please try again in a moment.";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const department = await requireDepartment(args);
  const categoryId = parseId(args.params.category);
  if (categoryId === null) throw new StorefrontError(ERROR_MESSAGES.notFound, 404);

  const api = args.context.api;
  let category: CategoryDetail | null = null;
  let failure: string | null = null;
  try {
    category = await api.getCategory(categoryId);
  } catch (error) {
    if (error instanceof ApiNotFoundError) {
      throw new StorefrontError(ERROR_MESSAGES.notFound, 404, { cause: error });
    }
    reportError(error, {
      action: "Category fetch failed",
      path: requestPath(args.request),
      categoryId,
      departmentId: department.id,
    });
    failure = CATEGORY_FAILED_MESSAGE;
  }
  if (category && category.department_id !== department.id) {
    throw new StorefrontError(ERROR_MESSAGES.notFound, 404);
  }

  const url = new URL(args.request.url);
  const query = parseListingQuery(url.searchParams);
  const path = categoryPath(department.store_id, department.id, categoryId);
  if (url.searchParams.has(QUERY_PARAM) && !query.query) {
    throw redirectTo(path);
  }

  const [listing, alerts] = await Promise.all([
    category ? loadProductListing(args, department, query, category.id) : null,
    loadStoreAlerts(args, args.params.store),
  ]);

  // The parent of a sub-category, from the department's category tree (for the eyebrow).
  const parentId = category?.parent_id ?? null;
  const parent =
    parentId === null ? null : department.categories?.data.find((c) => c.id === parentId);

  return {
    category: category && { id: category.id, name: category.name },
    parentName: parent?.name ?? null,
    children: toCategoryTiles(category?.children?.data ?? [], department.store_id, department.id),
    // Without the category, the department's categories (the page's way on).
    fallbackCategories: category
      ? []
      : toCategoryTiles(department.categories?.data ?? [], department.store_id, department.id),
    listing,
    alerts,
    query,
    failure,
  };
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(
    matches,
    data?.query.query
      ? `Search: ${data.query.query}`
      : (data?.category?.name ?? departmentNameFromMatches(matches)),
  );

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const category = (match.data as { category?: { name: string } | null } | undefined)?.category;
    return category ? { label: category.name, to: match.pathname.replace(/\/$/, "") } : null;
  },
};

export default function CategoryPage() {
  const { category, parentName, children, listing, alerts, query, failure, fallbackCategories } =
    useLoaderData<typeof loader>();
  const department = useDepartment();

  if (!category) {
    // The category could not be loaded: the department, with a notice and its categories.
    return (
      <>
        <StoreAlertsIsland alerts={alerts} />
        <ListingHeader eyebrow="Department" title={department.name} lead={department.description} />
        <p className="notice notice--error listing-error" role="alert">
          {failure}
        </p>
        <CategoryGrid heading="Shop by category" categories={fallbackCategories} />
      </>
    );
  }

  const path = categoryPath(department.store_id, department.id, category.id);
  const allProducts = productsPath(department.store_id, department.id);
  // The same words over the whole department: where a category-only search can widen to.
  const departmentSearch = query.query ? listingHref(allProducts, { query: query.query }) : null;
  const result = listing?.result;
  // A parent category without products of its own is just its grid of sub-categories.
  const showProducts =
    !result ||
    result.total > 0 ||
    Boolean(query.query) ||
    hasActiveFilters(query) ||
    children.length === 0;

  return (
    <>
      <StoreAlertsIsland alerts={alerts} />
      <ListingHeader eyebrow={parentName ?? department.name} title={category.name}>
        <SearchForm action={allProducts} query={query.query} />
      </ListingHeader>
      {departmentSearch ? (
        <p className="notice listing-scope">
          Showing results in {category.name} only.{" "}
          <Link to={departmentSearch}>
            Search all of {department.name} for “{query.query}”
          </Link>
        </p>
      ) : null}
      {children.length > 0 && !query.query ? (
        <CategoryGrid categories={children} heading={`Shop ${category.name}`} />
      ) : null}
      {listing && showProducts ? (
        <ProductListingIsland
          action={path}
          clearAllHref={departmentSearch ?? path}
          query={query}
          listing={listing}
          listStyle={department.list_style}
        />
      ) : null}
    </>
  );
}
