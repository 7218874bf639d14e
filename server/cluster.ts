/**
 * Several worker processes on one port (node:cluster): the primary prepares the database once
 * (migrations and demo data must not race each other), then forks the workers and replaces one
 * that dies. Each worker is a whole server: sessions live in cookies, and rate limits and caches
 * are shared through Redis when REDIS_URL is set (docs/scaling.md).
 */
import cluster from "node:cluster";

/** A worker that dies this soon after starting is not restarted again and again. */
const CRASH_WINDOW_MS = 30_000;
const MAX_CRASHES_IN_WINDOW = 5;

export interface ClusterOptions {
  workers: number;
  /** Runs once, in the primary, before any worker starts. */
  prepare: () => Promise<void>;
  log: (message: string, details?: Record<string, unknown>) => void;
}

export const isClusterWorker = () => cluster.isWorker;

/** The primary's whole life: prepare, fork, replace the dead, stop them all on a signal. */
export async function runPrimary(options: ClusterOptions): Promise<void> {
  await options.prepare();
  let stopping = false;
  const crashes: number[] = [];
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
    options.log("worker exited", { pid: worker.process.pid, code, signal });
    if (crashes.length > MAX_CRASHES_IN_WINDOW) {
      options.log("workers keep dying; stopping");
      process.exit(1);
    }
    cluster.fork();
  });
  for (let i = 0; i < options.workers; i++) cluster.fork();
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 8000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
