/**
 * Storefront settings, read once from the environment through the one schema of every variable
 * (core/config/environment.ts: types, defaults, what each does; the README's table is written from
 * it). Here they take the shape the storefront's modules use.
 */
import { randomBytes } from "node:crypto";
import { apiSecretOf } from "@core/contract/api-secret";
import { readEnvironment, type Environment, type RawEnvironment } from "@core/config/environment";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FooterLink } from "~/lib/shell-data";
import { version as packageVersion } from "../../package.json";

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
  /** auto: the API in this process answers directly when it serves apiUrl (decision 045). */
  apiTransport: "auto" | "http";
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

const SECRET_FILE = path.resolve("data/session-secret");

/**
 * Outside production a missing secret is generated once and kept under data/ (git-ignored), so
 * sessions survive restarts without anyone committing a secret.
 */
function sessionSecrets(env: Environment): string[] {
  if (env.SESSION_SECRET.length > 0) return env.SESSION_SECRET;
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

export function loadStorefrontConfig(raw: RawEnvironment = process.env): StorefrontConfig {
  const env = readEnvironment(raw);
  const footerLinks: FooterLink[] = [
    { label: "Ordering Policy", href: env.POLICY_URL },
    { label: "Privacy Policy", href: env.PRIVACY_URL },
    { label: "Terms of Use", href: env.TERMS_URL },
    { label: "SMS Terms", href: env.SMS_TERMS_URL },
    { label: "Cookie Preferences", href: env.COOKIE_PREFERENCES_URL },
    { label: "Download on the App Store", href: env.APP_STORE_URL },
    { label: "Get it on Google Play", href: env.PLAY_STORE_URL },
  ].filter((link) => link.href !== "");

  return {
    apiUrl: (env.API_URL || `http://127.0.0.1:${env.PORT}/api/1`).replace(/\/+$/, ""),
    apiTransport: env.API_TRANSPORT,
    apiSecret: apiSecretOf(env),
    sessionSecrets: sessionSecrets(env),
    cookieSecure: env.COOKIE_SECURE,
    // The same switch the server reads (api/config.ts), so both halves agree on the proxy.
    trustProxy: env.TRUST_PROXY,
    brandName: env.BRAND_NAME,
    marketName: env.MARKET_NAME,
    appVersion: packageVersion,
    footerLinks,
    smsTermsUrl: env.SMS_TERMS_URL,
    features: {
      orderSystem: env.FEATURE_ORDER_SYSTEM,
      accounts: env.FEATURE_ACCOUNTS,
      billingAddresses: env.FEATURE_BILLING_ADDRESSES,
      sms: env.FEATURE_SMS,
      coupons: env.FEATURE_COUPONS,
      analytics: env.FEATURE_ANALYTICS,
    },
    errorReportingDsn: env.ERROR_REPORTING_DSN ?? null,
    sharedCacheMs: env.SHARED_CACHE_SECONDS * 1000,
  };
}

let cached: StorefrontConfig | undefined;

/** The process's settings, read on first use (so importing this module has no side effects). */
export function storefrontConfig(): StorefrontConfig {
  cached ??= loadStorefrontConfig();
  return cached;
}
