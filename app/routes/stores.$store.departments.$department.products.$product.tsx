/**
 * The product page (spec §2): the product as sold in the department, its configuration form and
 * Add to Cart. `?item={id}` loads a cart item of the working order into the form (Update Cart).
 *
 * The whole configuration is one form posting here, so it works without JavaScript; with it, the
 * same form gains accordion steps, a live price and the preview islands. The work is in
 * app/.server/product-page.ts (the page's data, the form's checks before any API call) and
 * app/.server/cart.ts (the save: the order is created on the first add); a refusal answers the
 * page again with the errors and every entry kept.
 */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { readCheckedPost } from "~/.server/csrf";
import { favoritePost } from "~/.server/favorites";
import { readIntent } from "~/.server/form-intent";
import { readItemPost } from "~/.server/item-post";
import {
  previewItem,
  productIntents,
  productPageData,
  saveItemFromPage,
} from "~/.server/product-page";
import { withRouteErrors } from "~/.server/route-errors";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { ErrorPage } from "~/components/ErrorPage";
import {
  ProductError,
  PRODUCT_ERROR_TITLE,
  type DepartmentLink,
} from "~/components/product/ProductError";
import type { ProductActionData } from "~/components/product/ProductPage";
import { island } from "~/components/island";
import { DIALOG_PARAM } from "~/lib/dialog-url";
import { errorPageContent } from "~/lib/error-catalogue";
import { FAVORITE_INTENT } from "~/lib/favorites";
import { PREVIEW_INTENT } from "~/lib/item-form";
import { readRouteError } from "~/lib/error-page-input";
import { titleMeta } from "~/lib/route-meta";

/** The page's data only: the quick view reads the product at its own route (`$product_.quick-view`). */
export const loader = withRouteErrors(productPageData);

// --- The form post ------------------------------------------------------------------------------

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  // The body may carry a photo: read by the item's own reader, after the origin is checked.
  const post = await readCheckedPost(args.request, args.context.shopper, (request) =>
    readItemPost(request, args.context.notePhotoUpload),
  );
  const posted = readIntent(post.form, productIntents) ?? { intent: "save" as const };
  switch (posted.intent) {
    case FAVORITE_INTENT:
      return favoritePost(args, args.params.product, post.form);
    case PREVIEW_INTENT:
      return previewItem(args, post.form);
    default:
      return saveItemFromPage(args, session, post);
  }
});

// --- The page -----------------------------------------------------------------------------------

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** The page (its form, rules and gallery) hydrates as an island: not on the first load. */
const ProductPageIsland = island("product-page", () =>
  import("~/components/product/ProductPage").then((m) => m.ProductPage),
);

export const meta: MetaFunction<typeof loader> = ({ data: page, error, matches }) => {
  if (error) {
    const failure = readRouteError(error);
    return titleMeta(
      matches,
      failure.code === 404
        ? PRODUCT_ERROR_TITLE
        : errorPageContent(failure.code, failure.message).title,
    );
  }
  const product = page?.product;
  // Spec §2: the page title is brand plus name.
  return titleMeta(
    matches,
    product ? [product.brand, product.name].filter(Boolean).join(" ") : undefined,
  );
};

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const page = match.data as LoaderData | undefined;
    return page ? { label: page.product.name, to: page.productHref } : null;
  },
};

/** Opening or closing the nutrition dialog changes only `?dialog=`: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(DIALOG_PARAM);
    params.sort();
    return `${url.pathname}?${params.toString()}`;
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export default function ProductRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProductActionData | undefined;
  // Another product, or another cart item: a fresh page state.
  return (
    <ProductPageIsland
      key={`${page.productHref}:${page.editing?.itemId ?? ""}`}
      page={page}
      actionData={actionData}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error)
    ? (error.data as { name?: unknown; department?: unknown })
    : null;
  if (body?.name === "ProductNotFound" && body.department) {
    return <ProductError department={body.department as DepartmentLink} />;
  }
  const { code, message } = readRouteError(error);
  return <ErrorPage code={code} message={message} />;
}
