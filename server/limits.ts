/**
 * The request rates the Express edge enforces (per shopper, per API key, per order); the body
 * sizes it reads before a 413 are request shapes both halves share, in core/rules/limits.ts. The
 * rates are set well above what a busy real shopper does, so they only stop scripts. Each rate can
 * be changed with an environment variable (`RATE_LIMIT_<NAME>=<count>/<seconds>`, e.g.
 * `RATE_LIMIT_STOREFRONT_POSTS=240/60`), all of them scaled with `RATE_LIMIT_MULTIPLIER` (the e2e
 * server runs many journeys from one address), or switched off with `RATE_LIMITS=off`.
 */
import {
  readEnvironment,
  type RawEnvironment,
  type RateSetting,
  type VariableName,
} from "@core/config/environment";
import { DEFAULT_BODY_LIMITS, type BodyLimits } from "@core/rules/limits";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export interface RateRule {
  /** Requests allowed per window; the next one answers 429. */
  limit: number;
  windowMs: number;
}

export type RateName =
  | "storefrontPosts"
  | "storefrontUploads"
  | "apiKeyCreation"
  | "promotionPerOrder"
  | "promotionPerClient"
  | "promotionPerAddress"
  | "orderPlacement"
  | "apiUploads";

export interface EdgeLimits {
  /** Null when rate limiting is switched off. */
  rates: Record<RateName, RateRule> | null;
  bodies: BodyLimits;
}

export const DEFAULT_RATES: Record<RateName, RateRule> = {
  // Every form post on the storefront, per shopper address. A fast shopper posts every few
  // seconds (~20 a minute); 120 leaves room for a household or office behind one address.
  storefrontPosts: { limit: 120, windowMs: MINUTE },
  // Multipart posts (an item with a photo), per shopper address: a cake or two per order.
  storefrontUploads: { limit: 20, windowMs: 10 * MINUTE },
  // POST /api/1/keys per address: a device registers once per session; 60 in 15 minutes lets a
  // shared address start many sessions but stops minting keys in bulk.
  apiKeyCreation: { limit: 60, windowMs: 15 * MINUTE },
  // Promotion code attempts on one order: a shopper tries a few codes, a script guesses many.
  promotionPerOrder: { limit: 10, windowMs: 15 * MINUTE },
  // Promotion attempts per client over all its orders (new orders do not reset the guessing).
  promotionPerClient: { limit: 30, windowMs: 15 * MINUTE },
  // Promotion attempts per shopper address over all its keys: keys are free to make (60 per 15
  // minutes), so the per-client limit alone lets one address guess about 1,800 codes.
  promotionPerAddress: { limit: 60, windowMs: 15 * MINUTE },
  // PUT /orders/{id}/place per client: once per order, plus idempotent retries of a double submit.
  orderPlacement: { limit: 10, windowMs: 10 * MINUTE },
  // POST /items/{id}/image per client: one photo per item, a few replaced.
  apiUploads: { limit: 30, windowMs: 10 * MINUTE },
};

/** The variable that overrides each rate. */
export const RATE_VARIABLES = {
  storefrontPosts: "RATE_LIMIT_STOREFRONT_POSTS",
  storefrontUploads: "RATE_LIMIT_STOREFRONT_UPLOADS",
  apiKeyCreation: "RATE_LIMIT_API_KEYS",
  promotionPerOrder: "RATE_LIMIT_PROMOTION_PER_ORDER",
  promotionPerClient: "RATE_LIMIT_PROMOTION_PER_CLIENT",
  promotionPerAddress: "RATE_LIMIT_PROMOTION_PER_ADDRESS",
  orderPlacement: "RATE_LIMIT_ORDER_PLACEMENT",
  apiUploads: "RATE_LIMIT_API_UPLOADS",
} as const satisfies Record<RateName, VariableName>;

const ruleOf = (setting: RateSetting): RateRule => ({
  limit: setting.limit,
  windowMs: setting.seconds * SECOND,
});

/** The limits for this process, from the defaults and the environment (core/config/environment). */
export function loadEdgeLimits(raw: RawEnvironment = process.env): EdgeLimits {
  const env = readEnvironment(raw);
  const bodies = { ...DEFAULT_BODY_LIMITS };
  if (!env.RATE_LIMITS) return { rates: null, bodies };
  const rates = {} as Record<RateName, RateRule>;
  for (const name of Object.keys(DEFAULT_RATES) as RateName[]) {
    const set = env[RATE_VARIABLES[name]];
    const rule = set ? ruleOf(set) : DEFAULT_RATES[name];
    rates[name] = { ...rule, limit: Math.round(rule.limit * env.RATE_LIMIT_MULTIPLIER) };
  }
  return { rates, bodies };
}

/** "2 minutes", "30 seconds": for the messages that say when to try again. */
export function describeWait(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  const whole = Math.max(1, Math.ceil(seconds));
  return whole === 1 ? "1 second" : `${whole} seconds`;
}
