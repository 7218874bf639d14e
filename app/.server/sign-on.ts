/**
 * Single sign-on, the storefront's side (spec §2 /sso-return, §4 "Authentication", decision 016).
 *
 * The API is the OpenID Connect client; the storefront only carries the shopper there and back,
 * in two plain functions (decision 039: no remix-auth, whose strategies are the OAuth client):
 * - startSignOn (a post from /auth-request or the header): `GET oauth/authorize` with this site's
 *   /sso-return, the answered `state` and the return path kept in the session, and a redirect to
 *   the provider;
 * - finishSignOn (/sso-return): the `state` checked against the kept one, `POST
 *   oauth/authenticate`, whose answer is the profile and a new API key (the old one is retired by
 *   the API).
 * On success the session begins anew with the new key and the profile (fetched once per visit).
 */
import { SSO_RETURN_PATH, type UserProfile } from "@core/contract/accounts";
import { ApiError, ApiUnavailableError, type StorefrontApi } from "./api";
import { ownOrigin } from "./csrf";
import { reportError, requestPath } from "./error-reporting";
import { describeError, logWarning } from "./log";
import { safeRedirectPath } from "./safe-redirect";
import {
  addFlashMessage,
  redirectTo,
  type RequestArgs,
  type ShopperState,
  type SignedInShopper,
  type StorefrontSession,
} from "./session";

/** Spec §8: the provider (or the API's way to it) could not be reached. */
const SIGN_ON_UNREACHABLE =
  "Network connection issue communicating with SSO server. Continuing as guest.";
/** Ours: any other failed sign-in (a refused code, a key signed in as someone else). */
const SIGN_ON_FAILED = "We could not sign you in. Please try again.";

/** What a finished sign-in hands the session. */
interface SignOnResult {
  shopper: SignedInShopper;
  apiKey: string;
}

const shopperOf = (profile: UserProfile): SignedInShopper => ({
  id: profile.id,
  email: profile.email,
  firstName: profile.first_name,
  lastName: profile.last_name,
  phone: profile.phone,
  cardNumber: profile.card_number,
});

/** The sign-on could not finish: the shopper goes back to where they were, told why. */
export class SignOnFailure extends Error {
  constructor(
    readonly shopperMessage: string,
    readonly returnPath: string,
    options?: { cause?: unknown },
  ) {
    super(shopperMessage, options);
  }
}

/**
 * Spec §8: a sign-on failure (the provider away, a refused code, a state that is not the one kept)
 * is reported to error reporting; the shopper, still a guest, is told why on the return path.
 */
export async function signOnFailed(
  args: RequestArgs,
  session: StorefrontSession,
  failure: SignOnFailure,
): Promise<Response> {
  reportError(failure.cause ?? failure, {
    action: "Sign-on failed",
    path: requestPath(args.request),
    told: failure.shopperMessage,
  });
  addFlashMessage(session, { kind: "error", text: failure.shopperMessage });
  return redirectTo(failure.returnPath, { status: 303 });
}

/** This site's /sso-return, as the provider sends the shopper back to it. */
function returnAddress(request: Request): string {
  const origin = ownOrigin(request.url, request.headers) ?? new URL(request.url).origin;
  return `${origin}${SSO_RETURN_PATH}`;
}

/** The provider's failures and the API's, as what the shopper is told. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiUnavailableError) return SIGN_ON_UNREACHABLE;
  if (error instanceof ApiError && (error.code === "sso_unreachable" || error.status === 502))
    return SIGN_ON_UNREACHABLE;
  return SIGN_ON_FAILED;
}

/**
 * Sends the shopper to the provider. `returnTo` (a path of this site, else home) is where they
 * land afterwards. Answers the redirect; a provider that cannot be reached throws SignOnFailure.
 */
export async function startSignOn(
  args: RequestArgs,
  api: StorefrontApi,
  state: ShopperState,
  { returnTo, register }: { returnTo: unknown; register: boolean },
): Promise<Response> {
  const returnPath = safeRedirectPath(returnTo, "/");
  let authorizationUrl: string;
  try {
    const started = await api.startSignIn(returnAddress(args.request), { register });
    state.session.set("oauthState", started.state);
    authorizationUrl = started.authorization_url;
  } catch (thrown) {
    logWarning("Could not start a sign-in", describeError(thrown));
    throw new SignOnFailure(failureMessage(thrown), returnPath, { cause: thrown });
  }
  state.session.set("returnPath", returnPath);
  // The provider is another site: not a path redirectTo would pass. The session's cookie is
  // committed with this answer like any other (server/remix-handler.ts).
  return new Response(null, { status: 303, headers: { Location: authorizationUrl } });
}

/**
 * /sso-return: finishes the sign-in and begins the session anew with the new key and the
 * shopper. Answers the path to go back to; throws SignOnFailure with the message and that path.
 */
export async function finishSignOn(
  args: RequestArgs,
  api: StorefrontApi,
  state: ShopperState,
): Promise<string> {
  const { session } = state;
  const returnPath = safeRedirectPath(session.get("returnPath"), "/");
  const url = new URL(args.request.url);
  const kept = session.get("oauthState");
  const returned = url.searchParams.get("state");
  const code = url.searchParams.get("code");
  session.unset("oauthState");
  session.unset("returnPath");
  // Spec §2: a missing or different state signs nobody in; back to the return path.
  if (!kept || !returned || returned !== kept || !code) {
    throw new SignOnFailure(SIGN_ON_FAILED, returnPath, {
      cause: new Error(
        kept && returned
          ? "The sign-in's state is not the one kept"
          : "A sign-in's state is missing",
      ),
    });
  }
  let result: SignOnResult;
  try {
    const { profile, apiKey } = await api.finishSignIn({
      code,
      state: returned,
      redirect_uri: returnAddress(args.request),
      iss: url.searchParams.get("iss") ?? undefined,
    });
    result = { shopper: shopperOf(profile), apiKey };
  } catch (error) {
    logWarning("A sign-in could not be finished", describeError(error));
    throw new SignOnFailure(failureMessage(error), returnPath, { cause: error });
  }
  session.set("apiKey", result.apiKey);
  session.set("user", result.shopper);
  // A token someone may have seen before the sign-in does not carry over into it.
  session.unset("csrfToken");
  args.context.shopper.renew();
  return returnPath;
}

/**
 * Signs the shopper out on both sides: the API retires the key, and the session begins anew
 * without key, person or order (the order is the person's; they find it again by signing in).
 */
export async function signOutShopper(
  args: RequestArgs,
  api: StorefrontApi,
  state: ShopperState,
): Promise<void> {
  try {
    await api.signOut();
  } catch (error) {
    // The session is ended here whatever the API said: the key it holds is dropped with it.
    logWarning("The API did not take the sign-out", describeError(error));
  }
  const { session } = state;
  for (const key of Object.keys(session.data)) session.unset(key as never);
  args.context.shopper.renew();
}
