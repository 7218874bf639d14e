/**
 * Every environment variable the process reads, in one zod schema: its type, its default, the
 * values it takes, which half reads it and what it does. The storefront's settings
 * (app/.server/config.ts), the API's and the server's (api/config.ts), the edge's limits
 * (server/limits.ts) and the few modules that read one variable all read through it, and
 * `npm run docs:env` writes the README's configuration table from it.
 *
 * Plain zod, no Node imports: the callers pass `process.env` in. A value the schema cannot read
 * stops the start with one line naming the variable (`readEnvironment`).
 */
import { z } from "zod";
import { EDGE_PROVIDERS, type EdgeProvider } from "../contract/edge-location";

/** Who reads a variable: one half, both, the process's edge in front of them, or a command. */
type Reader = "storefront" | "API" | "both" | "server" | "commands";

export interface Variable<S extends z.ZodTypeAny = z.ZodTypeAny> {
  readBy: Reader;
  /** Reads the raw text (undefined when unset); a refusal's message follows the name. */
  schema: S;
  /** The default, in words (the README's column). */
  default: string;
  /** The values it takes, in words. */
  values: string;
  description: string;
}

/** A refusal inside a reader: its message follows the variable's name. */
class Refused extends Error {}

/** A variable read from its trimmed text; unset or empty is undefined. */
function reading<T>(read: (value: string) => T) {
  return z
    .string()
    .optional()
    .transform((raw, context): T | undefined => {
      const value = raw?.trim();
      if (!value) return undefined;
      try {
        return read(value);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        context.addIssue({ code: z.ZodIssueCode.custom, message: error.message });
        return z.NEVER;
      }
    });
}

const ON = ["1", "true", "yes", "on"];
const OFF = ["0", "false", "no", "off"];
const SWITCH_VALUES = "on, off (also 1/0, true/false, yes/no)";

/** The one reading of a switch: on or off, anything else refused. */
function parseSwitch(value: string): boolean {
  const word = value.trim().toLowerCase();
  if (ON.includes(word)) return true;
  if (OFF.includes(word)) return false;
  throw new Refused(`must be on or off, got "${value}"`);
}

/** A switch; unset, it is `fallback` (or, without one, decided by the mode below). */
function switchOf(fallback: boolean): z.ZodType<boolean, z.ZodTypeDef, string | undefined>;
function switchOf(): z.ZodType<boolean | undefined, z.ZodTypeDef, string | undefined>;
function switchOf(fallback?: boolean): z.ZodTypeAny {
  return reading(parseSwitch).transform((on) => on ?? fallback);
}

/** Text; unset or empty is `fallback`. */
function text(fallback: string): z.ZodType<string, z.ZodTypeDef, string | undefined>;
function text(): z.ZodType<string | undefined, z.ZodTypeDef, string | undefined>;
function text(fallback?: string): z.ZodTypeAny {
  return reading((value) => value).transform((value) => value ?? fallback);
}

/** A footer link: unset is `fallback`, set to empty hides it (""). */
function link(fallback: string) {
  return z
    .string()
    .optional()
    .transform((raw) => (raw === undefined ? fallback : raw.trim()));
}

/** An absolute URL; unset or empty is undefined. */
function url() {
  return reading((value) => {
    if (!URL.canParse(value)) throw new Refused(`must be a URL, got "${value}"`);
    return value;
  });
}

/** A whole number from `min` to `max`. */
function wholeNumber(min: number, max: number, refusal: string) {
  return reading((value) => {
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(number >= min && number <= max)) throw new Refused(`${refusal}, got "${value}"`);
    return number;
  });
}

/** One of `values`, in any case. */
function oneOf<const T extends string>(values: readonly T[], fallback: T) {
  return reading((value) => {
    const word = value.toLowerCase() as T;
    if (!values.includes(word))
      throw new Refused(`must be one of ${values.join(", ")}, got "${value}"`);
    return word;
  }).transform((value): T => value ?? fallback);
}

/** A comma-separated list; unset or empty is []. */
function list() {
  return text().transform((value) =>
    (value ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/** A rate limit "<count>/<seconds>". */
export interface RateSetting {
  limit: number;
  seconds: number;
}

function rate() {
  return reading((value): RateSetting => {
    const match = /^(\d+)\s*\/\s*(\d+)$/.exec(value);
    const limit = Number(match?.[1]);
    const seconds = Number(match?.[2]);
    if (!match || limit < 1 || seconds < 1)
      throw new Refused(`must be "<count>/<seconds>" (e.g. 120/60), got "${value}"`);
    return { limit, seconds };
  });
}

const variable = <S extends z.ZodTypeAny>(entry: Variable<S>) => entry;

/** A rate limit override of server/limits.ts. */
const rateLimit = (what: string) =>
  variable({
    readBy: "server",
    schema: rate(),
    default: "in server/limits.ts",
    values: "count/seconds",
    description: `Rate limit of ${what}`,
  });

export const DEFAULT_DATABASE_URL = "file:data/order-express.sqlite";
const DEFAULT_RATE_LIMIT_PREFIX = "order-express:rate-limit:";
const SWITCH = SWITCH_VALUES;
const FOOTER = "a URL or path; empty hides the link";

/** Every variable, in the README's order. */
export const VARIABLES = {
  NODE_ENV: variable({
    readBy: "server",
    schema: text(),
    default: "unset (development)",
    values: "production, else development",
    description:
      "production serves the build (`npm run build`) and picks production's defaults; otherwise Vite serves the sources with hot reload",
  }),
  APP_ENV: variable({
    readBy: "both",
    schema: oneOf(["local", "production"], "local"),
    default: "local",
    values: "local, production",
    description:
      "production requires API_SECRET and SESSION_SECRET, refuses the sandboxes' own secrets and loads no demo data unless SEED_DEMO_DATA is on",
  }),
  PORT: variable({
    readBy: "both",
    schema: wholeNumber(1, 65535, "must be a port number").transform((port) => port ?? 3000),
    default: "3000",
    values: "1 to 65535",
    description:
      "Where the process listens (and, with API_URL unset, where the storefront calls the API)",
  }),
  HOST: variable({
    readBy: "server",
    schema: text("0.0.0.0"),
    default: "0.0.0.0",
    values: "an address",
    description: "The address the process listens on",
  }),
  WEB_CONCURRENCY: variable({
    readBy: "server",
    schema: wholeNumber(1, 64, "must be a whole number from 1 to 64"),
    default: "one per core when NODE_ENV=production, else 1",
    values: "1 to 64",
    description:
      "Worker processes (node:cluster); with more than one, set REDIS_URL (docs/scaling.md)",
  }),
  BUILD_DIR: variable({
    readBy: "server",
    schema: text("build"),
    default: "build",
    values: "a folder",
    description: "Where `npm run build` writes and a production-mode server serves the build from",
  }),
  DATABASE_URL: variable({
    readBy: "API",
    schema: text(DEFAULT_DATABASE_URL),
    default: DEFAULT_DATABASE_URL,
    values: "file:PATH, postgres://…",
    description:
      "The database: SQLite (file:PATH) or PostgreSQL; also of `npm run db:*` and `npm run order:status`",
  }),
  SEED_DEMO_DATA: variable({
    readBy: "API",
    schema: switchOf(),
    default: "on when APP_ENV=local",
    values: SWITCH,
    description: "Load the demo brand into an empty database on start",
  }),
  BRAND_SLUG: variable({
    readBy: "API",
    schema: text("harvest-market"),
    default: "harvest-market",
    values: "a brand's slug",
    description: "The brand the API serves",
  }),
  API_SECRET: variable({
    readBy: "both",
    schema: text(),
    default: "a public development secret (refused when APP_ENV=production)",
    values: "a long random string",
    description:
      "Signs coupon clip tokens and the shopper's address the storefront passes on to the API; required when APP_ENV=production",
  }),
  TRUST_PROXY: variable({
    readBy: "both",
    schema: switchOf(false),
    default: "off",
    values: SWITCH,
    description:
      "Trust X-Forwarded-* from a reverse proxy (the shopper's address, a form post's origin, Secure cookies behind TLS termination)",
  }),
  UPLOADS_DIR: variable({
    readBy: "API",
    schema: text("data/uploads"),
    default: "data/uploads",
    values: "a folder",
    description: "Where customer photos are kept (served at /uploads)",
  }),
  GEOCODER: variable({
    readBy: "API",
    schema: oneOf(["offline", "sandbox"], "offline"),
    default: "offline",
    values: "offline (sandbox: its earlier name)",
    description: "Geocoder adapter: places and zip codes offline (`zipcodes`, north-east box only)",
  }),
  GEOLOCATION_HEADERS: variable({
    readBy: "API",
    schema: oneOf([...EDGE_PROVIDERS, "off"], "off").transform((name) =>
      name === "off" ? null : (name as EdgeProvider),
    ),
    default: "off",
    values: `${EDGE_PROVIDERS.join(", ")}, off`,
    description:
      "The CDN whose visitor-location headers place a first visit (off: the brand's market centre)",
  }),
  LOG_LEVEL: variable({
    readBy: "both",
    schema: oneOf(["info", "error", "silent"], "info"),
    default: "info",
    values: "info, error, silent",
    description: "Structured JSON log lines: all, errors and warnings only, or none",
  }),
  LOG_REQUESTS: variable({
    readBy: "server",
    schema: switchOf(true),
    default: "on",
    values: SWITCH,
    description: "One log line per request",
  }),
  REDIS_URL: variable({
    readBy: "server",
    schema: text(),
    default: "empty (each process counts in its own memory)",
    values: "redis://…",
    description: "Where rate limits are counted, shared by every worker and instance",
  }),
  RATE_LIMIT_PREFIX: variable({
    readBy: "server",
    schema: text(DEFAULT_RATE_LIMIT_PREFIX),
    default: DEFAULT_RATE_LIMIT_PREFIX,
    values: "text",
    description: "Prefix of the rate limits' Redis keys",
  }),
  RATE_LIMITS: variable({
    readBy: "server",
    schema: switchOf(true),
    default: "on",
    values: SWITCH,
    description: "Rate limits at the edge (off: none)",
  }),
  RATE_LIMIT_MULTIPLIER: variable({
    readBy: "server",
    schema: reading((value) => {
      const multiplier = Number(value);
      if (!Number.isFinite(multiplier) || multiplier < 1)
        throw new Refused(`must be a number of at least 1, got "${value}"`);
      return multiplier;
    }).transform((multiplier) => multiplier ?? 1),
    default: "1",
    values: "a number ≥ 1",
    description: "Scales every rate limit (the e2e server uses 50)",
  }),
  RATE_LIMIT_STOREFRONT_POSTS: rateLimit("the storefront's form posts per shopper address"),
  RATE_LIMIT_STOREFRONT_UPLOADS: rateLimit("the storefront's multipart posts per shopper address"),
  RATE_LIMIT_API_KEYS: rateLimit("POST /api/1/keys per address"),
  RATE_LIMIT_PROMOTION_PER_ORDER: rateLimit("promotion code attempts per order"),
  RATE_LIMIT_PROMOTION_PER_CLIENT: rateLimit("promotion code attempts per API key"),
  RATE_LIMIT_PROMOTION_PER_ADDRESS: rateLimit("promotion code attempts per shopper address"),
  RATE_LIMIT_ORDER_PLACEMENT: rateLimit("order placements per API key"),
  RATE_LIMIT_API_UPLOADS: rateLimit("the API's photo uploads per API key"),
  API_URL: variable({
    readBy: "storefront",
    schema: text(),
    default: "http://127.0.0.1:$PORT/api/1",
    values: "a URL",
    description: "The API the storefront calls (its origin may serve images, says the CSP)",
  }),
  API_TRANSPORT: variable({
    readBy: "storefront",
    schema: oneOf(["auto", "http"], "auto"),
    default: "auto",
    values: "auto, http",
    description:
      "How the storefront reaches the API: auto calls the API in this process directly when it serves API_URL (decision 045), else over HTTP; http always over HTTP",
  }),
  SESSION_SECRET: variable({
    readBy: "storefront",
    schema: list(),
    default: "generated once into data/session-secret (refused when APP_ENV=production)",
    values: "secrets, comma-separated",
    description:
      "Encrypts the session cookie and signs the preferences cookie; to rotate, list the new one first (the first seals, all open)",
  }),
  COOKIE_SECURE: variable({
    readBy: "storefront",
    schema: switchOf(),
    default: "on when APP_ENV=production",
    values: SWITCH,
    description: "Cookies get the Secure attribute and the __Host- prefix (the site is HTTPS only)",
  }),
  BRAND_NAME: variable({
    readBy: "storefront",
    schema: text("Harvest Market"),
    default: "Harvest Market",
    values: "text",
    description: "Brand name shown when the API's brand is not available",
  }),
  MARKET_NAME: variable({
    readBy: "storefront",
    schema: text("Harvest Market"),
    default: "Harvest Market",
    values: "text",
    description: 'Market name in the product title "Order Express {MARKET_NAME}"',
  }),
  POLICY_URL: variable({
    readBy: "storefront",
    schema: link("/policies/ordering"),
    default: "/policies/ordering",
    values: FOOTER,
    description: "Footer link to the ordering policy",
  }),
  PRIVACY_URL: variable({
    readBy: "storefront",
    schema: link("/policies/privacy"),
    default: "/policies/privacy",
    values: FOOTER,
    description: "Footer link to the privacy policy",
  }),
  TERMS_URL: variable({
    readBy: "storefront",
    schema: link("/policies/terms"),
    default: "/policies/terms",
    values: FOOTER,
    description: "Footer link to the terms of use",
  }),
  SMS_TERMS_URL: variable({
    readBy: "storefront",
    schema: link("/policies/sms-terms"),
    default: "/policies/sms-terms",
    values: FOOTER,
    description: "Footer link to the SMS notification terms",
  }),
  COOKIE_PREFERENCES_URL: variable({
    readBy: "storefront",
    schema: link("/policies/cookies"),
    default: "/policies/cookies",
    values: FOOTER,
    description: "Footer link to the cookie preferences",
  }),
  APP_STORE_URL: variable({
    readBy: "storefront",
    schema: link(""),
    default: "empty (hidden)",
    values: FOOTER,
    description: "Footer link to the iOS app",
  }),
  PLAY_STORE_URL: variable({
    readBy: "storefront",
    schema: link(""),
    default: "empty (hidden)",
    values: FOOTER,
    description: "Footer link to the Android app",
  }),
  FEATURE_ORDER_SYSTEM: variable({
    readBy: "storefront",
    schema: switchOf(false),
    default: "off",
    values: SWITCH,
    description: "Order-system (MWG) integration: past orders, delivery and online payment",
  }),
  FEATURE_ACCOUNTS: variable({
    readBy: "storefront",
    schema: switchOf(true),
    default: "on",
    values: SWITCH,
    description: "Account integration: sign-in and billing addresses",
  }),
  FEATURE_BILLING_ADDRESSES: variable({
    readBy: "storefront",
    schema: switchOf(false),
    default: "off",
    values: SWITCH,
    description:
      "'Pay Online' first asks which of the profile's addresses the card is billed to (/addresses, disabled in the spec)",
  }),
  FEATURE_SMS: variable({
    readBy: "storefront",
    schema: switchOf(true),
    default: "on",
    values: SWITCH,
    description: "Offer the SMS notification opt-in",
  }),
  FEATURE_COUPONS: variable({
    readBy: "storefront",
    schema: switchOf(false),
    default: "off",
    values: SWITCH,
    description: "Digital coupon clipping (the offer on /confirmation)",
  }),
  FEATURE_ANALYTICS: variable({
    readBy: "storefront",
    schema: switchOf(true),
    default: "on",
    values: SWITCH,
    description: "Recommendation analytics snapshots",
  }),
  ERROR_REPORTING_DSN: variable({
    readBy: "storefront",
    schema: text(),
    default: "empty (log lines only)",
    values: "https://KEY@HOST/PROJECT",
    description: "Error reports (structured log lines) also go to this Sentry-compatible service",
  }),
  SHARED_CACHE_SECONDS: variable({
    readBy: "storefront",
    schema: wholeNumber(0, 999_999, "must be a whole number of seconds").transform(
      (seconds) => seconds ?? 30,
    ),
    default: "30",
    values: "0 to 999999",
    description:
      "How long the brand, stores, departments, catalogs and alerts are kept in each process; a change the API announces drops them sooner (0: never kept)",
  }),
  OIDC_ISSUER: variable({
    readBy: "API",
    schema: url(),
    default: "empty (the sandbox provider)",
    values: "a URL (https when APP_ENV=production)",
    description: "The single sign-on provider the API signs shoppers in with (decision 016)",
  }),
  OIDC_CLIENT_ID: variable({
    readBy: "API",
    schema: text(),
    default: "the sandbox's",
    values: "text",
    description: "The API's client id at OIDC_ISSUER (required with it)",
  }),
  OIDC_CLIENT_SECRET: variable({
    readBy: "API",
    schema: text(),
    default: "the sandbox's (refused when APP_ENV=production)",
    values: "text",
    description:
      "The API's client secret at OIDC_ISSUER, or of the sandbox when APP_ENV=production",
  }),
  OIDC_SCOPES: variable({
    readBy: "API",
    schema: text(),
    default: "openid email profile phone address club",
    values: "scopes, space-separated, with openid",
    description: "What the API asks the provider for (drop club for a provider that refuses it)",
  }),
  OIDC_ADDRESS_PAGE_URL: variable({
    readBy: "API",
    schema: url(),
    default: "the sandbox's /profile/addresses",
    values: "a URL (https when APP_ENV=production)",
    description: "The provider's page where a shopper adds an address (framed by /addresses)",
  }),
  SANDBOX_SSO: variable({
    readBy: "API",
    schema: switchOf(),
    default: "on when NODE_ENV is not production and APP_ENV=local",
    values: SWITCH,
    description: "Mount the sandbox provider at /sandbox/sso (only without OIDC_ISSUER)",
  }),
  SANDBOX_SSO_ISSUER: variable({
    readBy: "API",
    schema: url(),
    default: "http://localhost:$PORT/sandbox/sso",
    values: "a URL",
    description: "The sandbox provider's issuer URL, as browsers and the API reach it",
  }),
  SSO_RETURN_ORIGINS: variable({
    readBy: "API",
    schema: list(),
    default: "loopback origins when APP_ENV=local, else none",
    values: "origins, comma-separated",
    description: "Origins whose /sso-return (and /card-authorization) a shopper may come back to",
  }),
  DOORDASH_DEVELOPER_ID: variable({
    readBy: "API",
    schema: text(),
    default: "empty (the sandbox)",
    values: "text",
    description: "DoorDash Drive credentials (with DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET)",
  }),
  DOORDASH_KEY_ID: variable({
    readBy: "API",
    schema: text(),
    default: "empty (the sandbox)",
    values: "text",
    description: "DoorDash Drive credentials: the key's id",
  }),
  DOORDASH_SIGNING_SECRET: variable({
    readBy: "API",
    schema: text(),
    default: "empty (the sandbox)",
    values: "text",
    description: "DoorDash Drive credentials: the key's signing secret",
  }),
  DOORDASH_BASE_URL: variable({
    readBy: "API",
    schema: url(),
    default: "https://openapi.doordash.com",
    values: "a URL",
    description: "DoorDash Drive's API",
  }),
  SANDBOX_DELIVERY: variable({
    readBy: "API",
    schema: switchOf(),
    default: "on when NODE_ENV is not production",
    values: SWITCH,
    description:
      "Answer door_dash departments from the in-process sandbox (only without credentials)",
  }),
  PAYMENT_GATEWAY_URL: variable({
    readBy: "API",
    schema: url(),
    default: "empty (the sandbox gateway)",
    values: "a URL (https when APP_ENV=production)",
    description:
      "The hosted-payment-page provider for online payment (with PAYMENT_GATEWAY_SECRET and PAYMENT_WEBHOOK_SECRET)",
  }),
  PAYMENT_GATEWAY_SECRET: variable({
    readBy: "API",
    schema: text(),
    default: "empty",
    values: "text",
    description: "The payment provider's API key",
  }),
  PAYMENT_WEBHOOK_SECRET: variable({
    readBy: "API",
    schema: text(),
    default: "the sandbox's (refused when APP_ENV=production)",
    values: "text",
    description: "The secret the gateway's notices are signed with",
  }),
  SMTP_URL: variable({
    readBy: "API",
    schema: url(),
    default: "empty (the sandbox mailbox at /sandbox/messages)",
    values: "smtp://user:password@host:port or smtps://…",
    description: "The mail server the order notifications go through (decision 044)",
  }),
  MAIL_FROM: variable({
    readBy: "API",
    schema: text("Harvest Market <orders@example.com>"),
    default: "Harvest Market <orders@example.com>",
    values: "an address",
    description: "The sender of the order notifications' email",
  }),
  SMS_GATEWAY_URL: variable({
    readBy: "API",
    schema: url(),
    default: "empty (the sandbox mailbox at /sandbox/messages)",
    values: "a URL",
    description:
      "The SMS provider's messages endpoint for order notifications (with SMS_GATEWAY_KEY)",
  }),
  SMS_GATEWAY_KEY: variable({
    readBy: "API",
    schema: text(),
    default: "empty",
    values: "text",
    description: "The API key of SMS_GATEWAY_URL",
  }),
  SANDBOX_PAY: variable({
    readBy: "API",
    schema: switchOf(),
    default: "on when NODE_ENV is not production and APP_ENV=local",
    values: SWITCH,
    description: "Mount the sandbox gateway at /sandbox/pay (only without PAYMENT_GATEWAY_URL)",
  }),
  SANDBOX_PAY_URL: variable({
    readBy: "API",
    schema: url(),
    default: "http://localhost:$PORT/sandbox/pay",
    values: "a URL",
    description: "The sandbox gateway's page, as browsers reach it",
  }),
};

export type VariableName = keyof typeof VARIABLES;

type Shape = { [Name in VariableName]: (typeof VARIABLES)[Name]["schema"] };

const shape = Object.fromEntries(
  Object.entries(VARIABLES).map(([name, entry]) => [name, entry.schema]),
) as Shape;

/**
 * The whole environment: each variable read, then the defaults that depend on the mode filled in.
 * The sandboxes and demo data are on by default only for local development; a production-mode
 * server (NODE_ENV=production) or a production deployment (APP_ENV=production) turns them on only
 * when told to.
 */
const environmentSchema = z.object(shape).transform((read) => {
  const development = read.NODE_ENV !== "production";
  const local = read.APP_ENV === "local";
  return {
    ...read,
    SEED_DEMO_DATA: read.SEED_DEMO_DATA ?? local,
    COOKIE_SECURE: read.COOKIE_SECURE ?? !local,
    SANDBOX_SSO: read.SANDBOX_SSO ?? (development && local),
    SANDBOX_PAY: read.SANDBOX_PAY ?? (development && local),
    SANDBOX_DELIVERY: read.SANDBOX_DELIVERY ?? development,
  };
});

export type Environment = z.output<typeof environmentSchema>;
export type RawEnvironment = Record<string, string | undefined>;

/** A value the schema cannot read: its message is one line naming the variable. */
export class EnvironmentRefused extends Error {
  override name = "EnvironmentRefused";
}

function refusal(error: z.ZodError): EnvironmentRefused {
  const issue = error.issues[0];
  const name = String(issue?.path[0] ?? "environment");
  return new EnvironmentRefused(`${name} ${issue?.message ?? "cannot be read"}`);
}

/** The environment read through the schema; a value it cannot read throws one line. */
export function readEnvironment(env: RawEnvironment): Environment {
  const result = environmentSchema.safeParse(env);
  if (!result.success) throw refusal(result.error);
  return result.data;
}

const lastRead = new Map<VariableName, { raw: string | undefined; value: unknown }>();

/**
 * One variable, read as the schema reads it (for modules that need only it, read on each use).
 * A mode-dependent switch is undefined when unset: readEnvironment fills those in.
 */
export function readVariable<Name extends VariableName>(
  name: Name,
  env: RawEnvironment,
): z.output<Shape[Name]> {
  // The loggers read LOG_LEVEL and LOG_REQUESTS for every line: the last value read of each
  // variable is kept, so an unchanged one is not parsed again.
  const raw = env[name];
  const last = lastRead.get(name);
  if (last && last.raw === raw) return last.value as z.output<Shape[Name]>;
  const result = (VARIABLES[name].schema as Shape[Name]).safeParse(raw);
  if (!result.success)
    throw refusal(new z.ZodError(result.error.issues.map((issue) => ({ ...issue, path: [name] }))));
  lastRead.set(name, { raw, value: result.data });
  return result.data as z.output<Shape[Name]>;
}
