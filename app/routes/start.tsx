/**
 * Start New Order / See Previous Orders: finds the store (spec §4) and moves on to
 * /stores/{store}/orders/new (with ?guessed=1 when the store was found by position) or to the
 * store's past orders. `lat` and `lng` carry the browser's position when JS could get one.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { storefrontConfig } from "~/.server/config";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";
import { positionFromQuery, resolveStore } from "~/.server/store-resolution";
import { GUESSED_PARAM } from "~/components/GuessedStoreDialog";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const search = new URL(args.request.url).searchParams;
  const { store, guessed } = await resolveStore(args, positionFromQuery(search));
  const wantsPastOrders =
    search.get("next") === "orders" && storefrontConfig().features.orderSystem;
  const target = wantsPastOrders
    ? `/stores/${store.id}/orders`
    : `/stores/${store.id}/orders/new${guessed ? `?${GUESSED_PARAM}=1` : ""}`;
  return redirectTo(target);
});

/** Never shown: the loader always redirects (or the error page shows). */
export default function Start() {
  return null;
}
