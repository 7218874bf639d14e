/**
 * Answers every shopper shares (the brand, stores, departments, categories, catalogs, a store's
 * alerts), kept in the process for a short time so that a page view does not ask the API for
 * them again.
 *
 * Two things end an answer's stay: its age (`ttlMs`), and the API's `Shared-Data-Version` header
 * moving (triggers bump it whenever one of those tables changes, whoever changes it), which drops
 * everything at once. Concurrent misses of one key share one call; a failed call is not kept.
 * Kept answers are frozen: a caller that changed one would change it for every shopper.
 */
import { LRUCache } from "lru-cache";
import { deepFreeze } from "@core/contract/deep-freeze";

export interface SharedAnswers {
  /** The kept answer for `key`, else `load()`'s (kept once it succeeds). */
  get<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  /** The version an API answer carried: a different one from before drops every kept answer. */
  observeVersion(version: string | null): void;
  clear(): void;
}

/** Enough for a large brand's stores and departments; the oldest go first beyond it. */
const MAX_ANSWERS = 2000;

export function createSharedAnswers({
  ttlMs,
  now = () => performance.now(),
}: {
  ttlMs: number;
  /** Milliseconds from any fixed start (tests pass a clock of their own). */
  now?: () => number;
}): SharedAnswers {
  type Load = () => Promise<object>;
  // Keys carry a generation: dropping everything moves to a new one, so a call still in flight
  // then (which finishes for its own request) lands where nobody reads; old entries age out.
  let generation = 0;
  let version: string | null = null;
  const cache = new LRUCache<string, object, Load>({
    max: MAX_ANSWERS,
    ttl: Math.max(ttlMs, 1),
    perf: { now },
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { context }) => deepFreeze(await context()),
  });

  const clear = () => {
    generation += 1;
  };

  return {
    async get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const answer = await cache.fetch(`${generation}|${key}`, { context: load });
      return answer as T;
    },
    observeVersion(next) {
      if (next === null || next === version) return;
      if (version !== null) clear();
      version = next;
    },
    clear,
  };
}
