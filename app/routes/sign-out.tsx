/**
 * 'Sign Out' in the header (the spec is silent; a real storefront has one): the API retires the
 * device's key and the session begins anew, as a guest's, on the home page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo, addFlashMessage } from "~/.server/session";
import { signOutShopper } from "~/.server/sign-on";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const state = args.context.shopper;
  await readCheckedPost(args.request, args.context.shopper);
  if (state.session.has("user")) await signOutShopper(args, args.context.api, state);
  addFlashMessage(state.session, { kind: "info", text: "You are signed out." });
  return redirectTo("/", { status: 303 });
});

export const loader = (_args: LoaderFunctionArgs) => redirect("/");

export default function SignOut() {
  return null;
}
