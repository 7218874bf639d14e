/**
 * What the load scripts (`npm run bench`, `npm run soak`, `npm run faults`) share: the built server started on a
 * free loopback port in its own process group and stopped on every exit path, bounded waits, a
 * cookie jar, and the API calls that find demo data.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { adminQuery, pgUrl } from "../tests/support/databases";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BUILD_DIR = path.join(ROOT, process.env.BUILD_DIR || "build");
export const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");
export const SERVER_MAIN = path.join(BUILD_DIR, "main.js");
const START_DEADLINE_MS = 120_000;

export const createLog = (tag: string) => (message: string) => {
  process.stderr.write(`[${tag}] ${message}\n`);
};

/** Changes when anyone rebuilds (the work tree may be shared): a rebuild mid-run voids the run. */
export function buildStamp(): string {
  try {
    return String(statSync(SERVER_BUILD).mtimeMs);
  } catch {
    return "missing";
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  port: number;
  databaseUrl: string;
  /** Where the server's stdout and stderr go. */
  logFile: string;
  /** Added to (and overriding) the production defaults below. */
  env?: Record<string, string>;
  /** Node options before the script (say, `--cpu-prof`). */
  nodeArgs?: string[];
}

/**
 * `npm run serve` on 127.0.0.1 (the compiled build/main.js, no npm wrapper process), so its pid
 * is the server's own, with one worker unless `env` says WEB_CONCURRENCY. Its own process group,
 * so the stop reaches anything it spawns (the workers).
 */
function startBuiltServer(options: ServerOptions): ChildProcess {
  return spawnLogged([...(options.nodeArgs ?? []), "--enable-source-maps", SERVER_MAIN], {
    logFile: options.logFile,
    env: {
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      LOG_REQUESTS: "0",
      WEB_CONCURRENCY: "1",
      ...options.env,
    },
  });
}

/**
 * A Node process of the bench's (production mode, on 127.0.0.1) in its own process group, so
 * `stopBuiltServer` reaches anything it spawns; its output goes to `logFile`.
 */
export function spawnLogged(
  args: string[],
  { logFile, env }: { logFile: string; env: Record<string, string> },
): ChildProcess {
  const logStream = createWriteStream(logFile);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
  });
  child.stdout?.pipe(logStream);
  child.stderr?.pipe(logStream);
  return child;
}

export async function stopBuiltServer(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

export async function get(url: string, headers: Record<string, string> = {}) {
  return fetch(url, { headers, signal: AbortSignal.timeout(15_000), redirect: "manual" });
}

/** Resolves once the API answers (401 without a key: migrations and seed are done). */
export async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode != null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await get(`${base}/api/1/stores`);
      if (response.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not answer within ${START_DEADLINE_MS / 1000} s`);
}

/**
 * The built server on a bench database file, on a free port, once it answers: the one start of
 * `npm run bench`, `bench:profile` and `lighthouse`. The file is the caller's (bench/database.ts
 * prepares the bench's), so the demo is not seeded again unless `env` says SEED_DEMO_DATA. A
 * server that does not come up is stopped before the error is thrown.
 */
export async function startBenchServer(options: {
  dbFile: string;
  logFile: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startBuiltServer({
    port,
    databaseUrl: `file:${path.relative(ROOT, options.dbFile)}`,
    logFile: options.logFile,
    // As `npm start` runs the demo in these respects: the sandbox provider and the order system
    // on, so a shopper can sign in and see past orders (a page the bench measures).
    env: { SEED_DEMO_DATA: "0", SANDBOX_SSO: "1", FEATURE_ORDER_SYSTEM: "1", ...options.env },
    nodeArgs: options.nodeArgs,
  });
  try {
    await waitUntilUp(base, child);
  } catch (error) {
    await stopBuiltServer(child);
    throw error;
  }
  return { child, base };
}

/** Resident memory of a process in bytes, from /proc (Linux); null where that is not readable. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The cookies a browser would keep for one site (names and values; no expiry or paths). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  update(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair!.indexOf("=");
      if (eq > 0) this.#cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }

  /** Sets a cookie as a `name=value` pair, as a browser given it earlier would send it. */
  set(pair: string): void {
    const eq = pair.indexOf("=");
    this.#cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }

  value(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  get header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A view's headers with the cookies `response` set merged in, as a browser would send them. */
export function cookiesAfter(headers: Record<string, string>, response: Response) {
  if (headers.cookie === undefined || response.headers.getSetCookie().length === 0) return headers;
  const jar = new CookieJar();
  for (const pair of headers.cookie.split(/;\s*/)) if (pair.includes("=")) jar.set(pair);
  jar.update(response);
  return { ...headers, cookie: jar.header };
}

/** A fresh API key, as the storefront registers a device. */
export async function newApiKey(base: string, model: string): Promise<Record<string, string>> {
  const keys = await json<{ data: { apikey: string } }>(
    await fetch(`${base}/api/1/keys`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        uuid: "",
        device: {
          brand: "bench",
          platform: "node",
          model,
          version: "8",
          app_type: "web",
          app_version: "bench",
        },
      }),
      signal: AbortSignal.timeout(15_000),
    }),
    "POST /api/1/keys",
  );
  return { authorization: `Bearer ${keys.data.apikey}` };
}

/** The store a new shopper starts at (the brand's home store, else the first) and its departments. */
export async function demoStore(base: string, auth: Record<string, string>) {
  // The brand's default store (a new device has no home store of its own where shoppers choose).
  const brand = await json<{ data: { default_store_id: number | null } }>(
    await get(`${base}/api/1/brand`, auth),
    "GET /api/1/brand",
  );
  const stores = await json<{ data: { id: number }[] }>(
    await get(`${base}/api/1/stores?limit=1000`, auth),
    "GET /api/1/stores",
  );
  const storeId = brand.data.default_store_id ?? stores.data[0]?.id;
  if (storeId == null) throw new Error("the demo data has no store");
  const store = await json<{
    data: { departments?: { data: { id: number; name: string }[] } };
  }>(
    await get(`${base}/api/1/stores/${storeId}?include=departments`, auth),
    `GET /api/1/stores/${storeId}`,
  );
  return {
    storeId,
    storeCount: stores.data.length,
    departments: store.data.departments?.data ?? [],
  };
}

/**
 * Runs a load script's main with its limits: a watchdog that stops it after `watchdogMs`, SIGINT
 * and SIGTERM, and `cleanUp` (stop the server, remove what the run made) on every exit path.
 * Exits the process: 0, 1 when main threw, 2 on the watchdog, 130 on a signal.
 */
export async function runBounded(options: {
  main: () => Promise<void>;
  cleanUp: () => Promise<void>;
  watchdogMs: number;
  log: (message: string) => void;
  serverLog: string;
}): Promise<never> {
  const { main, cleanUp, watchdogMs, log } = options;
  const watchdog = setTimeout(() => {
    log(`watchdog: still running after ${watchdogMs / 1000} s, stopping`);
    void cleanUp().finally(() => process.exit(2));
  }, watchdogMs);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    exitCode = 1;
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    log(`server log: ${path.relative(ROOT, options.serverLog)}`);
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}

export interface Catalog {
  base: string;
  storeId: number;
  /** Departments with at least one product that needs no choice, and those products. */
  departments: { id: number; name: string; products: number[] }[];
}

/** Products of each department that a shopper adds with one click: no required choice, no lead time, no stock limit. */
export async function findCatalog(base: string): Promise<Catalog> {
  const auth = await newApiKey(base, "catalog");
  const { storeId, departments } = await demoStore(base, auth);
  const found: Catalog["departments"] = [];
  for (const department of departments) {
    const listing = await json<{
      data: { id: number; lead_time: number; remaining_quantity: number | null }[];
    }>(
      await fetch(`${base}/api/1/products?department_id=${department.id}&limit=50`, {
        headers: auth,
        signal: AbortSignal.timeout(15_000),
      }),
      `GET /api/1/products?department_id=${department.id}`,
    );
    const products: number[] = [];
    for (const product of listing.data) {
      if (product.lead_time !== 0 || product.remaining_quantity !== null) continue;
      const detail = await json<{ data: { facets?: { data: { required: boolean }[] } } }>(
        await fetch(
          `${base}/api/1/products/${product.id}?department_id=${department.id}&include=facets`,
          { headers: auth, signal: AbortSignal.timeout(15_000) },
        ),
        `GET /api/1/products/${product.id}`,
      );
      if ((detail.data.facets?.data ?? []).every((facet) => !facet.required)) {
        products.push(product.id);
      }
      if (products.length >= 10) break;
    }
    if (products.length > 0) found.push({ id: department.id, name: department.name, products });
  }
  if (found.length === 0) throw new Error("the demo store has no product to add with one click");
  return { base, storeId, departments: found };
}

/**
 * The built server on a PostgreSQL database made for one run (seeded by the server as it starts),
 * both removed by `stop` on every exit path (runBounded's cleanUp).
 */
export class ServerOnOwnDatabase {
  database: string | undefined;
  child: ChildProcess | undefined;

  constructor(
    private readonly tag: string,
    private readonly logFile: string,
  ) {}

  /** Starts it with `env` added; answers the server's base URL once it serves. */
  async start({ env }: { env: Record<string, string> }) {
    this.database = `oe_${this.tag}_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${this.database}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    createLog(this.tag)(
      `database ${this.database}; server on ${base} (log: ${path.relative(ROOT, this.logFile)})`,
    );
    this.child = startBuiltServer({
      port,
      databaseUrl: pgUrl(this.database),
      logFile: this.logFile,
      env: { SEED_DEMO_DATA: "1", ...env },
    });
    await waitUntilUp(base, this.child);
    return base;
  }

  /** A load script's `main` run with runBounded's limits, this server stopped on every exit. */
  runBounded(main: () => Promise<void>, watchdogMs: number): Promise<never> {
    const log = createLog(this.tag);
    return runBounded({
      main,
      cleanUp: () => this.stop(),
      watchdogMs,
      log,
      serverLog: this.logFile,
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    await stopBuiltServer(child);
    const name = this.database;
    this.database = undefined;
    if (name) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  }
}
