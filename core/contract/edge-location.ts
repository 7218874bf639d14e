/**
 * The visitor-location headers a CDN in front of the site adds to each request (spec §4: the
 * server's geolocation, "answering from the request where it can"). The storefront forwards the
 * ones it received on its GET /geolocate call; the API reads only the set named by
 * GEOLOCATION_HEADERS, since only the edge it sits behind overwrites what a browser might send.
 *
 * Names as the providers document them: CloudFront's viewer location headers, Cloudflare's
 * "Add visitor location headers" managed transform, Vercel's request headers.
 */
const EDGE_LOCATION_HEADERS = {
  cloudfront: {
    latitude: "cloudfront-viewer-latitude",
    longitude: "cloudfront-viewer-longitude",
    postalCode: "cloudfront-viewer-postal-code",
    country: "cloudfront-viewer-country",
  },
  cloudflare: {
    latitude: "cf-iplatitude",
    longitude: "cf-iplongitude",
    postalCode: "cf-postal-code",
    country: "cf-ipcountry",
  },
  vercel: {
    latitude: "x-vercel-ip-latitude",
    longitude: "x-vercel-ip-longitude",
    postalCode: "x-vercel-ip-postal-code",
    country: "x-vercel-ip-country",
  },
} as const;

export type EdgeProvider = keyof typeof EDGE_LOCATION_HEADERS;

export const EDGE_PROVIDERS = Object.keys(EDGE_LOCATION_HEADERS) as EdgeProvider[];

/** Every header name of every provider, lower case: what the storefront passes on. */
export const ALL_EDGE_LOCATION_HEADERS: readonly string[] = EDGE_PROVIDERS.flatMap((provider) =>
  Object.values(EDGE_LOCATION_HEADERS[provider]),
);

/** The values one request carries for one provider; absent headers are undefined. */
export interface EdgeLocation {
  latitude?: string;
  longitude?: string;
  postalCode?: string;
  country?: string;
}

export function edgeLocationOf(
  provider: EdgeProvider,
  header: (name: string) => string | undefined,
): EdgeLocation {
  const names = EDGE_LOCATION_HEADERS[provider];
  return {
    latitude: header(names.latitude),
    longitude: header(names.longitude),
    postalCode: header(names.postalCode),
    country: header(names.country),
  };
}
