import { useFetcher, useLocation } from "@remix-run/react";
import { CsrfInput } from "~/components/CsrfInput";
import { useHydrated } from "~/components/useHydrated";
import {
  FAVORITE_FIELD,
  FAVORITE_INTENT,
  FAVORITE_REDIRECT_FIELD,
  favoritePath,
  type FavoriteAnswer,
} from "~/lib/favorites";

interface FavoriteStarProps {
  productId: number;
  productName: string;
  favorite: boolean;
  /** Favorites belong to signed-in shoppers (spec §6): guests see no star at all. */
  signedIn: boolean;
  /** Without JavaScript the post comes back to this page at this fragment (a card's id). */
  returnFragment?: string;
  className?: string;
}

/**
 * The favorite star (spec §2, §4): a small form posting to `/favorites/{product}` from any page.
 * With scripts it toggles at once and settles on the server's answer (the pages' data is read
 * again after the post); a refusal or a failed request puts it back as it was, with a notice in a
 * live region. Without scripts the post comes back to this page, the star in its new state.
 */
export function FavoriteStar({ signedIn, ...props }: FavoriteStarProps) {
  // Before any hook: a guest's listing renders 50 cards, and a fetcher each is no small cost.
  return signedIn ? <FavoriteStarForm {...props} /> : null;
}

function FavoriteStarForm({
  productId,
  productName,
  favorite,
  returnFragment,
  className,
}: Omit<FavoriteStarProps, "signedIn">) {
  const fetcher = useFetcher<FavoriteAnswer>();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const pending = fetcher.formData?.get(FAVORITE_FIELD);
  const shown = typeof pending === "string" ? pending === "1" : favorite;
  const failed = fetcher.state === "idle" && fetcher.data?.favorite === null ? fetcher.data : null;
  return (
    <fetcher.Form
      method="post"
      action={favoritePath(productId)}
      className={className ? `favorite-star ${className}` : "favorite-star"}
      preventScrollReset
    >
      <CsrfInput />
      <input type="hidden" name="intent" value={FAVORITE_INTENT} />
      <input type="hidden" name={FAVORITE_FIELD} value={shown ? "0" : "1"} />
      {hydrated ? null : (
        <input
          type="hidden"
          name={FAVORITE_REDIRECT_FIELD}
          value={`${pathname}${search}${returnFragment ? `#${returnFragment}` : ""}`}
        />
      )}
      <button type="submit" className="favorite-star__button" aria-pressed={shown}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
            fill={shown ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">Favorite {productName}</span>
      </button>
      {hydrated ? (
        <span className="favorite-star__notice" role="status">
          {failed ? failed.message : null}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
