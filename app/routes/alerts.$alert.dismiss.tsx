/**
 * Closing a store alert (the alert dialog posts here): its id joins the preferences cookie's seen
 * alerts, so it does not show again on this device. A plain form post (no JavaScript) is sent back
 * to the page it came from; the dialog's background request gets a small answer instead.
 */
import { parseId } from "@core/rules/ids";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { markAlertSeen } from "~/.server/alerts";
import { readCheckedPost } from "~/.server/csrf";
import { routeError, withRouteErrors } from "~/.server/route-errors";
import { safeRedirectPath } from "~/.server/safe-redirect";
import { redirectTo } from "~/.server/session";
import { REDIRECT_FIELD, SEEN_FIELD } from "~/components/AlertDialog";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const state = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  // Alert ids are positive integers, like store ids.
  const alertId = parseId(args.params.alert);
  if (alertId === null) throw routeError(404, ERROR_MESSAGES.notFound);
  // The page's earlier dismissals ride along, so one lost to a race is recorded again.
  const earlier = form
    .getAll(SEEN_FIELD)
    .slice(0, 20)
    .map((value) => parseId(String(value)))
    .filter((id): id is number => id !== null && id !== alertId);
  for (const id of [...earlier, alertId]) markAlertSeen(state.preferences, id);

  // A target that is not a path of this site is ignored: the small answer instead.
  const back = safeRedirectPath(form.get(REDIRECT_FIELD), null);
  if (back) return redirectTo(back, { status: 303 });
  return data({ dismissed: alertId });
});

/** Nothing to show: an alert is closed by posting. */
export const loader = (_args: LoaderFunctionArgs) => redirect("/");

export default function DismissAlert() {
  return null;
}
