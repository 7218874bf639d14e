import { describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "@core/rules/limits";
import {
  activeFilterCount,
  brandChoices,
  canFilterFavorites,
  clearedFilters,
  defaultSort,
  hasActiveFilters,
  listingHref,
  MAX_BRANDS,
  pageCount,
  pageWindow,
  parseListingQuery,
  serializeListingQuery,
  sortOptions,
  SORT_OPTIONS,
  type ListingQuery,
} from "~/lib/listing-query";

const DEFAULTS: ListingQuery = {
  query: "",
  brands: [],
  specials: false,
  favorites: false,
  sort: "popular",
  page: 1,
};

describe("parseListingQuery", () => {
  it("gives the defaults for an empty URL", () => {
    expect(parseListingQuery("")).toEqual(DEFAULTS);
  });

  it("reads every parameter", () => {
    expect(
      parseListingQuery(
        "query=apples&brands=Sunny+Acres&brands=Maple+Ridge&specials=1&favorites=1&sort=price&page=3",
      ),
    ).toEqual({
      query: "apples",
      brands: ["Maple Ridge", "Sunny Acres"],
      specials: true,
      favorites: true,
      sort: "price",
      page: 3,
    });
  });

  it("accepts a URLSearchParams and the API's bracket style for brands", () => {
    const params = new URLSearchParams();
    params.append("brands[]", "Harbor Light");
    params.append("brands", "Blue Harbor");
    expect(parseListingQuery(params).brands).toEqual(["Blue Harbor", "Harbor Light"]);
  });

  it("trims the query, collapses its spaces and cuts it at the API's limit", () => {
    expect(parseListingQuery("query=%20%20green%20%20%20beans%20").query).toBe("green beans");
    expect(parseListingQuery(`query=${"a".repeat(150)}`).query).toHaveLength(
      SEARCH_QUERY_MAX_LENGTH,
    );
    expect(parseListingQuery("query=%20%20%20").query).toBe("");
  });

  it("keeps brands sorted, distinct and non-empty", () => {
    const parsed = parseListingQuery(
      "brands=sunny+acres&brands=Blue+Harbor&brands=&brands=%20&brands=Sunny+Acres&brands=apple+co",
    );
    expect(parsed.brands).toEqual(["apple co", "Blue Harbor", "sunny acres"]);
  });

  it("caps the number of brands at what the API takes", () => {
    const many = Array.from({ length: 80 }, (_, i) => `brands=Brand+${i}`).join("&");
    expect(parseListingQuery(many).brands).toHaveLength(MAX_BRANDS);
  });

  it("reads flags as 1, true or on, and anything else as off", () => {
    expect(parseListingQuery("specials=true&favorites=on")).toMatchObject({
      specials: true,
      favorites: true,
    });
    expect(parseListingQuery("specials=0&favorites=no")).toMatchObject({
      specials: false,
      favorites: false,
    });
  });

  it("defaults the sort to relevance when searching and to popular otherwise", () => {
    expect(parseListingQuery("query=milk").sort).toBe("relevance");
    expect(parseListingQuery("").sort).toBe("popular");
    expect(parseListingQuery("query=milk&sort=brand").sort).toBe("brand");
  });

  it("ignores an unknown sort, and relevance without a query", () => {
    expect(parseListingQuery("sort=cheapest").sort).toBe("popular");
    expect(parseListingQuery("sort=relevance").sort).toBe("popular");
    expect(parseListingQuery("query=milk&sort=relevance").sort).toBe("relevance");
    expect(parseListingQuery("sort=PRICE").sort).toBe("price");
  });

  it("falls back to page 1 for a missing, malformed or out-of-range page", () => {
    for (const page of ["", "0", "-2", "2.5", "abc", "99999999", "1e3"]) {
      expect(parseListingQuery(`page=${page}`).page).toBe(1);
    }
    expect(parseListingQuery("page=12").page).toBe(12);
  });
});

describe("serializeListingQuery", () => {
  it("leaves every default out", () => {
    expect(serializeListingQuery(DEFAULTS).toString()).toBe("");
    expect(serializeListingQuery({ query: "milk", sort: "relevance" }).toString()).toBe(
      "query=milk",
    );
  });

  it("writes parameters in a fixed order with brands sorted", () => {
    expect(
      serializeListingQuery({
        page: 2,
        sort: "price",
        favorites: true,
        specials: true,
        brands: ["Sunny Acres", "Maple Ridge"],
        query: "apples",
      }).toString(),
    ).toBe(
      "query=apples&brands=Maple+Ridge&brands=Sunny+Acres&specials=1&favorites=1&sort=price&page=2",
    );
  });

  it("keeps popular when searching (it is not the default there)", () => {
    expect(serializeListingQuery({ query: "milk", sort: "popular" }).toString()).toBe(
      "query=milk&sort=popular",
    );
  });

  it("drops relevance when not searching", () => {
    expect(serializeListingQuery({ sort: "relevance" }).toString()).toBe("");
  });

  it("round-trips through parse", () => {
    const state: ListingQuery = {
      query: "turkey breast",
      brands: ["Harvest Market", "Stonebridge Provisions"],
      specials: true,
      favorites: false,
      sort: "brand",
      page: 4,
    };
    expect(parseListingQuery(serializeListingQuery(state))).toEqual(state);
  });
});

describe("listingHref", () => {
  it("is the bare path without parameters", () => {
    expect(listingHref("/stores/1/departments/4/products", {})).toBe(
      "/stores/1/departments/4/products",
    );
  });

  it("adds the parameters", () => {
    expect(listingHref("/x", { query: "a&b", specials: true })).toBe("/x?query=a%26b&specials=1");
  });
});

describe("filters", () => {
  it("counts each brand, specials and favorites", () => {
    expect(activeFilterCount(DEFAULTS)).toBe(0);
    expect(hasActiveFilters(DEFAULTS)).toBe(false);
    const filtered = { ...DEFAULTS, brands: ["A", "B"], specials: true };
    expect(activeFilterCount(filtered)).toBe(3);
    expect(hasActiveFilters(filtered)).toBe(true);
    expect(hasActiveFilters({ ...DEFAULTS, favorites: true })).toBe(true);
  });

  it("'Clear All' restores the defaults and keeps the search", () => {
    const cleared = clearedFilters({ query: "milk" });
    expect(cleared).toEqual({ ...DEFAULTS, query: "milk", sort: "relevance" });
    expect(serializeListingQuery(cleared).toString()).toBe("query=milk");
    expect(clearedFilters({ query: "" })).toEqual(DEFAULTS);
  });

  it("offers the API's brands plus chosen ones it no longer lists, sorted", () => {
    expect(brandChoices(["Maple Ridge", "Blue Harbor"], ["Zed Foods", "Blue Harbor"])).toEqual([
      "Blue Harbor",
      "Maple Ridge",
      "Zed Foods",
    ]);
  });

  it("lets only signed-in shoppers filter by favorites", () => {
    expect(canFilterFavorites({ signedIn: false })).toBe(false);
    expect(canFilterFavorites(null)).toBe(false);
    expect(canFilterFavorites(undefined)).toBe(false);
    expect(canFilterFavorites({ signedIn: true })).toBe(true);
  });
});

describe("sort options", () => {
  it("are the four of spec §9 in order", () => {
    expect(SORT_OPTIONS.map((option) => option.label)).toEqual([
      "Most Popular",
      "Brand Alphabetical",
      "Price Low to High",
      "Specials First",
    ]);
    expect(SORT_OPTIONS.map((option) => option.value)).toEqual([
      "popular",
      "brand",
      "price",
      "specials",
    ]);
  });

  it("add 'Best Match' first for a search", () => {
    expect(sortOptions("milk").map((option) => option.label)).toEqual([
      "Best Match",
      "Most Popular",
      "Brand Alphabetical",
      "Price Low to High",
      "Specials First",
    ]);
    expect(sortOptions("")).toHaveLength(4);
    expect(defaultSort("milk")).toBe("relevance");
    expect(defaultSort("")).toBe("popular");
  });
});

describe("pagination", () => {
  it("counts pages", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(206, 50)).toBe(5);
    expect(pageCount(10, 0)).toBe(1);
  });

  it("shows the first, last and nearby pages with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
    // A gap of a single page shows that page instead of an ellipsis.
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
