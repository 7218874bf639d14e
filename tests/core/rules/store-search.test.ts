import { describe, expect, it } from "vitest";
import { distanceInMiles } from "@core/rules/geo";
import { scoreStore, searchStores, zipOf, type SearchableStore } from "@core/rules/store-search";

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

const ids = (stores: SearchableStore[]) => stores.map((s) => s.id);

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

describe("searchStores", () => {
  it("with no search, lists every store by name", () => {
    expect(ids(searchStores(STORES, ""))).toEqual([7, 1, 6, 5, 3, 8, 2, 4]);
    expect(searchStores(STORES, undefined)).toHaveLength(STORES.length);
  });

  it("a zip-like query puts the stores with that exact zip first, then the nearest, 5 at most", () => {
    const results = searchStores(STORES, "06107");
    expect(results[0]?.id).toBe(2);
    expect(ids(results)).toEqual([2, 1, 3, 8, 6]);
    expect(results).toHaveLength(5);
  });

  it("a zip+4 query matches on the 5-digit zip", () => {
    expect(searchStores(STORES, "01103-4455")[0]?.id).toBe(3);
  });

  it("a zip with no store still lists stores near the closest zip", () => {
    const results = searchStores(STORES, "06105");
    expect(results[0]?.id).toBe(1); // 06103 is the numerically closest
    expect(results).toHaveLength(5);
  });

  it("a city name finds that city's stores first (3 at most), then the nearest", () => {
    const results = searchStores(STORES, "Springfield", ["Harvest", "Market"]);
    expect(ids(results).slice(0, 2).sort()).toEqual([3, 8]);
    expect(results).toHaveLength(5);
  });

  it("'City, ST' and 'City ST' only match stores in that state", () => {
    expect(searchStores(STORES, "Hartford, CT", ["Harvest", "Market"])[0]?.id).toBe(1);
    expect(searchStores(STORES, "springfield ma", ["Harvest", "Market"])[0]?.id).toBe(3);
    expect(scoreStore(STORES[0]!, "Hartford, MA")).toBe(0);
  });

  it("a state code alone lists that state's stores", () => {
    expect(ids(searchStores(STORES, "RI"))).toEqual([5]);
    expect(ids(searchStores(STORES, "CT")).sort()).toEqual([1, 2, 6]);
  });

  it("brand words in store names do not match every store", () => {
    expect(searchStores(STORES, "Harvest", ["Harvest", "Market"])).toEqual([]);
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
