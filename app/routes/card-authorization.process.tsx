/**
 * /card-authorization/process (spec §2): the payment provider sends the shopper back here. The
 * authorization is read from the API: approved goes on to /checkout; anything else is said, the
 * authorization is given up and the shopper is back on the cart, or for a delivery on its
 * delivery information, which offers another card (app/.server/payment-options.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishCardAuthorization } from "~/.server/payment-options";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { redirectTo } from "~/.server/session";
import { ROUTE_GUARD_MESSAGES, type RouteMeta } from "~/lib/route-meta";

export const routeMeta = {
  requiresOrder: true,
  requiresAuthentication: true,
  signInMessage: ROUTE_GUARD_MESSAGES.signInToFinishPayment,
} as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = args.context.shopper;
  const to = await finishCardAuthorization(args.context.api, session, order);
  return redirectTo(to);
});

/** Never shown: the loader always redirects, or its guard answers the error page. */
export default function CardAuthorizationProcess() {
  return null;
}
