/**
 * A catalog at one of its pages: the two-page spread that shows it (spec §2, §9). A page the
 * catalog does not have is the 404 page. The work is in app/.server/catalog-spread.ts.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { catalogSpreadData } from "~/.server/catalog-spread";
import { withRouteErrors } from "~/.server/route-errors";
import { catalogBreadcrumb, catalogTitle, CatalogViewer } from "~/components/catalog/CatalogViewer";
import { titleMeta } from "~/lib/route-meta";

export const loader = withRouteErrors(catalogSpreadData);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titleMeta(matches, catalogTitle(data));

export const handle = catalogBreadcrumb;

export default function CatalogSpreadPage() {
  return <CatalogViewer view={useLoaderData<typeof loader>()} />;
}
