/**
 * The Express edge in front of the storefront and the API: allowed methods, body caps and rate
 * limits, in that order (cheap refusals first; a refused body is never counted or read).
 */
import type { RequestHandler } from "express";
import { readEnvironment, type RawEnvironment } from "@core/config/environment";
import { apiBodyCap, refuseDeclaredLargeBodies, storefrontBodyCap } from "./bodies";
import type { EdgeLimits } from "./limits";
import { allowMethods, API_METHODS, PAGE_METHODS } from "./methods";
import { memoryStores, redisStores, type LimitStores } from "./rate-limit-stores";
import { apiRateLimits, storefrontRateLimits } from "./rate-limits";

export interface EdgeSettings {
  limits: EdgeLimits;
  stores: LimitStores;
}

/** Redis when REDIS_URL is set (limits shared by every instance), else this process's memory. */
export function limitStoresFor(raw: RawEnvironment = process.env): LimitStores {
  const env = readEnvironment(raw);
  if (!env.REDIS_URL) return memoryStores;
  return redisStores(env.REDIS_URL, env.RATE_LIMIT_PREFIX);
}

/** Before the storefront (Remix); its handler counts chunked bodies too (./remix-handler.ts). */
export function storefrontEdge({ limits, stores }: EdgeSettings): RequestHandler[] {
  return [
    allowMethods(PAGE_METHODS),
    refuseDeclaredLargeBodies(storefrontBodyCap(limits.bodies)),
    storefrontRateLimits({ rates: limits.rates, stores }),
  ];
}

/**
 * Mounted at /api/1 before the API itself; `apiSecret` proves the shopper's address the storefront
 * passes on (the per-address limits).
 */
export function apiEdge({
  limits,
  stores,
  apiSecret,
}: EdgeSettings & { apiSecret: string }): RequestHandler[] {
  return [
    allowMethods(API_METHODS),
    refuseDeclaredLargeBodies(apiBodyCap(limits.bodies)),
    apiRateLimits({ rates: limits.rates, stores, apiSecret }),
  ];
}
