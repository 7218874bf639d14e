/** Distances on the earth's surface (store locator and the API's store search), in miles. */
const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export interface Position {
  latitude: number;
  longitude: number;
}

/** Great-circle distance (haversine). */
export function distanceInMiles(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The fixed north-east US box the geocoder is restricted to (spec §7: region US and a north-east
 * bounding box): Maine to Maryland, Lake Erie to the Atlantic. The locator's maps draw it too.
 */
export const NORTH_EAST_BOUNDS: Bounds = { south: 38.4, west: -80.6, north: 47.5, east: -66.9 };

export const isWithin = (point: Position, b: Bounds) =>
  point.latitude >= b.south &&
  point.latitude <= b.north &&
  point.longitude >= b.west &&
  point.longitude <= b.east;

/** Store locator constants (spec §9): the map opens at zoom 7 on a fixed centre … */
export const STORE_MAP_DEFAULT_ZOOM = 7;
/** … markers cluster from 10 … */
export const STORE_MAP_CLUSTER_FROM = 10;
/** … and more than 5 stores shown (every store) resets the map instead of fitting it. */
export const STORE_MAP_FIT_AT_MOST = 5;
/** The map's fixed centre (§9): the middle of the north-east market, near the Hudson Valley. */
export const STORE_MAP_CENTRE: Position = { latitude: 41.5, longitude: -73.5 };
