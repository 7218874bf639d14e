/**
 * The store locator's search (spec §4, §9): with no query every store by name; a zip-like query
 * puts stores with that exact zip code first, then the nearest to the best match; any other query
 * matches on name, city and state. At most 5 results after a search.
 *
 * The map island will add a geocoder for addresses; until then the best match stands in for the
 * searched place when ordering the rest by distance.
 */
import { distanceInMiles } from "./geo";
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

export const MAX_SEARCH_RESULTS = 5;
/** Of the 5, at most this many come from the text match; the rest are the nearest to the best. */
const MAX_NAME_MATCHES = 3;
const MIN_NAME_SCORE = 2;

/** '12345', '12345-6789', '12345 6789' → '12345'; anything else → null. */
export function zipOf(query: string): string | null {
  return isValidZip(query) ? query.trim().slice(0, 5) : null;
}

function positionOf(store: SearchableStore) {
  return { latitude: store.address_latitude, longitude: store.address_longitude };
}

function byName<T extends SearchableStore>(a: T, b: T): number {
  return compareNames(a.name, b.name);
}

/** `chosen` first, then the other stores nearest to `origin`, up to the result limit. */
function fillByDistance<T extends SearchableStore>(
  stores: readonly T[],
  chosen: T[],
  origin: T,
): T[] {
  const taken = new Set(chosen.map((store) => store.id));
  const nearest = stores
    .filter((store) => !taken.has(store.id))
    .map((store) => ({ store, miles: distanceInMiles(positionOf(origin), positionOf(store)) }))
    .sort((a, b) => a.miles - b.miles || byName(a.store, b.store))
    .map(({ store }) => store);
  return [...chosen, ...nearest].slice(0, MAX_SEARCH_RESULTS);
}

function searchByZip<T extends SearchableStore>(stores: readonly T[], zip: string): T[] {
  const exact = stores.filter((store) => store.zip_code.trim().slice(0, 5) === zip).sort(byName);
  // Without a geocoder, the numerically closest zip code is the best guess at "nearby".
  const best =
    exact[0] ??
    [...stores].sort(
      (a, b) =>
        Math.abs(Number(a.zip_code.slice(0, 5)) - Number(zip)) -
          Math.abs(Number(b.zip_code.slice(0, 5)) - Number(zip)) || byName(a, b),
    )[0];
  return best ? fillByDistance(stores, exact.slice(0, MAX_SEARCH_RESULTS), best) : [];
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * How well a store matches 'City', 'City, ST', 'ST' or part of a store name. A state given in the
 * query that the store is not in rules the store out.
 */
export function scoreStore(
  store: SearchableStore,
  query: string,
  ignoredNameWords: readonly string[] = [],
): number {
  const parts = query.split(",").map(normalize).filter(Boolean);
  let words = parts.join(" ").split(" ").filter(Boolean);
  const storeState = store.state.trim().toLowerCase();
  const lastWord = words[words.length - 1];
  // A trailing two-letter word is a state code ('Springfield MA', 'Springfield, MA', 'MA').
  let stateCode: string | undefined;
  if (lastWord && lastWord.length === 2 && /^[a-z]{2}$/.test(lastWord)) {
    stateCode = lastWord;
    words = words.slice(0, -1);
  }
  if (stateCode && stateCode !== storeState) return 0;

  let score = stateCode ? 1 : 0;
  const place = words.join(" ");
  if (!place) return score;

  const city = normalize(store.city);
  if (city === place) score += 3;
  else if (city.includes(place)) score += 2;

  const ignored = new Set(ignoredNameWords.map(normalize));
  const nameWords = normalize(store.name)
    .split(" ")
    .filter((word) => word && !ignored.has(word));
  const name = nameWords.join(" ");
  if (name.includes(place)) score += 2;
  else score += words.filter((word) => word.length > 1 && nameWords.includes(word)).length;
  return score;
}

/**
 * The locator's result list. `ignoredNameWords` are brand words stripped from store names, so
 * that searching the brand's own name does not match every store.
 */
export function searchStores<T extends SearchableStore>(
  stores: readonly T[],
  rawQuery: string | null | undefined,
  ignoredNameWords: readonly string[] = [],
): T[] {
  const query = (rawQuery ?? "").trim();
  if (!query) return [...stores].sort(byName);

  const zip = zipOf(query);
  if (zip) return searchByZip(stores, zip);

  const ranked = stores
    .map((store) => ({ store, score: scoreStore(store, query, ignoredNameWords) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || byName(a.store, b.store));
  const strong = ranked.filter(({ score }) => score >= MIN_NAME_SCORE).slice(0, MAX_NAME_MATCHES);
  const best = strong[0];
  if (!best) return ranked.slice(0, MAX_SEARCH_RESULTS).map(({ store }) => store);
  return fillByDistance(
    stores,
    strong.map(({ store }) => store),
    best.store,
  );
}
