/**
 * Geocoder adapter (spec §7): where is this shopper, and where is the place they searched for?
 *
 * - `locate`: GET /geolocate's answer from the request (spec §4, the server's geolocation): the
 *   visitor-location headers of the CDN named by GEOLOCATION_HEADERS (cloudfront, cloudflare or
 *   vercel; edge.ts), else the brand's market centre. An IP-geolocation service would plug in
 *   behind the same interface.
 * - `geocode`: 'City, State or Zip Code' → a point, in region US and restricted to the fixed
 *   north-east bounding box (NORTH_EAST_BOUNDS). The default answers offline from the kept
 *   `zipcodes` package (offline.ts); a network maps service would be another adapter behind this
 *   interface, chosen by GEOCODER. A null answer means "no such place here": the locator then
 *   falls back to name matching.
 */
import { readVariable } from "@core/config/environment";
import type { EdgeProvider } from "@core/contract/edge-location";
import { createOfflineGeocoder } from "./offline";

export type { Geocoder } from "./types";
import type { Geocoder } from "./types";

export function createGeocoder(
  name: string = readVariable("GEOCODER", process.env),
  /** GEOLOCATION_HEADERS: which CDN's location headers to trust; off trusts none. */
  edgeProvider: EdgeProvider | null = readVariable("GEOLOCATION_HEADERS", process.env),
): Geocoder {
  // "sandbox" was this adapter's earlier name; it is the same offline geocoder.
  if (name === "offline" || name === "sandbox") return createOfflineGeocoder(edgeProvider);
  throw new Error(`Unknown GEOCODER "${name}": only "offline" is available in this build.`);
}
