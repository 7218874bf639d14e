/** What every router and service of the API is given: the database, the brand and the adapters. */
import type { ServerConfig } from "../config";
import type { Db } from "../db/connection";
import type { Row } from "../db/schema";
import type { Geocoder } from "../integrations/geocoder";

export interface ApiContext {
  db: Db;
  config: Pick<ServerConfig, "brandSlug">;
  geocoder: Geocoder;
  /** The brand this deployment serves (looked up by slug, then kept). */
  brand(): Promise<Row<"brands">>;
}
