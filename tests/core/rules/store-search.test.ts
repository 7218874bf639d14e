import { describe, expect, it } from "vitest";
import { distanceInMiles } from "@core/rules/geo";
import {
  indexedName,
  parsePlaceQuery,
  scoreStore,
  searchStores,
  zipOf,
  type SearchableStore,
  type StoreSearchResult,
} from "@core/rules/store-search";

const store = (
  id: number,
  name: string,
  city: string,
  state: string,
  zip: string,
  lat: number,
  lng: number,
): SearchableStore => ({
  id,
  name,
  city,
  state,
  zip_code: zip,
  address_latitude: lat,
  address_longitude: lng,
});

const STORES = [
  store(1, "Harvest Market Hartford", "Hartford", "CT", "06103", 41.7658, -72.6734),
  store(2, "Harvest Market West Hartford", "West Hartford", "CT", "06107", 41.7621, -72.742),
  store(3, "Harvest Market Springfield", "Springfield", "MA", "01103", 42.1015, -72.5898),
  store(4, "Harvest Market Worcester", "Worcester", "MA", "01608", 42.2626, -71.8023),
  store(5, "Harvest Market Providence", "Providence", "RI", "02903", 41.824, -71.4128),
  store(6, "Harvest Market New Haven", "New Haven", "CT", "06510", 41.3083, -72.9279),
  store(7, "Harvest Market Albany", "Albany", "NY", "12207", 42.6526, -73.7562),
  store(8, "Harvest Market Springfield Plaza", "Springfield", "MA", "01104", 42.12, -72.56),
];

const ids = (results: StoreSearchResult<SearchableStore>[]) => results.map((r) => r.store.id);
const BRAND = ["Harvest", "Market"];

describe("indexedName (names are indexed without brand-like words and state codes)", () => {
  it.each([
    ["Harvest Market Princeton", "princeton"],
    ["Harvest Market — Princeton, NJ", "princeton"],
    ["HARVEST MARKET West Hartford CT", "west hartford"],
    ["Princeton Supermarket", "princeton"],
    ["Springfield Grocery Store", "springfield"],
    ["Café Québec Foods", "cafe quebec"],
    ["Harvest Market", ""],
  ])("%s → %s", (name, expected) => {
    expect(indexedName(name, BRAND)).toBe(expected);
  });

  it("keeps the brand's words when no brand is given, but still strips shop words", () => {
    expect(indexedName("Harvest Market Princeton")).toBe("harvest princeton");
  });
});

describe("parsePlaceQuery", () => {
  it.each([
    ["Princeton, NJ", { place: "princeton", state: "nj" }],
    ["princeton nj", { place: "princeton", state: "nj" }],
    ["NJ", { place: "", state: "nj" }],
    ["Princeton", { place: "princeton", state: null }],
    ["me", { place: "", state: "me" }],
  ])("%s", (query, expected) => {
    expect(parsePlaceQuery(query)).toEqual(expected);
  });
});

describe("zipOf", () => {
  it.each([
    ["06103", "06103"],
    ["06103-1234", "06103"],
    ["06103 1234", "06103"],
    ["061031234", "06103"],
    [" 06103 ", "06103"],
    ["0610", null],
    ["Hartford", null],
    ["06103-12", null],
  ])("%s → %s", (query, expected) => {
    expect(zipOf(query)).toBe(expected);
  });
});

describe("scoreStore", () => {
  it("scores a city equal to the place 3, a city containing it 2, a name containing it 2", () => {
    expect(scoreStore(STORES[0]!, "Hartford", BRAND)).toBe(3 + 2); // city and name
    expect(scoreStore(STORES[1]!, "Hartford", BRAND)).toBe(2 + 2); // West Hartford
    expect(scoreStore(STORES[7]!, "Plaza", BRAND)).toBe(2); // name only
  });

  it("adds 1 for the right state and rules out the wrong one", () => {
    expect(scoreStore(STORES[0]!, "Hartford, CT", BRAND)).toBe(6);
    expect(scoreStore(STORES[0]!, "Hartford, MA", BRAND)).toBe(0);
    expect(scoreStore(STORES[0]!, "CT", BRAND)).toBe(1);
  });

  it("never matches the brand's or shop words", () => {
    expect(scoreStore(STORES[0]!, "Harvest", BRAND)).toBe(0);
    expect(scoreStore(STORES[0]!, "Market", BRAND)).toBe(0);
  });
});

describe("searchStores", () => {
  it("with no search, lists every store by name, without distances", () => {
    const all = searchStores(STORES, "");
    expect(ids(all)).toEqual([7, 1, 6, 5, 3, 8, 2, 4]);
    expect(all.every((r) => r.miles === null)).toBe(true);
    expect(searchStores(STORES, undefined)).toHaveLength(STORES.length);
  });

  it("a zip-like query puts the stores with exactly that zip first, then the nearest to the place", () => {
    // The geocoder placed 06107 in West Hartford.
    const results = searchStores(STORES, "06107", {
      origin: { latitude: 41.76, longitude: -72.74 },
    });
    expect(ids(results)).toEqual([2, 1, 3, 8, 6]);
    expect(results[0]!.miles).toBeLessThan(1);
    expect(results.map((r) => r.miles)).toEqual(
      [...results.map((r) => r.miles)].sort((a, b) => a! - b!),
    );
  });

  it("the exact zip comes first even when another store is nearer the geocoded point", () => {
    // 06103's point is nearest store 1, but only store 3 has that zip in this list.
    const origin = { latitude: 41.7658, longitude: -72.6734 };
    const withZip = STORES.map((s) => (s.id === 3 ? { ...s, zip_code: "06103" } : s)).filter(
      (s) => s.id !== 1,
    );
    expect(ids(searchStores(withZip, "06103", { origin }))[0]).toBe(3);
  });

  it("a zip+4 query matches on the 5-digit zip", () => {
    expect(ids(searchStores(STORES, "01103-4455"))[0]).toBe(3);
  });

  it("without the geocoder a zip with no store lists stores near the closest zip", () => {
    const results = searchStores(STORES, "06105");
    expect(ids(results)[0]).toBe(1); // 06103 is the numerically closest
    expect(results).toHaveLength(5);
    expect(results.every((r) => r.miles === null)).toBe(true);
  });

  it("a place with no store named after it lists the stores nearest the place, in order", () => {
    // The geocoder placed 'Enfield, CT' between Hartford and Springfield.
    const origin = { latitude: 41.9762, longitude: -72.5918 };
    const results = searchStores(STORES, "Enfield, CT", { brandWords: BRAND, origin });
    expect(ids(results)).toEqual([3, 8, 1, 2, 4]);
    const miles = results.map((r) => r.miles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it("at most 3 name matches with a score of at least 2 come first, then the nearest", () => {
    // 'Hartford' matches stores 1 and 2 by name and city; the geocoded point is in Springfield.
    const origin = { latitude: 42.1015, longitude: -72.5898 };
    const results = searchStores(STORES, "Hartford", { brandWords: BRAND, origin });
    expect(ids(results)).toEqual([1, 2, 3, 8, 4]);
    expect(results).toHaveLength(5);
  });

  it("never more than 3 name matches, however many stores match", () => {
    const many = [1, 2, 3, 4, 5].map((id) =>
      store(
        id,
        `Harvest Market Springfield ${id}`,
        "Springfield",
        "MA",
        "0110" + id,
        42.1 + id / 100,
        -72.6,
      ),
    );
    const far = store(9, "Harvest Market Boston", "Boston", "MA", "02108", 42.1005, -72.6);
    const results = searchStores([...many, far], "Springfield", {
      brandWords: BRAND,
      origin: { latitude: 42.1, longitude: -72.6 },
    });
    // Store 9 is nearest the point and comes right after the three name matches.
    expect(ids(results).slice(0, 4)).toEqual([1, 2, 3, 9]);
  });

  it("when the geocoder fails, falls back to name matching (city stores first, then the nearest to them)", () => {
    const results = searchStores(STORES, "Springfield", { brandWords: BRAND });
    expect(ids(results).slice(0, 2).sort()).toEqual([3, 8]);
    expect(results).toHaveLength(5);
  });

  it("'City, ST' and 'City ST' only match stores in that state", () => {
    expect(ids(searchStores(STORES, "Hartford, CT", { brandWords: BRAND }))[0]).toBe(1);
    expect(ids(searchStores(STORES, "springfield ma", { brandWords: BRAND }))[0]).toBe(3);
  });

  it("a state code alone (no geocoder) lists that state's stores", () => {
    expect(ids(searchStores(STORES, "RI"))).toEqual([5]);
    expect(ids(searchStores(STORES, "CT")).sort()).toEqual([1, 2, 6]);
  });

  it("brand words in store names do not match every store", () => {
    expect(searchStores(STORES, "Harvest", { brandWords: BRAND })).toEqual([]);
  });

  it("finds nothing for an unknown place", () => {
    expect(searchStores(STORES, "Timbuktu")).toEqual([]);
  });
});

describe("distanceInMiles", () => {
  it("is about 24 miles from Hartford to Springfield", () => {
    const miles = distanceInMiles(
      { latitude: 41.7658, longitude: -72.6734 },
      { latitude: 42.1015, longitude: -72.5898 },
    );
    expect(miles).toBeGreaterThan(22);
    expect(miles).toBeLessThan(26);
  });
});
