/**
 * A department's catalog, opened at its cover (spec §2: the cover alone as page 1). The work is
 * in app/.server/catalog-spread.ts; the page is the catalog viewer, as on …/pages/{page}.
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

export default function CatalogCover() {
  return <CatalogViewer view={useLoaderData<typeof loader>()} />;
}
