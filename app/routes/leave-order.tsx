/**
 * 'Yes, I'm Sure' in a 'Your Cart is NOT Empty!' dialog (spec §2) posts here: the working order is
 * given up, then the shopper goes where they were going. This is the only place an order with
 * items is abandoned by moving around (the guards in .server/order-session.ts ask first).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readCheckedPost } from "~/.server/csrf";
import { withRouteErrors } from "~/.server/route-errors";
import { safeRedirectPath } from "~/.server/safe-redirect";
import { redirectTo, forgetOrder } from "~/.server/session";
import { departmentOfPath, LEAVE_TO_PARAM } from "~/lib/leave-order";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const to = safeRedirectPath(form.get(LEAVE_TO_PARAM), "/");
  forgetOrder(session);
  // The empty cart's "Go shopping" leads to the department the shopper moved to, not the old one.
  const department = departmentOfPath(to);
  if (department) session.set("shoppingDepartment", department);
  else session.unset("shoppingDepartment");
  return redirectTo(to, { status: 303 });
});

/** Nothing to show on GET: leaving is only ever confirmed by the dialog's post. */
export const loader = (_args: LoaderFunctionArgs) => redirect("/cart");

export default function LeaveOrder() {
  return null;
}
