/**
 * `npm run bench` (after the build): load-tests the built server on loopback and reports each
 * target as a ratio to a static file of the same size served by the same Express in the same
 * run, so the figure survives a noisy or slower machine. Then reports JavaScript and CSS shipped
 * per page, gzip, from what each page's HTML actually references.
 *
 * Bounded: every wait has a deadline, the whole run has a watchdog, and the server it starts is
 * stopped on every exit path.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";
import {
  BUILD_DIR,
  CookieJar,
  ROOT,
  SERVER_BUILD,
  buildStamp,
  createLog,
  demoStore,
  freePort,
  get,
  newApiKey,
  runBounded,
  startBuiltServer,
  stopBuiltServer,
  waitUntilUp,
} from "./server";

const CLIENT_DIR = path.join(BUILD_DIR, "client");
const DATA_DIR = path.join(ROOT, "data/bench");
const DB_FILE = path.join(DATA_DIR, "bench.sqlite");
const SERVER_LOG = path.join(DATA_DIR, "server.log");
const REPORT = path.join(ROOT, "bench/results/latest.md");

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const WARMUP_S = 1;
const WATCHDOG_MS = 5 * 60_000;

let server: ChildProcess | undefined;
const baselineFiles: string[] = [];
const log = createLog("bench");

/** Products generated into one department, to measure listing and search at scale. */
const LARGE_PRODUCTS = Number(process.env.BENCH_LARGE_PRODUCTS ?? 50_000);

/**
 * A fresh demo database plus LARGE_PRODUCTS generated products in the Grocery department of the
 * last store; the first store's Grocery keeps the demo's size. Answers both department ids.
 */
async function prepareDatabase() {
  mkdirSync(DATA_DIR, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(DB_FILE + suffix, { force: true });
  const { openDatabase } = await import("../api/db/connection");
  const { migrateToLatest } = await import("../api/db/migrate");
  const { seedDemoIfEmpty } = await import("../api/db/seed");
  const { generateLargeCatalog } = await import("../api/db/large-catalog");
  const db = openDatabase(`file:${DB_FILE}`);
  try {
    await migrateToLatest(db);
    await seedDemoIfEmpty(db);
    const groceries = await db.kysely
      .selectFrom("departments")
      .select(["id", "store_id"])
      .where("kind", "=", "grocery")
      .orderBy("store_id")
      .execute();
    const demo = groceries[0]!;
    const large = groceries[groceries.length - 1]!;
    const started = performance.now();
    await generateLargeCatalog(db, { departmentId: large.id, products: LARGE_PRODUCTS });
    log(
      `generated ${LARGE_PRODUCTS} products in department ${large.id} in ${Math.round(performance.now() - started)} ms`,
    );
    return { demo, large };
  } finally {
    await db.close();
  }
}

/** A shopper's cookies after a first visit, so pages are measured as a returning session sees them. */
async function shopperCookies(base: string, storeId: number): Promise<string> {
  const jar = new CookieJar();
  for (const pagePath of ["/", `/stores/${storeId}/departments`]) {
    const res = await get(base + pagePath, jar.header ? { cookie: jar.header } : {});
    jar.update(res);
    await res.text();
  }
  return jar.header;
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  await stopBuiltServer(child);
}

function removeBaselines() {
  for (const file of baselineFiles.splice(0)) rmSync(file, { force: true });
}

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
  kind: "page" | "api";
}

interface Row {
  target: Target;
  status: number;
  bytes: number;
  measured: Result;
  baseline: Result;
}

async function measure(url: string, headers: Record<string, string>, title: string) {
  // Warm-up (JIT, caches, connection setup), discarded.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S, title });
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, title });
}

/** A static file of exactly `bytes` bytes, served by the same express.static as the assets. */
function writeBaseline(n: number, bytes: number, ext: "html" | "json"): string {
  const name = `bench-baseline-${n}.${ext}`;
  const file = path.join(CLIENT_DIR, name);
  const head = ext === "html" ? "<!doctype html><title>baseline</title><p>" : '{"pad":"';
  const tail = ext === "html" ? "</p>\n" : '"}\n';
  const pad = Math.max(0, bytes - head.length - tail.length);
  writeFileSync(file, head + "x".repeat(pad) + tail);
  baselineFiles.push(file);
  return `/${name}`;
}

// --- per-page weight -----------------------------------------------------------------------

const ATTR = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, "i");

/** Module URLs a page's inline scripts import statically (Remix's entry imports its routes). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

interface Weight {
  page: string;
  status: number;
  htmlGzip: number;
  js: Map<string, number>;
  css: Map<string, number>;
}

async function pageWeight(base: string, pagePath: string): Promise<Weight> {
  const response = await get(base + pagePath);
  const html = await response.text();
  const weight: Weight = {
    page: pagePath,
    status: response.status,
    htmlGzip: gzipSync(html).length,
    js: new Map(),
    css: new Map(),
  };
  const jsQueue: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = ATTR("src").exec(tag)?.[1];
    if (src) jsQueue.push(new URL(src, base + pagePath).href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of staticImports(body ?? "")) jsQueue.push(new URL(spec, base + pagePath).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = ATTR("rel").exec(tag)?.[1]?.toLowerCase() ?? "";
    const href = ATTR("href").exec(tag)?.[1];
    if (!href) continue;
    const url = new URL(href, base + pagePath).href;
    if (rel.includes("modulepreload")) jsQueue.push(url);
    else if (rel.split(/\s+/).includes("stylesheet")) weight.css.set(url, 0);
  }
  // Follow static imports between chunks too: the browser loads them whether preloaded or not.
  // Dynamic import() (islands) is not followed: it is not shipped with the page.
  for (let i = 0; i < jsQueue.length && i < 500; i++) {
    const url = jsQueue[i]!;
    if (weight.js.has(url) || new URL(url).origin !== new URL(base).origin) continue;
    const code = await (await get(url)).text();
    weight.js.set(url, gzipSync(code).length);
    for (const spec of staticImports(code)) jsQueue.push(new URL(spec, url).href);
  }
  for (const url of weight.css.keys()) {
    weight.css.set(url, gzipSync(await (await get(url)).text()).length);
  }
  return weight;
}

// --- report --------------------------------------------------------------------------------

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

function resultCell(result: Result): string {
  const bad = [
    [result.non2xx, "non-2xx"],
    [result.errors, "errors"],
    [result.timeouts, "timeouts"],
  ].filter(([count]) => Number(count) > 0);
  return bad.length ? ` (${bad.map(([count, what]) => `${count} ${what}`).join(", ")})` : "";
}

function report(rows: Row[], weights: Weight[], context: string[], warnings: string[]): string {
  const lines = [
    "# Order Express benchmark",
    "",
    ...context.map((line) => `- ${line}`),
    "",
    ...warnings.map((line) => `**Invalid run:** ${line}\n`),
    "| target | status | bytes | req/s | p50 ms | p99 ms | baseline req/s | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { target, status, bytes, measured, baseline } of rows) {
    const ratio =
      baseline.requests.average > 0 ? measured.requests.average / baseline.requests.average : 0;
    lines.push(
      `| ${target.name} \`${target.path}\` | ${status} | ${bytes} | ${measured.requests.average.toFixed(0)}${resultCell(measured)} | ` +
        `${measured.latency.p50} | ${measured.latency.p99} | ${baseline.requests.average.toFixed(0)}${resultCell(baseline)} | ` +
        `${ratio.toFixed(3)} |`,
    );
  }
  lines.push(
    "",
    "ratio = target req/s ÷ req/s of a static file of the same byte size (express.static, same process, same run).",
    "",
    "## JavaScript shipped per page (KB gzip)",
    "",
    "| page | status | HTML KB gzip | JS files | JS KB gzip | CSS files | CSS KB gzip |",
    "|---|---:|---:|---:|---:|---:|---:|",
  );
  for (const w of weights) {
    lines.push(
      `| \`${w.page}\` | ${w.status} | ${kb(w.htmlGzip)} | ${w.js.size} | ${kb(sum(w.js.values()))} | ` +
        `${w.css.size} | ${kb(sum(w.css.values()))} |`,
    );
  }
  lines.push(
    "",
    "Counted from each page's HTML: `<script src>`, `<link rel=modulepreload>`, modules imported by inline",
    "scripts and, transitively, their static imports (dynamic `import()` of islands excluded); stylesheets",
    "from `<link rel=stylesheet>`. Each file gzipped with zlib's default level.",
    "",
  );
  return lines.join("\n");
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
  } catch {
    return "unknown";
  }
}

// --- main ----------------------------------------------------------------------------------

async function main() {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error("no build: run `npm run bench` (it builds first) or `npm run build`");
  }
  const stamp = buildStamp();
  const warnings: string[] = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`starting the built server on ${base} (log: ${path.relative(ROOT, SERVER_LOG)})`);
  const departments = await prepareDatabase();
  server = startBuiltServer({
    port,
    databaseUrl: `file:${path.relative(ROOT, DB_FILE)}`,
    logFile: SERVER_LOG,
    env: { SEED_DEMO_DATA: "0" },
  });
  await waitUntilUp(base, server);

  const auth = await newApiKey(base, "autocannon");
  const { storeId, storeCount, departments: storeDepartments } = await demoStore(base, auth);
  const departmentId = storeDepartments[0]?.id;
  if (departmentId == null) throw new Error(`store ${storeId} has no department`);
  log(`store ${storeId}, department ${departmentId}, ${storeCount} stores`);

  const cookie = { cookie: await shopperCookies(base, storeId) };
  const { demo, large } = departments;
  const listing = (d: { id: number; store_id: number }) =>
    `/stores/${d.store_id}/departments/${d.id}`;
  const targets: Target[] = [
    { name: "home", path: "/", headers: cookie, kind: "page" },
    { name: "departments", path: `/stores/${storeId}/departments`, headers: cookie, kind: "page" },
    { name: "department (demo)", path: listing(demo), headers: cookie, kind: "page" },
    {
      name: "search page (demo)",
      path: `${listing(demo)}?query=chips`,
      headers: cookie,
      kind: "page",
    },
    {
      name: `search page (${LARGE_PRODUCTS})`,
      path: `${listing(large)}?query=turkey`,
      headers: cookie,
      kind: "page",
    },
    {
      name: `listing page (${LARGE_PRODUCTS})`,
      path: `${listing(large)}/products?sort=price`,
      headers: cookie,
      kind: "page",
    },
    { name: "API stores", path: "/api/1/stores?limit=1000", headers: auth, kind: "api" },
    {
      name: "API department",
      path: `/api/1/departments/${departmentId}?include=categories`,
      headers: auth,
      kind: "api",
    },
    {
      name: "API search (demo)",
      path: `/api/1/products?department_id=${demo.id}&fragment=chips`,
      headers: auth,
      kind: "api",
    },
    {
      name: `API search (${LARGE_PRODUCTS})`,
      path: `/api/1/products?department_id=${large.id}&fragment=turky%20breast`,
      headers: auth,
      kind: "api",
    },
    {
      name: `API listing by price (${LARGE_PRODUCTS})`,
      path: `/api/1/products?department_id=${large.id}&sort=price`,
      headers: auth,
      kind: "api",
    },
  ];

  const rows: Row[] = [];
  for (const [i, target] of targets.entries()) {
    // Body as autocannon receives it: no Accept-Encoding, so neither side is compressed.
    const probe = await get(base + target.path, {
      ...target.headers,
      "accept-encoding": "identity",
    });
    const bytes = Buffer.byteLength(await probe.text());
    const baselinePath = writeBaseline(i + 1, bytes, target.kind === "page" ? "html" : "json");
    log(`${target.name}: ${probe.status}, ${bytes} bytes; baseline ${baselinePath}`);
    const baseline = await measure(base + baselinePath, {}, `baseline ${i + 1}`);
    if (!existsSync(path.join(CLIENT_DIR, baselinePath))) {
      warnings.push(`${baselinePath} disappeared while it was measured (build/ rewritten?).`);
    }
    const measured = await measure(base + target.path, target.headers, target.name);
    rows.push({ target, status: probe.status, bytes, measured, baseline });
  }

  const weights: Weight[] = [];
  for (const pagePath of [
    "/",
    `/stores/${storeId}/orders/new`,
    `/stores/${storeId}/departments`,
    `/stores/${storeId}/departments/${departmentId}`,
    "/no-such-page",
  ]) {
    weights.push(await pageWeight(base, pagePath));
  }

  const context = [
    `${new Date().toISOString()}, commit ${gitCommit()}, Node ${process.version}, ${os.cpus().length} CPUs`,
    `built server (NODE_ENV=production) on 127.0.0.1, SQLite demo data plus ${LARGE_PRODUCTS} generated products in one department, LOG_REQUESTS=0; pages measured with a returning shopper's cookies`,
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per target; baseline measured just before each target`,
  ];
  if (buildStamp() !== stamp) {
    warnings.push(
      "build/ was rebuilt during the run (another `npm run build`?); run the bench again.",
    );
  }
  const markdown = report(rows, weights, context, warnings);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, markdown);
  process.stdout.write(markdown + "\n");
  log(`written to ${path.relative(ROOT, REPORT)}`);
  if (warnings.length > 0) throw new Error(warnings.join(" "));
}

await runBounded({
  main,
  cleanUp: async () => {
    removeBaselines();
    await stopServer();
  },
  watchdogMs: WATCHDOG_MS,
  log,
  serverLog: SERVER_LOG,
});
