import { useFetcher } from "@remix-run/react";
import { CsrfInput } from "~/components/CsrfInput";

interface FavoriteStarProps {
  favorite: boolean;
  /** Favorites belong to signed-in shoppers (spec §6): guests see no star at all. */
  signedIn: boolean;
  productName: string;
}

/**
 * The favorite star: a small form posting `intent=favorite` to the product page. With scripts it
 * toggles at once and settles on the server's answer (spec §4: optimistic, reverted on failure).
 */
export function FavoriteStar({ favorite, signedIn, productName }: FavoriteStarProps) {
  const fetcher = useFetcher<{ favorite?: boolean }>();
  if (!signedIn) return null;
  const pending = fetcher.formData?.get("favorite");
  const shown =
    typeof pending === "string" ? pending === "1" : (fetcher.data?.favorite ?? favorite);
  return (
    <fetcher.Form method="post" className="favorite-star">
      <CsrfInput />
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="favorite" value={shown ? "0" : "1"} />
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
    </fetcher.Form>
  );
}
