/**
 * The favorite star's one home (spec §4 "Favorite"): the product page and every listing card post
 * here. Without JavaScript the post goes back to the page it came from (303), where the star shows
 * its new state; with it, the star's fetcher gets the new flag, and `clientAction` turns a failed
 * request (no answer, a refusal page) into the same small answer, so the star reverts with a
 * notice instead of the page turning into an error page. The work is in app/.server/favorites.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { Link, useActionData, type ClientActionFunctionArgs } from "@remix-run/react";
import { readCheckedPost } from "~/.server/csrf";
import { favoritePost } from "~/.server/favorites";
import { withRouteErrors } from "~/.server/route-errors";
import { FAVORITE_FAILED, type FavoriteAnswer } from "~/lib/favorites";

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  return favoritePost(args, args.params.product, form);
});

export async function clientAction({
  serverAction,
}: ClientActionFunctionArgs): Promise<FavoriteAnswer> {
  try {
    return await serverAction<typeof action>();
  } catch {
    return { favorite: null, message: FAVORITE_FAILED };
  }
}

/**
 * Only a post that named no page to go back to lands here (there is no loader: a loader's redirect
 * would be taken after the post too), or someone who typed the address.
 */
export default function FavoritePosted() {
  const answer = useActionData<FavoriteAnswer>();
  return (
    <section>
      <h1>Favorites</h1>
      <p role="status">
        {!answer
          ? "Use the star on a product to keep it in your favorites."
          : answer.favorite === null
            ? answer.message
            : answer.favorite
              ? "Saved to your favorites."
              : "Removed from your favorites."}
      </p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  );
}
