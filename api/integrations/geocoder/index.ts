/**
 * Geocoder adapter: where is this shopper? The sandbox (default) answers from the brand's market
 * centre, since a request from this machine carries no useful address; a real IP-geolocation or
 * maps service plugs in behind the same interface (GEOCODER=…).
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
  source: "ip" | "market";
}

export interface Geocoder {
  locateIp(
    ip: string | undefined,
    fallback: { latitude: number; longitude: number },
  ): Promise<GeoPoint>;
}

export const sandboxGeocoder: Geocoder = {
  async locateIp(_ip, fallback) {
    return { latitude: fallback.latitude, longitude: fallback.longitude, source: "market" };
  },
};

export function createGeocoder(name = process.env.GEOCODER ?? "sandbox"): Geocoder {
  if (name === "sandbox") return sandboxGeocoder;
  throw new Error(`Unknown GEOCODER "${name}": only "sandbox" is available in this build.`);
}
