/**
 * 'Lite version' / 'Full version' in the footer: the shopper's choice of pages without scripts,
 * kept in the preferences cookie (app/lib/lite-mode.ts), then back to the page they were on.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { safeRedirectPath } from "~/.server/safe-redirect";
import { redirectTo } from "~/.server/session";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { preferences } = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  preferences.lite = form.get("lite") === "on";
  return redirectTo(safeRedirectPath(form.get("redirectTo"), "/"));
});

/** Nothing to show on GET: the choice is made from the footer of any page. */
export const loader = (_args: LoaderFunctionArgs) => redirect("/");

export default function LitePreference() {
  return null;
}
