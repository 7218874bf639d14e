/**
 * Process configuration read once from the environment (see .env.example and the README table).
 * The storefront's own settings (brand links, feature switches) live in app/.server/config.ts.
 */
import os from "node:os";
import { apiSecretOf } from "@core/contract/api-secret";
import { DEFAULT_DATABASE_URL } from "./db/connection";
import type { DoorDashCredentials } from "./integrations/delivery/door-dash";
import type { ReturnOrigins } from "./integrations/identity/returns";

export type Mode = "development" | "production";

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

function loadSsoConfig(
  env: NodeJS.ProcessEnv,
  mode: Mode,
  appEnv: ServerConfig["appEnv"],
  port: number,
): SsoConfig {
  const issuer = env.OIDC_ISSUER?.trim() || null;
  const production = appEnv === "production";
  if (issuer) {
    if (!URL.canParse(issuer)) throw new Error(`OIDC_ISSUER must be a URL, got "${issuer}"`);
    if (production && new URL(issuer).protocol !== "https:")
      throw new Error("OIDC_ISSUER must be https when APP_ENV=production");
    if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)
      throw new Error("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  }
  // The sandbox lets anyone make an account: on by default only for local development.
  const sandbox = !issuer && flag(env.SANDBOX_SSO, mode === "development" && !production);
  if (sandbox && production && !env.OIDC_CLIENT_SECRET)
    throw new Error("SANDBOX_SSO with APP_ENV=production needs OIDC_CLIENT_SECRET");
  const scopes = env.OIDC_SCOPES?.trim() || DEFAULT_SCOPES;
  if (!scopes.split(/\s+/).includes("openid"))
    throw new Error(`OIDC_SCOPES must include openid, got "${scopes}"`);
  const origins = (env.SSO_RETURN_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(
        `SSO_RETURN_ORIGINS must list origins (https://host[:port]), got "${origin}"`,
      );
  }
  const addressPageUrl = env.OIDC_ADDRESS_PAGE_URL?.trim() || null;
  if (addressPageUrl) {
    if (!URL.canParse(addressPageUrl))
      throw new Error(`OIDC_ADDRESS_PAGE_URL must be a URL, got "${addressPageUrl}"`);
    if (production && new URL(addressPageUrl).protocol !== "https:")
      throw new Error("OIDC_ADDRESS_PAGE_URL must be https when APP_ENV=production");
  }
  return {
    issuer,
    sandbox,
    addressPageUrl,
    sandboxIssuer: (
      env.SANDBOX_SSO_ISSUER?.trim() || `http://localhost:${port}/sandbox/sso`
    ).replace(/\/+$/, ""),
    clientId: env.OIDC_CLIENT_ID || SANDBOX_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET || SANDBOX_CLIENT_SECRET,
    scopes,
    returnOrigins: origins.length ? origins : production ? [] : "loopback",
  };
}

function loadDeliveryConfig(env: NodeJS.ProcessEnv, mode: Mode): DeliveryConfig {
  const developerId = env.DOORDASH_DEVELOPER_ID?.trim();
  const keyId = env.DOORDASH_KEY_ID?.trim();
  const signingSecret = env.DOORDASH_SIGNING_SECRET?.trim();
  const given = [developerId, keyId, signingSecret].filter(Boolean).length;
  if (given > 0 && given < 3)
    throw new Error(
      "DoorDash needs all of DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET",
    );
  const baseUrl = (env.DOORDASH_BASE_URL?.trim() || "https://openapi.doordash.com").replace(
    /\/+$/,
    "",
  );
  if (!URL.canParse(baseUrl)) throw new Error(`DOORDASH_BASE_URL must be a URL, got "${baseUrl}"`);
  if (given === 3)
    return {
      doorDash: {
        developerId: developerId!,
        keyId: keyId!,
        signingSecret: signingSecret!,
        baseUrl,
      },
      sandbox: false,
    };
  // The sandbox books nothing real: a production-mode server uses it only when told to.
  return { doorDash: null, sandbox: flag(env.SANDBOX_DELIVERY, mode === "development") };
}

/** Sandbox-only webhook secret: refused with APP_ENV=production. */
export const SANDBOX_PAYMENT_WEBHOOK_SECRET = "sandbox-only-payment-webhook-secret";

function loadPaymentConfig(
  env: NodeJS.ProcessEnv,
  mode: Mode,
  appEnv: ServerConfig["appEnv"],
  port: number,
): PaymentConfig {
  const url = env.PAYMENT_GATEWAY_URL?.trim() || null;
  const production = appEnv === "production";
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET?.trim() || "";
  if (url) {
    if (!URL.canParse(url)) throw new Error(`PAYMENT_GATEWAY_URL must be a URL, got "${url}"`);
    if (production && new URL(url).protocol !== "https:")
      throw new Error("PAYMENT_GATEWAY_URL must be https when APP_ENV=production");
    if (!env.PAYMENT_GATEWAY_SECRET || !webhookSecret)
      throw new Error(
        "PAYMENT_GATEWAY_URL needs PAYMENT_GATEWAY_SECRET and PAYMENT_WEBHOOK_SECRET",
      );
  }
  // The sandbox approves test cards for anyone: on by default only for local development.
  const sandbox = !url && flag(env.SANDBOX_PAY, mode === "development" && !production);
  if (sandbox && production && !webhookSecret)
    throw new Error("SANDBOX_PAY with APP_ENV=production needs PAYMENT_WEBHOOK_SECRET");
  const sandboxUrl = (
    env.SANDBOX_PAY_URL?.trim() || `http://localhost:${port}/sandbox/pay`
  ).replace(/\/+$/, "");
  if (!URL.canParse(sandboxUrl))
    throw new Error(`SANDBOX_PAY_URL must be a URL, got "${sandboxUrl}"`);
  return {
    gateway: url ? "hosted" : sandbox ? "sandbox" : null,
    url,
    apiKey: env.PAYMENT_GATEWAY_SECRET ?? "",
    webhookSecret: webhookSecret || SANDBOX_PAYMENT_WEBHOOK_SECRET,
    sandboxUrl,
  };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const appEnv = env.APP_ENV === "production" ? "production" : "local";
  const port = Number.parseInt(env.PORT ?? "3000", 10);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const mode: Mode = env.NODE_ENV === "production" ? "production" : "development";
  const workers = env.WEB_CONCURRENCY
    ? Number(env.WEB_CONCURRENCY)
    : mode === "production"
      ? os.availableParallelism()
      : 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number from 1 to 64, got "${env.WEB_CONCURRENCY}"`,
    );
  }
  return {
    mode,
    workers,
    appEnv,
    host: env.HOST ?? "0.0.0.0",
    port,
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    seedDemoData: flag(env.SEED_DEMO_DATA, appEnv === "local"),
    trustProxy: flag(env.TRUST_PROXY, false),
    brandSlug: env.BRAND_SLUG || "harvest-market",
    apiSecret: apiSecretOf(env),
    sso: loadSsoConfig(env, mode, appEnv, port),
    delivery: loadDeliveryConfig(env, mode),
    payment: loadPaymentConfig(env, mode, appEnv, port),
  };
}
