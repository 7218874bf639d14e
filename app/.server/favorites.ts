/**
 * The favorite star's post (spec §4 "Favorite", §6, §7 GET/PUT products/{id}/favorite): signed-in
 * shoppers only; the API keeps the flag. With JavaScript the answer is the new flag (or why not);
 * without it the shopper goes back to the page the star was on (a same-site path only), where it
 * shows its new state, and a refusal comes as a message there.
 */
import { data } from "@remix-run/node";
import { parseId } from "@core/rules/ids";
import { z } from "zod";
import {
  FAVORITE_FAILED,
  FAVORITE_FIELD,
  FAVORITE_INTENT,
  FAVORITE_REDIRECT_FIELD,
  FAVORITE_SIGN_IN,
  type FavoriteAnswer,
} from "~/lib/favorites";
import { ApiError, ApiNotFoundError, ApiUnauthenticatedError } from "./api";
import { isAuthenticated } from "./shopper";
import { readIntent } from "./form-intent";
import { describeError, logWarning } from "./log";
import { safeRedirectPath } from "./safe-redirect";
import { redirectTo, addFlashMessage, type RequestArgs } from "./session";

/** The post, read with conform's parseWithZod (a union, as every route's intents are). */
export const favoriteIntents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(FAVORITE_INTENT),
    [FAVORITE_FIELD]: z.enum(["0", "1"]).transform((value) => value === "1"),
  }),
]);

/** Sets the product's favorite flag as posted (the CSRF check is the caller's, done first). */
export async function favoritePost(
  args: RequestArgs,
  productParam: string | undefined,
  form: FormData,
) {
  const { session } = args.context.shopper;
  const back = safeRedirectPath(form.get(FAVORITE_REDIRECT_FIELD), null);
  const answer = async (result: FavoriteAnswer, status = 200) => {
    if (!back) return data(result, { status });
    if (result.favorite === null) addFlashMessage(session, { kind: "error", text: result.message });
    return redirectTo(back, { status: 303 });
  };

  const productId = parseId(productParam);
  const posted = readIntent(form, favoriteIntents);
  if (productId === null) return answer({ favorite: null, message: FAVORITE_FAILED }, 404);
  if (!posted) return answer({ favorite: null, message: FAVORITE_FAILED }, 400);
  if (!isAuthenticated(session)) return answer({ favorite: null, message: FAVORITE_SIGN_IN }, 403);

  try {
    const api = args.context.api;
    // Spec §7: the flag is read (GET), then toggled (PUT) only when it is not yet as posted, so
    // a double post or a second tab's star changes nothing.
    const current = await api.getFavorite(productId);
    if (current === posted.favorite) return await answer({ favorite: current });
    return await answer({ favorite: await api.toggleFavorite(productId) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logWarning("Could not update a favorite", { productId, ...describeError(error) });
    // A retired key (signed out elsewhere): the session is a guest's from here on.
    if (error instanceof ApiUnauthenticatedError || !isAuthenticated(session))
      return answer({ favorite: null, message: FAVORITE_SIGN_IN }, 403);
    const status = error instanceof ApiNotFoundError ? 404 : error.status >= 500 ? 502 : 400;
    return answer({ favorite: null, message: FAVORITE_FAILED }, status);
  }
}
