/**
 * Change Store confirmed (the Change Store dialog posts here): the cart is emptied and the store
 * locator opens.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { forgetOrder, getShopperState, redirectWithCookies } from "~/.server/session";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = await getShopperState(args);
  await readCheckedPost(args.request, session);
  forgetOrder(session);
  return redirectWithCookies(args.context, "/stores");
});

/** Nothing to show on GET: the locator is where changing stores happens. */
export const loader = (_args: LoaderFunctionArgs) => redirect("/stores");

export default function ChangeStore() {
  return null;
}
