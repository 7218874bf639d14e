/**
 * The visitor's position from the location headers of the CDN the site sits behind
 * (GEOLOCATION_HEADERS names it; core/contract/edge-location.ts lists each provider's headers).
 * Coordinates win over a postal code; a visitor outside the US or outside the north-east box the
 * shop serves gets no position, so the market centre applies instead of a far-away guess.
 */
import { NORTH_EAST_BOUNDS, isWithin, type Position } from "@core/rules/geo";
import { edgeLocationOf, type EdgeProvider } from "@core/contract/edge-location";
import { zipOf } from "@core/rules/store-search";

const coordinate = (value: string | undefined, limit: number): number | null => {
  if (value === undefined || !/^\s*-?\d{1,3}(\.\d+)?\s*$/.test(value)) return null;
  const n = Number(value);
  return Math.abs(n) <= limit ? n : null;
};

export function positionFromEdge(
  provider: EdgeProvider,
  header: (name: string) => string | undefined,
  placeZip: (zip: string) => Position | null,
): Position | null {
  const edge = edgeLocationOf(provider, header);
  if (edge.country !== undefined && edge.country.trim().toUpperCase() !== "US") return null;
  const latitude = coordinate(edge.latitude, 90);
  const longitude = coordinate(edge.longitude, 180);
  let position: Position | null =
    latitude !== null && longitude !== null ? { latitude, longitude } : null;
  if (!position && edge.postalCode) {
    const zip = zipOf(edge.postalCode);
    position = zip ? placeZip(zip) : null;
  }
  return position && isWithin(position, NORTH_EAST_BOUNDS) ? position : null;
}
