/** What every router and service of the API is given: the database, the brand and the adapters. */
import type { ServerConfig, SsoConfig } from "../config";
import type { Db } from "../db/connection";
import type { Row } from "../db/schema";
import type { DeliveryServices } from "../integrations/delivery";
import type { Geocoder } from "../integrations/geocoder";
import type { IdentityClient } from "../integrations/identity";
import type { PaymentGateway } from "../integrations/payment/gateway";

export interface ApiContext {
  db: Db;
  config: Pick<ServerConfig, "brandSlug" | "apiSecret">;
  geocoder: Geocoder;
  /** The identity provider's client; null where single sign-on is not set up. */
  identity: IdentityClient | null;
  sso: Pick<SsoConfig, "returnOrigins"> & {
    /** The provider's page for adding an address (answered with the profile), or null. */
    addressPageUrl: string | null;
  };
  /** The delivery services this deployment can book (decision 022). */
  delivery: DeliveryServices;
  /** The payment gateway (decision 021); null where online payment is not set up. */
  payment: PaymentGateway | null;
  /** The brand this deployment serves (looked up by slug, then kept). */
  brand(): Promise<Row<"brands">>;
}
