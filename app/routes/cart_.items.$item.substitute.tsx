/**
 * /cart/items/{item}/substitute (decision 029): 'Substitute with…' for a cart item as a plain
 * page, up to 5 similar products as radios and Save, back to the cart. With scripts the cart
 * opens the same list in a dialog, loading this loader and posting to this action by fetchers.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { saveSubstitute, substitutePageData } from "~/.server/substitution";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { pageForm, SubstituteForm } from "~/components/cart/ItemSubstitution";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Substitute With");

export const routeMeta = { requiresOrder: true } as const satisfies RouteMeta;

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Cart", to: "/cart" }),
};

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  return substitutePageData(args, args.context.api, order, args.params.item);
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, routeMeta);
  return saveSubstitute(args, args.context.api, order, args.params.item, form);
});

export default function SubstitutePage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const error = answer && "error" in answer ? answer.error : null;
  return (
    <div className="substitute-page">
      <header className="page-header">
        <h1>Substitute with…</h1>
      </header>
      <div className="card substitute-page__card">
        <SubstituteForm
          page={page}
          error={error}
          pending={navigation.state === "submitting"}
          cancel={
            <Link to="/cart" className="button button--secondary">
              Cancel
            </Link>
          }
          form={pageForm}
        />
      </div>
    </div>
  );
}
