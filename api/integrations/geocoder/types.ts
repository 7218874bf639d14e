/** The geocoder adapter's interface (index.ts says what each call is for). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
  source: "ip" | "market";
}

/** A searched place: its point and how the geocoder names it ('Princeton, NJ 08540'). */
export interface GeoPlace {
  latitude: number;
  longitude: number;
  label: string;
  /** The 5-digit zip code when the query was one. */
  zip_code: string | null;
}

export interface Geocoder {
  locateIp(
    ip: string | undefined,
    fallback: { latitude: number; longitude: number },
  ): Promise<GeoPoint>;
  geocode(address: string): Promise<GeoPlace | null>;
}
