/**
 * Single sign-on, the storefront's side (spec §2 /sso-return, §4 "Authentication", decision 016).
 *
 * The API is the OpenID Connect client; the storefront only carries the shopper there and back.
 * One remix-auth strategy speaks the spec's API flow in two steps:
 * - start (a post from /auth-request or the header): `GET oauth/authorize` with this site's
 *   /sso-return, the answered `state` and the return path kept in the session, and a redirect to
 *   the provider;
 * - return (/sso-return): the `state` checked against the kept one, `POST oauth/authenticate`,
 *   whose answer is the profile and a new API key (the old one is retired by the API).
 * On success the session begins anew with the new key and the profile (fetched once per visit).
 */
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { SSO_RETURN_PATH, type UserProfile } from "@core/contract/accounts";
import { ApiError, ApiUnavailableError, type StorefrontApi } from "./api";
import { ownOrigin } from "./csrf";
import { reportError, requestPath } from "./error-reporting";
import { describeError, logWarning } from "./log";
import { safeRedirectPath } from "./safe-redirect";
import {
  redirectTo,
  addFlashMessage,
  type RequestArgs,
  type ShopperState,
  type SignedInShopper,
  type StorefrontSession,
} from "./session";

/** Spec §8: the provider (or the API's way to it) could not be reached. */
export const SIGN_ON_UNREACHABLE =
  "Network connection issue communicating with SSO server. Continuing as guest.";
/** Ours: any other failed sign-in (a refused code, a key signed in as someone else). */
export const SIGN_ON_FAILED = "We could not sign you in. Please try again.";

/** What a finished sign-in hands the session. */
export interface SignOnResult {
  shopper: SignedInShopper;
  apiKey: string;
}

export const shopperOf = (profile: UserProfile): SignedInShopper => ({
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

interface StrategyContext {
  api: StorefrontApi;
  session: StorefrontSession;
  /** Where to come back to after the sign-in (a path of this site). */
  returnPath: string;
  /** The shopper pressed Register: the provider's registration form, where it has one. */
  register?: boolean;
}

/**
 * The spec's API flow as a remix-auth strategy: a request to /sso-return finishes a sign-in,
 * any other starts one (and never returns: it answers with the redirect to the provider).
 */
class ApiSignOnStrategy extends Strategy<SignOnResult, SignOnResult> {
  name = "api-sign-on";

  constructor(private readonly context: StrategyContext) {
    super(async (result) => result);
  }

  async authenticate(request: Request): Promise<SignOnResult> {
    const url = new URL(request.url);
    const origin = ownOrigin(request.url, request.headers) ?? url.origin;
    const redirectUri = `${origin}${SSO_RETURN_PATH}`;
    const { api, session } = this.context;
    if (url.pathname !== SSO_RETURN_PATH) {
      const started = await api.startSignIn(redirectUri, { register: this.context.register });
      session.set("oauthState", started.state);
      session.set("returnPath", this.context.returnPath);
      throw redirect(started.authorization_url);
    }

    const kept = session.get("oauthState");
    const returned = url.searchParams.get("state");
    const code = url.searchParams.get("code");
    session.unset("oauthState");
    session.unset("returnPath");
    // Spec §2: a missing or different state signs nobody in; back to the return path.
    if (!kept || !returned || returned !== kept || !code) {
      throw new SignOnFailure(SIGN_ON_FAILED, this.context.returnPath, {
        cause: new Error(
          kept && returned
            ? "The sign-in's state is not the one kept"
            : "A sign-in's state is missing",
        ),
      });
    }
    const { profile, apiKey } = await api.finishSignIn({
      code,
      state: returned,
      redirect_uri: redirectUri,
      iss: url.searchParams.get("iss") ?? undefined,
    });
    return this.verify({ shopper: shopperOf(profile), apiKey });
  }
}

function authenticatorFor(context: StrategyContext) {
  return new Authenticator<SignOnResult>().use(new ApiSignOnStrategy(context));
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
  // The strategy reads only the URL and headers; the post's body was read for its CSRF token, and
  // remix-auth copies the request it is given.
  const request = new Request(args.request.url, { headers: args.request.headers });
  try {
    await authenticatorFor({ api, session: state.session, returnPath, register }).authenticate(
      "api-sign-on",
      request,
    );
  } catch (thrown) {
    if (thrown instanceof Response) {
      // The provider is another site: not a path redirectTo would pass.
      return new Response(null, { status: 303, headers: thrown.headers });
    }
    logWarning("Could not start a sign-in", describeError(thrown));
    throw new SignOnFailure(failureMessage(thrown), returnPath, { cause: thrown });
  }
  throw new Error("The sign-in strategy neither redirected nor failed");
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
  const returnPath = safeRedirectPath(state.session.get("returnPath"), "/");
  let result: SignOnResult;
  try {
    result = await authenticatorFor({ api, session: state.session, returnPath }).authenticate(
      "api-sign-on",
      args.request,
    );
  } catch (error) {
    if (error instanceof SignOnFailure) throw error;
    logWarning("A sign-in could not be finished", describeError(error));
    throw new SignOnFailure(failureMessage(error), returnPath, { cause: error });
  }
  state.session.set("apiKey", result.apiKey);
  state.session.set("user", result.shopper);
  // A token someone may have seen before the sign-in does not carry over into it.
  state.session.unset("csrfToken");
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
