/**
 * The Store Locator's data (spec §2, §4, §7, §9): the brand's stores, the searched place from the
 * API's geocoder, and the search rule (core/rules/store-search). A geocoder that fails or knows
 * no such place leaves the search to name matching; a failed store fetch is reported and an
 * empty list shown (§8).
 */
import { searchQueryText } from "@core/rules/search-query";
import { searchStores } from "@core/rules/store-search";
import { storeSummaryOf } from "~/components/StoreSummary";
import { ApiUnavailableError, type StorefrontApi } from "./api";
import { reportError } from "./error-reporting";

/** The search box's query parameter ('/stores?search=08540'); `query` is its earlier name. */
export function searchOf(url: URL): { search: string; submitted: boolean } {
  const raw = url.searchParams.get("search") ?? url.searchParams.get("query");
  return { search: searchQueryText(raw), submitted: raw !== null };
}

export async function storeLocatorData(api: StorefrontApi, brandName: string, search: string) {
  const [stores, place] = await Promise.all([
    api.listStores().catch((error: unknown) => {
      if (error instanceof ApiUnavailableError) throw error;
      reportError(error, { action: "Store list failed", path: "/stores" });
      return [];
    }),
    search
      ? api.geocode(search).catch((error: unknown) => {
          // §7: on the geocoder's failure the search falls back to name matching.
          if (!(error instanceof ApiUnavailableError)) {
            reportError(error, { action: "Geocoder failed", path: "/stores" });
          }
          return null;
        })
      : null,
  ]);
  const results = searchStores(stores, search, {
    brandWords: brandName.split(/\s+/),
    origin: place,
  }).map(({ store, miles }, index) => ({
    id: store.id,
    number: index + 1,
    ...storeSummaryOf(store),
    latitude: store.address_latitude,
    longitude: store.address_longitude,
    miles: miles === null ? null : Math.round(miles * 10) / 10,
  }));
  return { place: place?.label ?? null, results };
}
