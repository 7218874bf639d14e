/**
 * Process configuration read once from the environment, through the one schema of every variable
 * (core/config/environment.ts; the README's table is written from it). The storefront's own
 * settings (brand links, feature switches) live in app/.server/config.ts.
 */
import os from "node:os";
import { apiSecretOf } from "@core/contract/api-secret";
import { readEnvironment, type Environment, type RawEnvironment } from "@core/config/environment";
import type { DoorDashCredentials } from "./integrations/delivery/door-dash";
import type { ReturnOrigins } from "./integrations/identity/returns";

type Mode = "development" | "production";

export interface ServerConfig {
  mode: Mode;
  /** "local" runs may generate their own secrets and load demo data; "production" may not. */
  appEnv: "local" | "production";
  host: string;
  port: number;
  databaseUrl: string;
  seedDemoData: boolean;
  trustProxy: boolean;
  /** Brand served by this API (slug). */
  brandSlug: string;
  /** API_SECRET: signs coupon clip tokens and proves the storefront's forwarded shopper address. */
  apiSecret: string;
  /** Worker processes (node:cluster): WEB_CONCURRENCY, else one per core in production, else 1. */
  workers: number;
  sso: SsoConfig;
  delivery: DeliveryConfig;
  payment: PaymentConfig;
}

/** Delivery services (decision 022): DoorDash Drive's credentials, or its in-process sandbox. */
export interface DeliveryConfig {
  /** DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET; null without them. */
  doorDash: DoorDashCredentials | null;
  /** Answer door_dash departments from the sandbox: without credentials, when allowed. */
  sandbox: boolean;
}

/** Online card payment (decision 021): a real hosted-payment-page gateway, the sandbox, or none. */
export interface PaymentConfig {
  /** "hosted": PAYMENT_GATEWAY_URL; "sandbox": the in-process sandbox; null: no online payment. */
  gateway: "hosted" | "sandbox" | null;
  /** PAYMENT_GATEWAY_URL: the provider's API base. */
  url: string | null;
  /** PAYMENT_GATEWAY_SECRET: the provider's API key. */
  apiKey: string;
  /** PAYMENT_WEBHOOK_SECRET: signs the gateway's notices (the sandbox's own when unset locally). */
  webhookSecret: string;
  /** SANDBOX_PAY_URL: the sandbox's hosted page as browsers reach it, ending in its mount path. */
  sandboxUrl: string;
}

/** Single sign-on (decision 016): the API is the OpenID Connect client of one issuer. */
export interface SsoConfig {
  /** OIDC_ISSUER; null: the in-process sandbox provider, when it is mounted. */
  issuer: string | null;
  /** Mount the sandbox provider at /sandbox/sso (only ever without OIDC_ISSUER). */
  sandbox: boolean;
  /** The sandbox's issuer URL as browsers and this process reach it. */
  sandboxIssuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_SCOPES: what the shop asks for; a provider without the `club` scope may refuse it. */
  scopes: string;
  /**
   * Origins whose `/sso-return` a sign-in may come back to (SSO_RETURN_ORIGINS); "loopback"
   * allows http://localhost, 127.0.0.1 and [::1] on any port (local runs only).
   */
  returnOrigins: ReturnOrigins;
  /**
   * OIDC_ADDRESS_PAGE_URL: the provider's page where a signed-in person adds an address (the
   * storefront's '+ Add New Billing Address' frames it); the sandbox's own when it is mounted.
   */
  addressPageUrl?: string | null;
}

/** The sandbox provider's address page, under its issuer. */
export const SANDBOX_ADDRESS_PAGE_PATH = "/profile/addresses";

/** Where a signed-in person adds an address at the provider, or null where it has no such page. */
export function addressPageUrlOf(sso: SsoConfig | undefined): string | null {
  if (!sso) return null;
  if (sso.addressPageUrl) return sso.addressPageUrl;
  return !sso.issuer && sso.sandbox ? `${sso.sandboxIssuer}${SANDBOX_ADDRESS_PAGE_PATH}` : null;
}

/** The standard claims the profile needs, and the sandbox's club card number. */
export const DEFAULT_SCOPES = "openid email profile phone address club";

/** Sandbox-only client credentials: refused with APP_ENV=production. */
export const SANDBOX_CLIENT_ID = "order-express-sandbox";
export const SANDBOX_CLIENT_SECRET = "sandbox-only-client-secret";

function loadSsoConfig(env: Environment): SsoConfig {
  const issuer = env.OIDC_ISSUER ?? null;
  const production = env.APP_ENV === "production";
  if (issuer) {
    if (production && new URL(issuer).protocol !== "https:")
      throw new Error("OIDC_ISSUER must be https when APP_ENV=production");
    if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)
      throw new Error("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  }
  // The sandbox lets anyone make an account: on by default only for local development.
  const sandbox = !issuer && env.SANDBOX_SSO;
  if (sandbox && production && !env.OIDC_CLIENT_SECRET)
    throw new Error("SANDBOX_SSO with APP_ENV=production needs OIDC_CLIENT_SECRET");
  const scopes = env.OIDC_SCOPES || DEFAULT_SCOPES;
  if (!scopes.split(/\s+/).includes("openid"))
    throw new Error(`OIDC_SCOPES must include openid, got "${scopes}"`);
  const origins = env.SSO_RETURN_ORIGINS;
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(
        `SSO_RETURN_ORIGINS must list origins (https://host[:port]), got "${origin}"`,
      );
  }
  const addressPageUrl = env.OIDC_ADDRESS_PAGE_URL ?? null;
  if (addressPageUrl && production && new URL(addressPageUrl).protocol !== "https:")
    throw new Error("OIDC_ADDRESS_PAGE_URL must be https when APP_ENV=production");
  return {
    issuer,
    sandbox,
    addressPageUrl,
    sandboxIssuer: (env.SANDBOX_SSO_ISSUER || `http://localhost:${env.PORT}/sandbox/sso`).replace(
      /\/+$/,
      "",
    ),
    clientId: env.OIDC_CLIENT_ID || SANDBOX_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET || SANDBOX_CLIENT_SECRET,
    scopes,
    returnOrigins: origins.length ? origins : production ? [] : "loopback",
  };
}

function loadDeliveryConfig(env: Environment): DeliveryConfig {
  const developerId = env.DOORDASH_DEVELOPER_ID;
  const keyId = env.DOORDASH_KEY_ID;
  const signingSecret = env.DOORDASH_SIGNING_SECRET;
  const given = [developerId, keyId, signingSecret].filter(Boolean).length;
  if (given > 0 && given < 3)
    throw new Error(
      "DoorDash needs all of DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET",
    );
  const baseUrl = (env.DOORDASH_BASE_URL || "https://openapi.doordash.com").replace(/\/+$/, "");
  if (developerId && keyId && signingSecret)
    return { doorDash: { developerId, keyId, signingSecret, baseUrl }, sandbox: false };
  // The sandbox books nothing real: a production-mode server uses it only when told to.
  return { doorDash: null, sandbox: env.SANDBOX_DELIVERY };
}

/** Sandbox-only webhook secret: refused with APP_ENV=production. */
export const SANDBOX_PAYMENT_WEBHOOK_SECRET = "sandbox-only-payment-webhook-secret";

function loadPaymentConfig(env: Environment): PaymentConfig {
  const url = env.PAYMENT_GATEWAY_URL ?? null;
  const production = env.APP_ENV === "production";
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET ?? "";
  if (url) {
    if (production && new URL(url).protocol !== "https:")
      throw new Error("PAYMENT_GATEWAY_URL must be https when APP_ENV=production");
    if (!env.PAYMENT_GATEWAY_SECRET || !webhookSecret)
      throw new Error(
        "PAYMENT_GATEWAY_URL needs PAYMENT_GATEWAY_SECRET and PAYMENT_WEBHOOK_SECRET",
      );
  }
  // The sandbox approves test cards for anyone: on by default only for local development.
  const sandbox = !url && env.SANDBOX_PAY;
  if (sandbox && production && !webhookSecret)
    throw new Error("SANDBOX_PAY with APP_ENV=production needs PAYMENT_WEBHOOK_SECRET");
  return {
    gateway: url ? "hosted" : sandbox ? "sandbox" : null,
    url,
    apiKey: env.PAYMENT_GATEWAY_SECRET ?? "",
    webhookSecret: webhookSecret || SANDBOX_PAYMENT_WEBHOOK_SECRET,
    sandboxUrl: (env.SANDBOX_PAY_URL || `http://localhost:${env.PORT}/sandbox/pay`).replace(
      /\/+$/,
      "",
    ),
  };
}

export function loadServerConfig(raw: RawEnvironment = process.env): ServerConfig {
  const env = readEnvironment(raw);
  const mode: Mode = env.NODE_ENV === "production" ? "production" : "development";
  return {
    mode,
    workers: env.WEB_CONCURRENCY ?? (mode === "production" ? os.availableParallelism() : 1),
    appEnv: env.APP_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    seedDemoData: env.SEED_DEMO_DATA,
    trustProxy: env.TRUST_PROXY,
    brandSlug: env.BRAND_SLUG,
    apiSecret: apiSecretOf(env),
    sso: loadSsoConfig(env),
    delivery: loadDeliveryConfig(env),
    payment: loadPaymentConfig(env),
  };
}
