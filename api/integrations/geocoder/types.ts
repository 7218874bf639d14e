/** The geocoder adapter's interface (index.ts says what each call is for). */
interface GeoPoint {
  latitude: number;
  longitude: number;
  /** `edge`: the CDN's visitor location; `ip`: an IP-geolocation service; `market`: the brand's centre. */
  source: "edge" | "ip" | "market";
}

/** What GET /geolocate knows of the visitor: their address and the request's headers. */
interface VisitorRequest {
  ip: string | undefined;
  header(name: string): string | undefined;
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
  /** The visitor's rough position; `fallback` (the brand's market centre) when nothing places them. */
  locate(
    visitor: VisitorRequest,
    fallback: { latitude: number; longitude: number },
  ): Promise<GeoPoint>;
  geocode(address: string): Promise<GeoPlace | null>;
}
