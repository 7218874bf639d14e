/**
 * Storefront settings, read once from the environment.
 *
 * | name                   | default                                  | meaning                                                        |
 * |------------------------|------------------------------------------|----------------------------------------------------------------|
 * | API_URL                | http://127.0.0.1:${PORT or 3000}/api/1   | base URL of the Order Express API the storefront calls          |
 * | API_SECRET             | a fixed development secret               | shared with the API: signs the shopper's address passed on with each call; required when APP_ENV=production |
 * | SESSION_SECRET         | generated once into data/session-secret  | encrypts the session cookie and signs the preferences cookie; required when APP_ENV=production (comma-separate to rotate: first seals, all open) |
 * | COOKIE_SECURE          | on when APP_ENV=production, else off     | cookies are Secure with the __Host- prefix (the site is served over HTTPS only) |
 * | TRUST_PROXY            | off                                      | a form post's Origin is compared with X-Forwarded-Host/-Proto (as the API's setting) |
 * | BRAND_NAME             | Harvest Market                           | brand name shown when the API's brand is not available          |
 * | MARKET_NAME            | Harvest Market                           | market name in the product title "Order Express {MARKET_NAME}"  |
 * | POLICY_URL             | /policies/ordering                       | footer link: ordering policy (empty hides it)                   |
 * | PRIVACY_URL            | /policies/privacy                        | footer link: privacy policy (empty hides it)                    |
 * | TERMS_URL              | /policies/terms                          | footer link: terms of use (empty hides it)                      |
 * | SMS_TERMS_URL          | /policies/sms-terms                      | footer link: SMS notification terms (empty hides it)            |
 * | COOKIE_PREFERENCES_URL | /policies/cookies                        | footer link: cookie preferences (empty hides it)                |
 * | APP_STORE_URL          | (empty: hidden)                          | footer link to the iOS app                                      |
 * | PLAY_STORE_URL         | (empty: hidden)                          | footer link to the Android app                                  |
 * | FEATURE_ORDER_SYSTEM   | off                                      | order-system (MWG) integration: past orders, delivery, online payment |
 * | FEATURE_ACCOUNTS       | on                                       | account integration: sign-in, billing addresses                 |
 * | FEATURE_BILLING_ADDRESSES | off (the spec's /addresses is disabled) | 'Pay Online' asks for the billing address first (/addresses)  |
 * | FEATURE_SMS            | on                                       | offer SMS notification opt-in                                   |
 * | FEATURE_COUPONS        | off                                      | digital coupon clipping                                         |
 * | FEATURE_ANALYTICS      | on                                       | recommendation analytics snapshots                              |
 * | ERROR_REPORTING_DSN    | (empty: structured log lines only)       | DSN of a Sentry-compatible error-reporting service (also logged) |
 * | SHARED_CACHE_SECONDS   | 30                                       | how long the brand, stores, departments, catalogs and alerts are kept in the process (0: never) |
 *
 * Switches read "1", "true", "yes" or "on" as on and "0", "false", "no" or "off" as off.
 */
import { randomBytes } from "node:crypto";
import { apiSecretOf } from "@core/contract/api-secret";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FooterLink } from "~/lib/shell-data";
import { version as packageVersion } from "../../package.json";

export interface EnvDoc {
  name: string;
  default: string;
  meaning: string;
}

/** The table above, for .env.example and the README. */
export const STOREFRONT_ENV_DOC: readonly EnvDoc[] = [
  {
    name: "API_URL",
    default: "http://127.0.0.1:${PORT:-3000}/api/1",
    meaning: "Base URL of the Order Express API the storefront calls",
  },
  {
    name: "API_SECRET",
    default: "a fixed development secret (not for production)",
    meaning:
      "Shared with the server: signs the shopper's address the storefront passes on to the API (the API's per-address limits); required when APP_ENV=production",
  },
  {
    name: "SESSION_SECRET",
    default: "generated once into data/session-secret",
    meaning:
      "Encrypts the session cookie and signs the preferences cookie; required when APP_ENV=production (comma-separated to rotate: the first seals, all open)",
  },
  {
    name: "COOKIE_SECURE",
    default: "on when APP_ENV=production",
    meaning:
      "Cookies get the Secure attribute and the __Host- prefix: set it when the site is served over HTTPS only",
  },
  {
    name: "TRUST_PROXY",
    default: "off",
    meaning:
      "Shared with the server: a form post's Origin is compared with X-Forwarded-Host and X-Forwarded-Proto",
  },
  {
    name: "BRAND_NAME",
    default: "Harvest Market",
    meaning: "Brand name shown when the API's brand is not available",
  },
  {
    name: "MARKET_NAME",
    default: "Harvest Market",
    meaning: 'Market name in the product title "Order Express {MARKET_NAME}"',
  },
  {
    name: "POLICY_URL",
    default: "/policies/ordering",
    meaning: "Footer link to the ordering policy (empty hides it)",
  },
  {
    name: "PRIVACY_URL",
    default: "/policies/privacy",
    meaning: "Footer link to the privacy policy (empty hides it)",
  },
  {
    name: "TERMS_URL",
    default: "/policies/terms",
    meaning: "Footer link to the terms of use (empty hides it)",
  },
  {
    name: "SMS_TERMS_URL",
    default: "/policies/sms-terms",
    meaning: "Footer link to the SMS notification terms (empty hides it)",
  },
  {
    name: "COOKIE_PREFERENCES_URL",
    default: "/policies/cookies",
    meaning: "Footer link to cookie preferences (empty hides it)",
  },
  { name: "APP_STORE_URL", default: "", meaning: "Footer link to the iOS app (empty hides it)" },
  {
    name: "PLAY_STORE_URL",
    default: "",
    meaning: "Footer link to the Android app (empty hides it)",
  },
  {
    name: "FEATURE_ORDER_SYSTEM",
    default: "off",
    meaning: "Order-system (MWG) integration: past orders, delivery and online payment",
  },
  {
    name: "FEATURE_ACCOUNTS",
    default: "on",
    meaning: "Account integration: sign-in and billing addresses",
  },
  {
    name: "FEATURE_BILLING_ADDRESSES",
    default: "off",
    meaning:
      "'Pay Online' first asks which of the profile's addresses the card is billed to (/addresses, disabled in the spec); npm start and the e2e servers turn it on",
  },
  { name: "FEATURE_SMS", default: "on", meaning: "Offer the SMS notification opt-in" },
  { name: "FEATURE_COUPONS", default: "off", meaning: "Digital coupon clipping" },
  { name: "FEATURE_ANALYTICS", default: "on", meaning: "Recommendation analytics snapshots" },
  {
    name: "ERROR_REPORTING_DSN",
    default: "",
    meaning:
      "DSN (https://KEY@HOST/PROJECT) of a Sentry-compatible error-reporting service; reports are also logged (empty: logged only)",
  },
  {
    name: "SHARED_CACHE_SECONDS",
    default: "30",
    meaning:
      "How long answers every shopper shares (brand, stores, departments, catalogs, alerts) are kept in the process; a change announced by the API drops them sooner (0: never kept)",
  },
];

export interface StorefrontFeatures {
  orderSystem: boolean;
  accounts: boolean;
  /** /addresses, the billing address picker before the payment page (spec: disabled). */
  billingAddresses: boolean;
  sms: boolean;
  coupons: boolean;
  analytics: boolean;
}

export interface StorefrontConfig {
  apiUrl: string;
  /** API_SECRET, read as the API reads it: proves to the API the shopper's address passed on. */
  apiSecret: string;
  /** First entry signs; all entries verify (lets a secret be rotated without signing everyone out). */
  sessionSecrets: string[];
  /** HTTPS only: cookies are Secure and named with the __Host- prefix. */
  cookieSecure: boolean;
  /** A reverse proxy's X-Forwarded-Host/-Proto name this site's origin (the server's TRUST_PROXY). */
  trustProxy: boolean;
  brandName: string;
  marketName: string;
  appVersion: string;
  /** Footer links in display order; empty URLs are left out. */
  footerLinks: FooterLink[];
  smsTermsUrl: string;
  features: StorefrontFeatures;
  /** Where error reports are sent besides the log (error-reporting/), else null. */
  errorReportingDsn: string | null;
  /** How long shared answers are kept (api/shared-answers.ts); 0 keeps none. */
  sharedCacheMs: number;
}

type Env = Record<string, string | undefined>;

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return fallback;
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

/** A whole number of seconds, 0 or more. */
function seconds(env: Env, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d{1,6}$/.test(value))
    throw new Error(`${name} must be a whole number of seconds, got "${value}"`);
  return Number(value);
}

/** A URL setting: the default when unset, hidden when set to the empty string. */
function url(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined ? fallback : value.trim();
}

const SECRET_FILE = path.resolve("data/session-secret");

/**
 * Outside production a missing secret is generated once and kept under data/ (git-ignored), so
 * sessions survive restarts without anyone committing a secret.
 */
function sessionSecrets(env: Env): string[] {
  const fromEnv = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (fromEnv.length > 0) return fromEnv;
  if (env.APP_ENV === "production") {
    throw new Error("SESSION_SECRET is required when APP_ENV=production");
  }
  try {
    const stored = readFileSync(SECRET_FILE, "utf8").trim();
    if (stored) return [stored];
  } catch {
    // Not there yet: generate it below.
  }
  // Several workers may start at once: the secret is written whole under another name and linked
  // into place, which fails if a sibling got there first, and then the sibling's is used.
  const generated = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  const draft = `${SECRET_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, generated + "\n", { mode: 0o600 });
  try {
    linkSync(draft, SECRET_FILE);
    return [generated];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return [readFileSync(SECRET_FILE, "utf8").trim()];
  } finally {
    rmSync(draft, { force: true });
  }
}

export function loadStorefrontConfig(env: Env = process.env): StorefrontConfig {
  const port = env.PORT?.trim() || "3000";
  const smsTermsUrl = url(env, "SMS_TERMS_URL", "/policies/sms-terms");
  const footerLinks: FooterLink[] = [
    { label: "Ordering Policy", href: url(env, "POLICY_URL", "/policies/ordering") },
    { label: "Privacy Policy", href: url(env, "PRIVACY_URL", "/policies/privacy") },
    { label: "Terms of Use", href: url(env, "TERMS_URL", "/policies/terms") },
    { label: "SMS Terms", href: smsTermsUrl },
    { label: "Cookie Preferences", href: url(env, "COOKIE_PREFERENCES_URL", "/policies/cookies") },
    { label: "Download on the App Store", href: url(env, "APP_STORE_URL", "") },
    { label: "Get it on Google Play", href: url(env, "PLAY_STORE_URL", "") },
  ].filter((link) => link.href !== "");

  return {
    apiUrl: (env.API_URL?.trim() || `http://127.0.0.1:${port}/api/1`).replace(/\/+$/, ""),
    apiSecret: apiSecretOf(env),
    sessionSecrets: sessionSecrets(env),
    cookieSecure: flag(env, "COOKIE_SECURE", env.APP_ENV === "production"),
    // Read exactly as the server reads it (api/config.ts), so both halves agree on the proxy.
    trustProxy: ["1", "true", "yes", "on"].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? ""),
    brandName: env.BRAND_NAME?.trim() || "Harvest Market",
    marketName: env.MARKET_NAME?.trim() || "Harvest Market",
    appVersion: packageVersion,
    footerLinks,
    smsTermsUrl,
    features: {
      orderSystem: flag(env, "FEATURE_ORDER_SYSTEM", false),
      accounts: flag(env, "FEATURE_ACCOUNTS", true),
      billingAddresses: flag(env, "FEATURE_BILLING_ADDRESSES", false),
      sms: flag(env, "FEATURE_SMS", true),
      coupons: flag(env, "FEATURE_COUPONS", false),
      analytics: flag(env, "FEATURE_ANALYTICS", true),
    },
    errorReportingDsn: env.ERROR_REPORTING_DSN?.trim() || null,
    sharedCacheMs: seconds(env, "SHARED_CACHE_SECONDS", 30) * 1000,
  };
}

let cached: StorefrontConfig | undefined;

/** The process's settings, read on first use (so importing this module has no side effects). */
export function storefrontConfig(): StorefrontConfig {
  cached ??= loadStorefrontConfig();
  return cached;
}
