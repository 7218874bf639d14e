/**
 * `npm run soak` (after `npm run build`): the built server on a PostgreSQL database of its own,
 * under SOAK_CONNECTIONS shoppers (20) for SOAK_SECONDS (600), each walking the storefront as a
 * browser without scripts would: the departments, a department and its listing, a product page,
 * Add to Cart through the page's own form (its CSRF token and the session's cookies), the cart,
 * checkout. Every few journeys a shopper starts a new session. Prints requests, answers other
 * than 2xx/3xx, 5xx, latency, and the server's resident memory before and after the load.
 *
 * Bounded: traffic goes to 127.0.0.1 only, the run stops at its deadline (a watchdog past it),
 * and the server and the database it made are removed on every exit path. Exits 1 on a 5xx, a
 * request that got no answer, or a server that died.
 */
import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderedForm } from "./forms";
import {
  CookieJar,
  ROOT,
  type Catalog,
  SERVER_BUILD,
  ServerOnOwnDatabase,
  createLog,
  findCatalog,
  residentBytes,
} from "./server";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 20);
const JOURNEYS_PER_SESSION = 5;
const REQUEST_TIMEOUT_MS = 30_000;
const WATCHDOG_MS = (SECONDS + 300) * 1000;
const DATA_DIR = path.join(ROOT, "data/soak");
const SERVER_LOG = path.join(DATA_DIR, "server.log");

const log = createLog("soak");
const run = new ServerOnOwnDatabase("soak", SERVER_LOG);

// --- measurements --------------------------------------------------------------------------

interface StepStats {
  latencies: number[];
  notOk: number;
  serverErrors: number;
  failures: number;
}

const steps = new Map<string, StepStats>();
const statuses = new Map<number, number>();
const failureMessages = new Map<string, number>();

function stats(step: string): StepStats {
  let entry = steps.get(step);
  if (!entry) {
    entry = { latencies: [], notOk: 0, serverErrors: 0, failures: 0 };
    steps.set(step, entry);
  }
  return entry;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// --- one shopper ---------------------------------------------------------------------------

class JourneyError extends Error {}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

class Shopper {
  jar = new CookieJar();

  constructor(
    private readonly base: string,
    private readonly deadline: number,
  ) {}

  /** One request, measured; answers the body. A 4xx/5xx or no answer ends the journey. */
  async request(step: string, pagePath: string, init: RequestInit = {}): Promise<string> {
    const entry = stats(step);
    const headers = new Headers(init.headers);
    if (this.jar.header) headers.set("cookie", this.jar.header);
    const started = performance.now();
    let response: Response;
    let body: string;
    try {
      response = await fetch(this.base + pagePath, {
        ...init,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      body = await response.text();
    } catch (error) {
      entry.failures += 1;
      const message = `${step}: ${error instanceof Error ? error.message : String(error)}`;
      failureMessages.set(message, (failureMessages.get(message) ?? 0) + 1);
      throw new JourneyError(message);
    }
    entry.latencies.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    this.jar.update(response);
    if (response.status >= 400) {
      entry.notOk += 1;
      if (response.status >= 500) entry.serverErrors += 1;
      throw new JourneyError(`${step}: HTTP ${response.status}`);
    }
    return body;
  }

  async journey(catalog: Catalog, department: Catalog["departments"][number], fresh: boolean) {
    const store = `/stores/${catalog.storeId}`;
    const departmentPath = `${store}/departments/${department.id}`;
    if (fresh) {
      await this.request("home", "/");
      await this.request("departments", `${store}/departments`);
    }
    await this.request("department", departmentPath);
    await this.request("listing", `${departmentPath}/products`);
    const productPath = `${departmentPath}/products/${pick(department.products)}`;
    const page = await this.request("product", productPath);
    await this.request("add to cart", productPath, {
      method: "POST",
      headers: { origin: this.base },
      body: addToCartForm(page),
    });
    await this.request("cart", "/cart");
    await this.request("checkout", "/checkout");
  }

  async run(catalog: Catalog) {
    while (Date.now() < this.deadline) {
      this.jar = new CookieJar();
      const department = pick(catalog.departments);
      for (let n = 0; n < JOURNEYS_PER_SESSION && Date.now() < this.deadline; n++) {
        try {
          await this.journey(catalog, department, n === 0);
        } catch (error) {
          if (!(error instanceof JourneyError)) throw error;
          break; // a new session, as a shopper who gives up and comes back
        }
      }
    }
  }
}

/** What a browser sends for the product page's Add to Cart form as the page rendered it. */
function addToCartForm(html: string): FormData {
  const form = renderedForm(html, "Add to Cart");
  if (!form) throw new JourneyError("product: no Add to Cart form");
  return form.data;
}

// --- setup ---------------------------------------------------------------------------------

const mb = (bytes: number | null) =>
  bytes === null ? "unknown" : `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function main() {
  if (!existsSync(SERVER_BUILD)) throw new Error("no build: run `npm run build` first");
  if (!(SECONDS > 0) || !(CONNECTIONS > 0)) {
    throw new Error("SOAK_SECONDS and SOAK_CONNECTIONS must be positive numbers");
  }
  mkdirSync(DATA_DIR, { recursive: true });
  // Every shopper here shares one address, so per-address limits would refuse the soak itself.
  const base = await run.start({
    env: { RATE_LIMITS: process.env.SOAK_RATE_LIMITS ?? "off" },
  });
  const child = run.child!;
  const catalog = await findCatalog(base);
  log(
    `store ${catalog.storeId}; departments ${catalog.departments.map((d) => `${d.id} (${d.products.length} products)`).join(", ")}`,
  );

  const rssStart = residentBytes(child.pid);
  let rssPeak = rssStart ?? 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, residentBytes(child.pid) ?? 0);
  }, 1_000);
  log(`${CONNECTIONS} shoppers for ${SECONDS} s; server RSS ${mb(rssStart)}`);
  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  const progress = setInterval(() => {
    const total = [...steps.values()].reduce((sum, s) => sum + s.latencies.length, 0);
    log(
      `${Math.round((performance.now() - started) / 1000)} s: ${total} requests, RSS ${mb(residentBytes(child.pid))}`,
    );
  }, 60_000);
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, () => new Shopper(base, deadline).run(catalog)),
    );
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
  }
  const elapsed = (performance.now() - started) / 1000;
  const rssEnd = residentBytes(child.pid);
  rssPeak = Math.max(rssPeak, rssEnd ?? 0);
  const alive = child.exitCode === null && child.signalCode === null;

  const all = [...steps.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
  const notOk = [...steps.values()].reduce((sum, s) => sum + s.notOk, 0);
  const serverErrors = [...steps.values()].reduce((sum, s) => sum + s.serverErrors, 0);
  const failures = [...steps.values()].reduce((sum, s) => sum + s.failures, 0);
  const lines = [
    `Soak: Node ${process.version}, ${os.cpus().length} CPUs, PostgreSQL, ${CONNECTIONS} shoppers, ${elapsed.toFixed(0)} s`,
    "",
    "| step | requests | not 2xx/3xx | 5xx | no answer | p50 ms | p99 ms |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [step, s] of steps) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    lines.push(
      `| ${step} | ${s.latencies.length} | ${s.notOk} | ${s.serverErrors} | ${s.failures} | ` +
        `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
    );
  }
  lines.push(
    "",
    `total requests: ${all.length} (${(all.length / elapsed).toFixed(1)}/s)`,
    `not 2xx/3xx: ${notOk}; 5xx: ${serverErrors}; no answer: ${failures}`,
    `statuses: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}×${n}`)
      .join(", ")}`,
    `latency: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${(all.at(-1) ?? 0).toFixed(1)} ms`,
    `server RSS: start ${mb(rssStart)}, end ${mb(rssEnd)}, peak ${mb(rssPeak)}`,
    `server: ${alive ? "still running at the end" : `exited (${child.exitCode ?? child.signalCode})`}`,
  );
  for (const [message, count] of failureMessages) lines.push(`no answer ×${count}: ${message}`);
  process.stdout.write(lines.join("\n") + "\n");
  if (serverErrors > 0 || failures > 0 || !alive) {
    throw new Error("5xx answers, requests without an answer, or the server died: see above");
  }
}

await run.runBounded(main, WATCHDOG_MS);
