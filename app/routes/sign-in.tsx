/**
 * Starts a sign-in (spec §4 "Authentication"): the header's Sign In and /auth-request's Sign In
 * and Register post here with the page to come back to. The shopper goes to the provider; if it
 * cannot be reached they stay where they were, told so, as a guest, and it is reported (spec §8).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { SignOnFailure, signOnFailed, startSignOn } from "~/.server/sign-on";
import { storefrontConfig } from "~/.server/config";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const state = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  if (!storefrontConfig().features.accounts) return redirect("/");
  try {
    return await startSignOn(args, args.context.api, state, {
      returnTo: form.get("returnTo"),
      register: form.get("register") === "1",
    });
  } catch (error) {
    if (!(error instanceof SignOnFailure)) throw error;
    return signOnFailed(args, state.session, error);
  }
});

/** Nothing to show on GET: sign-in starts from a form on the page the shopper is on. */
export const loader = (_args: LoaderFunctionArgs) => redirect("/");

export default function SignIn() {
  return null;
}
