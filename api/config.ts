/**
 * Process configuration read once from the environment (see .env.example and the README table).
 * The storefront's own settings (brand links, feature switches) live in app/.server/config.ts.
 */
import os from "node:os";
import { DEFAULT_DATABASE_URL } from "./db/connection";

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
  /** Worker processes (node:cluster): WEB_CONCURRENCY, else one per core in production, else 1. */
  workers: number;
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
  };
}
