/**
 * Change Store confirmed (the Change Store dialog posts here): the cart is emptied and the store
 * locator opens.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo, forgetOrder } from "~/.server/session";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  await readCheckedPost(args.request, args.context.shopper);
  forgetOrder(session);
  return redirectTo("/stores");
});

/** Nothing to show on GET: the locator is where changing stores happens. */
export const loader = (_args: LoaderFunctionArgs) => redirect("/stores");

export default function ChangeStore() {
  return null;
}
