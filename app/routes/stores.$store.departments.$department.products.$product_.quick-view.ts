/**
 * The quick view's read of a product (spec §2 "product quick detail", and the catalog spread's
 * product dialog): a resource route beside the product page, read only by the dialogs' fetchers
 * (app/lib/quick-view.ts). It answers what the dialog's Add to Cart needs, never the page's data;
 * a product gone since the listing loaded is the spec's 'Product Error' as data (404), other
 * failures too (503 with the API away), so the dialog keeps what the listing said (spec §8)
 * instead of the listing turning into the error page. The page's own loader is in the route file
 * without `_.quick-view`.
 *
 * It answers a Response, not `data()`: opened directly (a resource request), Remix would send
 * `data()`'s value as JSON with 200 whatever its status; a returned (not thrown) Response keeps
 * its status there and, read by a fetcher, is still the dialog's data.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { quickViewData, quickViewFailure } from "~/.server/product-page";
import { withRouteErrors } from "~/.server/route-errors";
import type { QuickViewAnswer } from "~/lib/quick-view";

const quickViewLoader = withRouteErrors(quickViewData);

export async function loader(args: LoaderFunctionArgs): Promise<Response> {
  try {
    return Response.json((await quickViewLoader(args)) satisfies QuickViewAnswer);
  } catch (error) {
    const { failure, status } = quickViewFailure(error);
    return Response.json(failure satisfies QuickViewAnswer, { status });
  }
}
