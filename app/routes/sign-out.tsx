/**
 * 'Sign Out' in the header (the spec is silent; a real storefront has one): the API retires the
 * device's key and the session begins anew, as a guest's, on the home page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { addFlashMessage, getShopperState, redirectWithCookies } from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import { signOutShopper } from "~/.server/sign-on";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const state = await getShopperState(args);
  await readCheckedPost(args.request, state.session);
  if (state.session.has("user")) await signOutShopper(args, await requireApi(args), state);
  addFlashMessage(state.session, { kind: "info", text: "You are signed out." });
  return redirectWithCookies(args.context, "/", { status: 303 });
});

export const loader = (_args: LoaderFunctionArgs) => redirect("/");

export default function SignOut() {
  return null;
}
