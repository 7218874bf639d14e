/**
 * The offline geocoder: US zip codes and their places with coordinates from the kept `zipcodes`
 * package, indexed once (on first use) for the north-east bounding box only. A zip code answers
 * its own point; a place ('Princeton', 'Princeton, NJ', 'Princeton New Jersey') the middle of its
 * zip codes, the state with most of them when no state is given; a state alone its middle.
 */
import { createRequire } from "node:module";
import { NORTH_EAST_BOUNDS, isWithin } from "@core/rules/geo";
import { normalizeText, parsePlaceQuery, zipOf } from "@core/rules/store-search";
import type { EdgeProvider } from "@core/contract/edge-location";
import { positionFromEdge } from "./edge";
import type { GeoPlace, Geocoder } from "./types";

interface ZipPoint {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

interface RegionIndex {
  byZip: Map<string, ZipPoint>;
  /** normalised city → its zip codes (any state) */
  byCity: Map<string, ZipPoint[]>;
  byState: Map<string, ZipPoint[]>;
  /** 'new jersey' → 'nj' */
  stateNames: Map<string, string>;
}

let index: RegionIndex | null = null;

// Loaded on the first lookup, not with the API: its table of every zip code takes a third of a
// second to load, which each test process and each server start would otherwise pay.
const loadZipcodes = () => createRequire(import.meta.url)("zipcodes") as typeof import("zipcodes");

function regionIndex(): RegionIndex {
  if (index) return index;
  const zipcodes = loadZipcodes();
  const byZip = new Map<string, ZipPoint>();
  const byCity = new Map<string, ZipPoint[]>();
  const byState = new Map<string, ZipPoint[]>();
  const push = (map: Map<string, ZipPoint[]>, key: string, point: ZipPoint) => {
    const list = map.get(key);
    if (list) list.push(point);
    else map.set(key, [point]);
  };
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== "US" || !/^\d{5}$/.test(code.zip)) continue;
    if (!isWithin(code, NORTH_EAST_BOUNDS)) continue;
    const point: ZipPoint = {
      zip: code.zip,
      latitude: code.latitude,
      longitude: code.longitude,
      city: code.city,
      state: code.state.toLowerCase(),
    };
    byZip.set(point.zip, point);
    push(byCity, normalizeText(point.city), point);
    push(byState, point.state, point);
  }
  const stateNames = new Map(
    Object.entries(zipcodes.states.full).map(([name, code]) => [
      normalizeText(name),
      code.toLowerCase(),
    ]),
  );
  index = { byZip, byCity, byState, stateNames };
  return index;
}

const middleOf = (points: readonly ZipPoint[]) => ({
  latitude: points.reduce((sum, p) => sum + p.latitude, 0) / points.length,
  longitude: points.reduce((sum, p) => sum + p.longitude, 0) / points.length,
});

/** 'Princeton, New Jersey' / 'princeton nj' / 'NJ' → place words and a state code. */
function placeAndState(query: string, { stateNames, byCity }: RegionIndex) {
  const words = normalizeText(query).split(" ").filter(Boolean);
  // A full state name at the end ('… New Jersey', 'Maine').
  for (let take = Math.min(3, words.length); take >= 1; take--) {
    const state = stateNames.get(words.slice(-take).join(" "));
    // 'New York' alone is the city before the state.
    if (state && take === words.length && byCity.has(words.join(" "))) break;
    if (state) return { place: words.slice(0, -take).join(" "), state };
  }
  return parsePlaceQuery(query);
}

function geocodeOffline(address: string): GeoPlace | null {
  const region = regionIndex();
  const zip = zipOf(address);
  if (zip) {
    const point = region.byZip.get(zip);
    if (!point) return null;
    const { latitude, longitude, city, state } = point;
    return { latitude, longitude, label: `${city}, ${state.toUpperCase()} ${zip}`, zip_code: zip };
  }
  const { place, state } = placeAndState(address, region);
  if (!place) {
    const points = state ? region.byState.get(state) : undefined;
    if (!points) return null;
    return { ...middleOf(points), label: state!.toUpperCase(), zip_code: null };
  }
  const candidates = (region.byCity.get(place) ?? []).filter((p) => !state || p.state === state);
  if (candidates.length === 0) return null;
  // The state with most of the place's zip codes (Springfield, MA over Springfield, VT).
  const perState = new Map<string, ZipPoint[]>();
  for (const point of candidates)
    perState.set(point.state, [...(perState.get(point.state) ?? []), point]);
  const [best] = [...perState.values()].sort((a, b) => b.length - a.length);
  const first = best![0]!;
  return {
    ...middleOf(best!),
    label: `${first.city}, ${first.state.toUpperCase()}`,
    zip_code: null,
  };
}

/**
 * `edgeProvider`: the CDN whose visitor-location headers place a visitor (a postal code through
 * the zip index above); without one, or without its headers, the market centre. This adapter has
 * no IP data of its own: an address alone places no one here.
 */
export function createOfflineGeocoder(edgeProvider: EdgeProvider | null = null): Geocoder {
  const placeZip = (zip: string) => regionIndex().byZip.get(zip) ?? null;
  return {
    async locate(visitor, fallback) {
      const edge = edgeProvider ? positionFromEdge(edgeProvider, visitor.header, placeZip) : null;
      if (edge) return { ...edge, source: "edge" };
      return { latitude: fallback.latitude, longitude: fallback.longitude, source: "market" };
    },
    async geocode(address) {
      return geocodeOffline(address);
    },
  };
}
