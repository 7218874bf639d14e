/**
 * /sso-return (spec §2): the provider sends the shopper back here. The state is checked against
 * the one kept when the sign-in began; a missing or different one signs nobody in. Either way the
 * shopper goes back to the stored return path (default /), told when it did not work, which is
 * reported (spec §8).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo, addFlashMessage } from "~/.server/session";
import { finishSignOn, SignOnFailure, signOnFailed } from "~/.server/sign-on";
import type { RouteMeta } from "~/lib/route-meta";

/** Spec §2: flagged ssoInProcess and allows a submitted order. */
export const routeMeta = {
  ssoInProcess: true,
  allowsSubmittedOrder: true,
} as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const state = args.context.shopper;
  try {
    const returnPath = await finishSignOn(args, args.context.api, state);
    const name = state.session.get("user")?.firstName;
    addFlashMessage(state.session, {
      kind: "success",
      text: name ? `Welcome back, ${name}. You are signed in.` : "You are signed in.",
    });
    return redirectTo(returnPath, { status: 303 });
  } catch (error) {
    if (!(error instanceof SignOnFailure)) throw error;
    return signOnFailed(args, state.session, error);
  }
});

export default function SsoReturn() {
  return null;
}
