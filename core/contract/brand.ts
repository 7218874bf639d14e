/** The brand, a device's key and home store, and where the caller roughly is. */
import { z } from "zod";
import { SEARCH_QUERY_MAX_LENGTH } from "../rules/limits";
import { queryId, singleResource } from "./params";

// --- POST /keys (the only call without an API key) ------------------------------------------

const deviceText = z.string().trim().max(100).optional().nullable();

export const KeysBodySchema = z.object({
  uuid: z.string().trim().max(100).optional().nullable(),
  device: z
    .object({
      brand: deviceText,
      platform: deviceText,
      model: deviceText,
      version: deviceText,
      app_type: z.string().trim().max(30).optional().nullable(),
      app_version: deviceText,
    })
    .default({}),
});

const ApiKeySchema = z.object({ apikey: z.string().min(1), uuid: z.string().min(1) });
export const KeysAnswerSchema = singleResource(ApiKeySchema);

// --- GET /brand ------------------------------------------------------------------------------

export const BrandSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  market_name: z.string(),
  logo_url: z.string().nullable(),
  phone: z.string().nullable(),
  can_change_stores: z.boolean(),
  circular_week_start: z.number().int().min(0).max(6),
  bag_fee_amount: z.number(),
  stores_count: z.number(),
  default_store_id: z.number().nullable(),
  timezone: z.string(),
});
export const BrandAnswerSchema = singleResource(BrandSchema);

// --- GET / PUT /home-store -------------------------------------------------------------------

export const HomeStoreBodySchema = z.object({ id: queryId });
const HomeStoreSchema = z.object({ id: z.number().nullable() });
export const HomeStoreAnswerSchema = singleResource(HomeStoreSchema);

// --- GET /geolocate --------------------------------------------------------------------------

const GeolocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** `edge` from the CDN's visitor location, `ip` by address (another adapter), `market` for the brand's centre. */
  source: z.string(),
});
export const GeolocationAnswerSchema = singleResource(GeolocationSchema);

// --- GET /geocode ----------------------------------------------------------------------------

/** The store locator's 'City, State or Zip Code', placed by the geocoder (spec §7). */
export const GeocodeQuerySchema = z.object({
  address: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH),
});
const GeoPlaceSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** How the geocoder names the place: 'Princeton, NJ 08540', 'Trenton, NJ', 'NJ'. */
  label: z.string(),
  /** The 5-digit zip code when the address was one. */
  zip_code: z.string().nullable(),
});
export const GeoPlaceAnswerSchema = singleResource(GeoPlaceSchema);

export type ApiKey = z.infer<typeof ApiKeySchema>;
