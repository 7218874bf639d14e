/**
 * Geocoder adapter (spec §7): where is this shopper, and where is the place they searched for?
 *
 * - `locateIp`: the sandbox answers the brand's market centre, since a request from this machine
 *   carries no useful address; an IP-geolocation service plugs in behind the same interface.
 * - `geocode`: 'City, State or Zip Code' → a point, in region US and restricted to the fixed
 *   north-east bounding box (NORTH_EAST_BOUNDS). The default answers offline from the kept
 *   `zipcodes` package (offline.ts); a network maps service would be another adapter behind this
 *   interface, chosen by GEOCODER. A null answer means "no such place here": the locator then
 *   falls back to name matching.
 */
import { createOfflineGeocoder } from "./offline";

export type { GeoPlace, GeoPoint, Geocoder } from "./types";
import type { Geocoder } from "./types";

export function createGeocoder(name = process.env.GEOCODER ?? "offline"): Geocoder {
  // "sandbox" was this adapter's earlier name; it is the same offline geocoder.
  if (name === "offline" || name === "sandbox") return createOfflineGeocoder();
  throw new Error(`Unknown GEOCODER "${name}": only "offline" is available in this build.`);
}
