/**
 * The store locator's search (spec §4, §5, §9). With no query every store, by name. After a
 * search at most 5 results: a zip-like query puts the stores with exactly that zip code first;
 * otherwise at most 3 stores whose indexed name matches with a score of at least 2 come first.
 * The rest are the stores nearest the searched place — the geocoder's answer for the query
 * (`origin`) — or, when the geocoder found nothing or failed, nearest the best match (§7: the
 * search falls back to name matching).
 *
 * Names are indexed without brand-like words and state codes, so 'Harvest Market' or 'NJ' in a
 * store's name does not make every store match.
 */
import { distanceInMiles, type Position } from "./geo";
import { isValidZip } from "./patterns";
import { compareNames } from "./sort";

export interface SearchableStore {
  id: number;
  name: string;
  city: string;
  state: string;
  zip_code: string;
  address_latitude: number;
  address_longitude: number;
}

/** One result: the store and, when the searched place is known, its distance from it. */
export interface StoreSearchResult<T extends SearchableStore> {
  store: T;
  miles: number | null;
}

/** §5: the search input is required (a search of only spaces shows this, with every store). */
export const STORE_SEARCH_REQUIRED = "Please enter a city, state or zip code to search.";

const MAX_SEARCH_RESULTS = 5;
/** Of the 5, at most this many come from the name match; the rest are the nearest. */
const MAX_NAME_MATCHES = 3;
const MIN_NAME_SCORE = 2;

/** Words that name a kind of shop rather than a place: stripped from store names before indexing. */
const SHOP_WORDS = [
  "market",
  "markets",
  "supermarket",
  "supermarkets",
  "store",
  "stores",
  "grocery",
  "groceries",
  "grocer",
  "grocers",
  "foods",
  "food",
  "shop",
  "shoppe",
  "superstore",
  "hypermarket",
];

/** The US states' and DC's postal codes, lower case. */
const STATE_CODES = new Set(
  (
    "al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh " +
    "nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy"
  ).split(" "),
);

/** Lower case, letters and digits only, single spaces. */
export const normalizeText = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A store name as the search indexes it: normalised, without the brand's own words, shop words
 * ('Market', 'Grocery'…) and state codes. 'Harvest Market — Princeton, NJ' → 'princeton'.
 */
export function indexedName(name: string, brandWords: readonly string[] = []): string {
  const stripped = new Set([...SHOP_WORDS, ...brandWords.map(normalizeText)]);
  return normalizeText(name)
    .split(" ")
    .filter((word) => word && !stripped.has(word) && !STATE_CODES.has(word))
    .join(" ");
}

/** '12345', '12345-6789', '12345 6789' → '12345'; anything else → null. */
export function zipOf(query: string): string | null {
  return isValidZip(query) ? query.trim().slice(0, 5) : null;
}

/** 'Princeton, NJ', 'princeton nj' → { place: 'princeton', state: 'nj' }; 'NJ' → { place: '', state: 'nj' }. */
export function parsePlaceQuery(query: string): { place: string; state: string | null } {
  const words = normalizeText(query).split(" ").filter(Boolean);
  const last = words[words.length - 1];
  if (last && STATE_CODES.has(last) && (words.length > 1 || query.trim().length === 2)) {
    return { place: words.slice(0, -1).join(" "), state: last };
  }
  return { place: words.join(" "), state: null };
}

const positionOf = (store: SearchableStore): Position => ({
  latitude: store.address_latitude,
  longitude: store.address_longitude,
});

const byName = (a: SearchableStore, b: SearchableStore) => compareNames(a.name, b.name);

/**
 * How well a store matches 'City', 'City, ST', 'ST' or part of a store's indexed name. A state
 * given in the query that the store is not in rules the store out.
 */
export function scoreStore(
  store: SearchableStore,
  query: string,
  brandWords: readonly string[] = [],
): number {
  const { place, state } = parsePlaceQuery(query);
  if (state && state !== store.state.trim().toLowerCase()) return 0;
  let score = state ? 1 : 0;
  if (!place) return score;

  const city = normalizeText(store.city);
  if (city === place) score += 3;
  else if (city.includes(place)) score += 2;

  const name = indexedName(store.name, brandWords);
  const nameWords = name.split(" ").filter(Boolean);
  if (name && (name === place || ` ${name} `.includes(` ${place} `))) score += 2;
  else score += place.split(" ").filter((w) => w.length > 1 && nameWords.includes(w)).length;
  return score;
}

/** `first`, then the other stores nearest `origin`, up to the result limit. */
function thenNearest<T extends SearchableStore>(
  stores: readonly T[],
  first: readonly T[],
  origin: Position,
  showMiles: boolean,
): StoreSearchResult<T>[] {
  const withMiles = (store: T) => ({
    store,
    miles: distanceInMiles(origin, positionOf(store)),
  });
  const taken = new Set(first.map((store) => store.id));
  const nearest = stores
    .filter((store) => !taken.has(store.id))
    .map(withMiles)
    .sort((a, b) => a.miles - b.miles || byName(a.store, b.store));
  return [...first.map(withMiles), ...nearest]
    .slice(0, MAX_SEARCH_RESULTS)
    .map(({ store, miles }) => ({ store, miles: showMiles ? miles : null }));
}

function searchByZip<T extends SearchableStore>(
  stores: readonly T[],
  zip: string,
  origin: Position | null,
): StoreSearchResult<T>[] {
  const exact = stores
    .filter((store) => store.zip_code.trim().slice(0, 5) === zip)
    .sort(byName)
    .slice(0, MAX_SEARCH_RESULTS);
  if (origin) return thenNearest(stores, exact, origin, true);
  // Without the geocoder the numerically closest zip code is the best guess at "nearby".
  const best =
    exact[0] ??
    [...stores].sort(
      (a, b) =>
        Math.abs(Number(a.zip_code.slice(0, 5)) - Number(zip)) -
          Math.abs(Number(b.zip_code.slice(0, 5)) - Number(zip)) || byName(a, b),
    )[0];
  return best ? thenNearest(stores, exact, positionOf(best), false) : [];
}

export interface StoreSearchOptions {
  /** The brand's own words, stripped from store names (with shop words and state codes). */
  brandWords?: readonly string[];
  /** Where the geocoder placed the query; null when it found nothing or failed. */
  origin?: Position | null;
}

/** The locator's result list (see the module's comment). */
export function searchStores<T extends SearchableStore>(
  stores: readonly T[],
  rawQuery: string | null | undefined,
  { brandWords = [], origin = null }: StoreSearchOptions = {},
): StoreSearchResult<T>[] {
  const query = (rawQuery ?? "").trim();
  if (!query) return [...stores].sort(byName).map((store) => ({ store, miles: null }));

  const zip = zipOf(query);
  if (zip) return searchByZip(stores, zip, origin);

  const ranked = stores
    .map((store) => ({ store, score: scoreStore(store, query, brandWords) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || byName(a.store, b.store));
  const strong = ranked
    .filter(({ score }) => score >= MIN_NAME_SCORE)
    .slice(0, MAX_NAME_MATCHES)
    .map(({ store }) => store);
  if (origin) return thenNearest(stores, strong, origin, true);
  const best = strong[0];
  if (!best) {
    return ranked.slice(0, MAX_SEARCH_RESULTS).map(({ store }) => ({ store, miles: null }));
  }
  return thenNearest(stores, strong, positionOf(best), false);
}
