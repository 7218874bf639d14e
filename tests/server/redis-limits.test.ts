/**
 * Rate limits kept in Redis (127.0.0.1:6379, a unique key prefix per run): two app instances
 * share one limit; with Redis unreachable the app still answers and limits in memory.
 */
import { randomBytes } from "node:crypto";
import express from "express";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { storefrontEdge } from "../../server/edge";
import { loadEdgeLimits } from "../../server/limits";
import { redisStores, type LimitStores } from "../../server/rate-limit-stores";
import { listen, type Running } from "./support";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const limits = loadEdgeLimits({ RATE_LIMIT_STOREFRONT_POSTS: "3/60" });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
beforeAll(() => {
  // The unreachable-Redis test logs a warning by design.
  process.env.LOG_LEVEL = "silent";
});

async function instance(stores: LimitStores): Promise<Running> {
  const app = express();
  app.use(storefrontEdge({ limits, stores }));
  app.post("/", (_req, res) => void res.send("ok"));
  const running = await listen(app);
  cleanups.push(
    () => running.close(),
    () => stores.close(),
  );
  return running;
}

const post = (running: Running) => fetch(running.url, { method: "POST" }).then((r) => r.status);

describe("rate limits in Redis", () => {
  it("are shared by two instances of the app", async () => {
    const prefix = `oe-test:${randomBytes(6).toString("hex")}:`;
    const first = redisStores(REDIS_URL, prefix);
    const second = redisStores(REDIS_URL, prefix);
    const [a, b] = [await instance(first), await instance(second)];
    await Promise.all([first.ready(), second.ready()]);
    expect([await post(a), await post(b), await post(a)]).toEqual([200, 200, 200]);
    // The fourth post is over the limit whichever instance gets it.
    expect(await post(b)).toBe(429);
    expect(await post(a)).toBe(429);
  });

  it("keep the app answering, limiting per process, when Redis cannot be reached", async () => {
    const stores = redisStores("redis://127.0.0.1:1", `oe-test:${randomBytes(6).toString("hex")}:`);
    const app = await instance(stores);
    expect([await post(app), await post(app), await post(app)]).toEqual([200, 200, 200]);
    expect(await post(app)).toBe(429);
  });
});
