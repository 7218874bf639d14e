/**
 * Where the rate limiters keep their counts. Without REDIS_URL each limiter counts in this
 * process's memory. With it, the counts live in Redis, so every instance of the app shares one
 * limit per client.
 *
 * When Redis goes away (not reachable at start, restarted, too slow to answer) the app keeps
 * serving: each limiter falls back to counting in memory, per process, and a warning is logged
 * (at most every 30 s). Limits stay in force, only looser across instances, rather than failing
 * open for everyone or failing closed and taking the shop down with Redis. When Redis is back,
 * the limiters go back to it.
 */
import {
  MemoryStore,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from "express-rate-limit";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { createClient } from "redis";
import { logger } from "../api/logger";

/** A slow Redis must not slow every form post: past this, count in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
/** Reconnection backs off up to this; Redis may be down for a while. */
const REDIS_MAX_RECONNECT_DELAY_MS = 10_000;
const WARNING_INTERVAL_MS = 30_000;

export interface LimitStores {
  /** A store for one limiter (a store must not be shared); undefined: express-rate-limit's own
   * memory store. */
  store(name: string): Store | undefined;
  /** Resolves once the shared store answers (at once for memory); for start-up and tests. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const memoryStores: LimitStores = {
  store: () => undefined,
  ready: async () => {},
  close: async () => {},
};

/** What a store needs of the client. */
interface RedisClient {
  readonly isReady: boolean;
  sendCommand(args: string[], options: { timeout: number }): Promise<unknown>;
}

/** Counts in Redis while it answers, in memory while it does not. */
class FailoverStore implements Store {
  readonly localKeys = false;
  private readonly memory = new MemoryStore();
  private readonly redis: RedisStore;
  private options: Options | undefined;

  constructor(
    private readonly client: RedisClient,
    readonly prefix: string,
    private readonly warn: (error: unknown) => void,
  ) {
    this.redis = new RedisStore({
      prefix,
      sendCommand: (...args: string[]) =>
        client.sendCommand(args, { timeout: REDIS_COMMAND_TIMEOUT_MS }) as Promise<RedisReply>,
    });
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
    if (this.client.isReady) this.loadScripts();
  }

  /** Loads the Lua scripts; again after every reconnection (Redis may have been restarted). */
  loadScripts(): void {
    if (this.options) this.redis.init(this.options).catch(this.warn);
  }

  private async either<T>(run: (store: Store) => Promise<T> | T): Promise<T> {
    if (!this.client.isReady) return run(this.memory);
    try {
      return await run(this.redis);
    } catch (error) {
      this.warn(error);
      return run(this.memory);
    }
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either((store) => store.get?.(key));
  }
  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.either((store) => store.increment(key));
  }
  decrement(key: string): Promise<void> {
    return this.either((store) => store.decrement(key));
  }
  resetKey(key: string): Promise<void> {
    return this.either((store) => store.resetKey(key));
  }
}

/** Stores in Redis at `url`, every key under `prefix` (one app, one prefix). */
export function redisStores(url: string, prefix: string): LimitStores {
  let lastWarning = 0;
  const warn = (error: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARNING_INTERVAL_MS) return;
    lastWarning = now;
    logger.warn("Redis for rate limits is unavailable; counting in this process's memory", {
      error: error instanceof Error ? error.message : String(error),
    });
  };

  const client = createClient({
    url,
    // Commands fail at once while disconnected instead of queueing behind a dead connection.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, REDIS_MAX_RECONNECT_DELAY_MS),
    },
  });
  // Without an error listener a lost connection would crash the process.
  client.on("error", warn);
  const stores: FailoverStore[] = [];
  client.on("ready", () => {
    for (const store of stores) store.loadScripts();
  });
  // Not awaited: the app starts (counting in memory) even when Redis is down.
  client.connect().catch(warn);

  return {
    store(name) {
      const store = new FailoverStore(client, `${prefix}${name}:`, warn);
      stores.push(store);
      return store;
    },
    ready: () =>
      client.isReady ? Promise.resolve() : new Promise((resolve) => client.once("ready", resolve)),
    async close() {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
