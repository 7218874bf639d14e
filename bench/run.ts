/**
 * `npm run bench` (after the builds): load-tests the built storefront on loopback beside the
 * bench's two bare Remix apps (bench/bare/: same Remix, React and Express, rendering from memory)
 * and reports each page's requests/s as ratios measured in the same run, in alternating order:
 *   - to the bare department-size route (the render floor: what the page would cost if data were
 *     free) in each floor: the two-route app, and the route-tree app that carries one empty route
 *     for each of our route files (bench/bare/tree/, decision 035), since Remix matches every
 *     request against the whole tree; and to the two-route app's small route (the framework floor);
 *   - to a static file of the same size served by the same Express (as API calls are too).
 * at each of BENCH_CONNECTIONS (10 and 20), with p50/p99, the HTML size and the API calls the
 * page made (the storefront's Server-Timing `api` entry: counted, not assumed). Then reports
 * JavaScript and CSS shipped per page, gzip, from what each page's HTML actually references.
 *
 * Settings: BENCH_CONNECTIONS ("10,20"), BENCH_DURATION (3 s), BENCH_LARGE_PRODUCTS (50000), and
 * BENCH_PROBE=1 to view each target once (status, HTML size, API calls) without loading it;
 * BENCH_ONLY=name1,name2 to measure only the targets so named.
 *
 * Bounded: every wait has a deadline, the whole run has a watchdog, and the server it starts is
 * stopped on every exit path.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { MAX_CARDS } from "./bare/app/catalog";
import { prepareBenchDatabase } from "./database";
import { oneClickProductPath, shoppersWithOrders } from "./shoppers";
import {
  BUILD_DIR,
  CookieJar,
  ROOT,
  SERVER_BUILD,
  buildStamp,
  cookiesAfter,
  createLog,
  demoStore,
  freePort,
  get,
  newApiKey,
  runBounded,
  spawnLogged,
  startBenchServer,
  stopBuiltServer,
} from "./server";

const CLIENT_DIR = path.join(BUILD_DIR, "client");
const DATA_DIR = path.join(ROOT, "data/bench");
const DB_FILE = path.join(DATA_DIR, "bench.sqlite");
const SERVER_LOG = path.join(DATA_DIR, "server.log");
const REPORT = path.join(ROOT, "bench/results/latest.md");

/** The two floors: the two-route bare app and the same pages among our route tree. */
const FLOORS = {
  two: { build: "build-bench-bare", log: path.join(DATA_DIR, "bare.log") },
  tree: { build: "build-bench-bare-tree", log: path.join(DATA_DIR, "bare-tree.log") },
} as const;
type Floor = keyof typeof FLOORS;
const floorServerBuild = (floor: Floor) => path.join(ROOT, FLOORS[floor].build, "server/index.js");

/** Connection counts each page is measured at; the first is also the static-file comparison's. */
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,20")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const WARMUP_S = 1;
/** BENCH_PROBE=1: only the one probing view of each target (status, size, API calls), no load. */
const PROBE_ONLY = process.env.BENCH_PROBE === "1";
const WATCHDOG_MS = 30 * 60_000;

let server: ChildProcess | undefined;
let bare: ChildProcess | undefined;
let bareTree: ChildProcess | undefined;
let twoWorkers: ChildProcess | undefined;
const baselineFiles: string[] = [];
const log = createLog("bench");

/** Products generated into one department, to measure listing and search at scale. */
const LARGE_PRODUCTS = Number(process.env.BENCH_LARGE_PRODUCTS ?? 50_000);

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
  const children = [server, bare, bareTree, twoWorkers];
  server = undefined;
  bare = undefined;
  bareTree = undefined;
  twoWorkers = undefined;
  await Promise.all(children.map((child) => stopBuiltServer(child)));
}

/** One of the bench's bare Remix apps on its own port, in its own process group. */
function startBare(floor: Floor, port: number): ChildProcess {
  return spawnLogged(["--import", "tsx", "bench/bare/server.ts"], {
    logFile: FLOORS[floor].log,
    env: { PORT: String(port), BARE_BUILD: FLOORS[floor].build },
  });
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

/**
 * One connection count's figures for a page, alternating: the page, the department-size route in
 * each floor (two-route app, route-tree app) and the two-route app's small route.
 */
interface PageLevel {
  connections: number;
  measured: Result;
  bareSame: Result;
  treeSame: Result;
  /** The route tree's page of the same HTML size as ours (see `sizedFloor`). */
  treeSized: Result;
  bareSmall: Result;
}

interface Row {
  target: Target;
  status: number;
  bytes: number;
  /** API calls the storefront made for one view (Server-Timing), null where it did not say. */
  apiCalls: number | null;
  /** The first view's count, when shared answers may not be kept yet. */
  coldCalls: number | null;
  /** At the first connection count, beside a static file of the same size. */
  measured: Result;
  baseline: Result;
  /** The HTML bytes of the route tree's page of about this page's size (pages only). */
  sizedBytes: number;
  levels: PageLevel[];
}

async function measure(
  url: string,
  headers: Record<string, string>,
  title: string,
  connections = CONNECTIONS[0]!,
  serving?: ChildProcess,
) {
  // Warm-up (JIT, caches, connection setup), discarded.
  await autocannon({ url, headers, connections, duration: WARMUP_S, title });
  const before = cpuSecondsOf(serving?.pid);
  const result = await autocannon({ url, headers, connections, duration: DURATION_S, title });
  const after = cpuSecondsOf(serving?.pid);
  if (before !== null && after !== null && result.requests.total > 0)
    cpuPerView.set(result, ((after - before) * 1000) / result.requests.total);
  return result;
}

/**
 * CPU milliseconds the serving process spent per answer, while measured: unlike requests per
 * second, hardly moved by what else the shared machine runs (autocannon included), so the
 * figure to compare pages by on a busy machine. Linux only (/proc); absent elsewhere.
 */
const cpuPerView = new WeakMap<Result, number>();
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user and system) a process has used so far; null where /proc cannot say. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's name: state is field 3 of proc(5), utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

const cpuCell = (result: Result) => cpuPerView.get(result)?.toFixed(2) ?? "–";
/** How many of the page's views the floor's CPU time would pay for: 1 is the floor's cost. */
const cpuRatio = (page: Result, floor: Result) => {
  const a = cpuPerView.get(page);
  const b = cpuPerView.get(floor);
  return a && b && page.non2xx === 0 && floor.non2xx === 0 ? (b / a).toFixed(2) : "–";
};

/** The number of API calls in a Server-Timing header's `api` entry (`api;desc="3 calls"`). */
function apiCallsOf(response: Response): number | null {
  const header = response.headers.get("server-timing") ?? "";
  const match = /(?:^|,)\s*api\b[^,]*desc="?(\d+)/.exec(header);
  return match ? Number(match[1]) : null;
}

/**
 * A static file of exactly `bytes` bytes, served by the same express.static as the assets. It goes
 * into assets/: the other public files are listed once when the server starts (a file written
 * later would be answered by the 404 page, and measured as such).
 */
function writeBaseline(n: number, bytes: number, ext: "html" | "json"): string {
  const name = `assets/bench-baseline-${n}.${ext}`;
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

async function pageWeight(
  base: string,
  pagePath: string,
  headers: Record<string, string> = {},
): Promise<Weight> {
  const response = await get(base + pagePath, headers);
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

/** A comparison only against a baseline that answered every request with success. */
const ratio = (a: Result, b: Result) =>
  b.requests.average > 0 && b.non2xx === 0 && b.errors === 0
    ? (a.requests.average / b.requests.average).toFixed(2)
    : "–";

interface WorkersRow {
  name: string;
  connections: number;
  one: Result;
  two: Result;
}

/** What the report says of the two floors themselves. */
interface FloorNotes {
  /** Route modules in each floor's build, the root included. */
  routes: Record<Floor, number>;
  /** The department-size page's HTML in each floor, uncompressed. */
  htmlBytes: Record<Floor, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** Per connection count: each floor's department-size route over every measurement of the run. */
function floorLines(rows: Row[], notes: FloorNotes): string[] {
  const lines = [
    "## The two floors",
    "",
    `The same department-size page (${kb(notes.htmlBytes.two)} KB of HTML in the two-route app, ${kb(notes.htmlBytes.tree)} KB in the route tree) ` +
      `in the two-route app (${notes.routes.two} route modules with the root) and in the route-tree app (${notes.routes.tree}: ` +
      "an empty module for each of our route files, the floor's two pages in their place).",
    "",
    "| conns | measurements | two-route req/s (median) | p99 ms (median) | route tree req/s (median) | p99 ms (median) | route tree ÷ two-route (median) |",
    "|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const connections of CONNECTIONS) {
    const levels = rows.flatMap((row) => row.levels).filter((l) => l.connections === connections);
    if (levels.length === 0) continue;
    const reqs = (pick: (l: PageLevel) => Result) =>
      median(levels.map((l) => pick(l).requests.average)).toFixed(0);
    const p99 = (pick: (l: PageLevel) => Result) =>
      median(levels.map((l) => pick(l).latency.p99)).toFixed(0);
    const cost = median(
      levels.map((l) => l.treeSame.requests.average / Math.max(1, l.bareSame.requests.average)),
    );
    lines.push(
      `| ${connections} | ${levels.length} | ${reqs((l) => l.bareSame)} | ${p99((l) => l.bareSame)} | ` +
        `${reqs((l) => l.treeSame)} | ${p99((l) => l.treeSame)} | ${cost.toFixed(2)} |`,
    );
  }
  lines.push(
    "",
    "Each measurement pair was taken beside one page's (so the two floors alternate through the whole run).",
    "",
  );
  return lines;
}

function report(
  rows: Row[],
  workers: WorkersRow[],
  weights: Weight[],
  floors: FloorNotes,
  context: string[],
  warnings: string[],
): string {
  const lines = [
    "# Order Express benchmark",
    "",
    ...context.map((line) => `- ${line}`),
    "",
    ...warnings.map((line) => `**Invalid run:** ${line}\n`),
    "## Pages against the bare Remix apps",
    "",
    "| page | conns | HTML KB | API calls | req/s | p50 ms | p99 ms | tree dept req/s | p99 ms | ratio (tree) | CPU ms/view | tree CPU ms | CPU ratio (tree) | same-size KB | same-size req/s | p99 ms | ratio (same size) | CPU ratio (same size) | bare dept req/s | p99 ms | ratio (two-route) | bare small req/s | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { target, bytes, apiCalls, coldCalls, sizedBytes, levels } of rows) {
    for (const { connections, measured, bareSame, treeSame, treeSized, bareSmall } of levels) {
      lines.push(
        `| ${target.name} | ${connections} | ${kb(bytes)} | ${apiCalls ?? "–"} (${coldCalls ?? "–"}) | ` +
          `${measured.requests.average.toFixed(0)}${resultCell(measured)} | ${measured.latency.p50} | ${measured.latency.p99} | ` +
          `${treeSame.requests.average.toFixed(0)} | ${treeSame.latency.p99} | **${ratio(measured, treeSame)}** | ` +
          `${cpuCell(measured)} | ${cpuCell(treeSame)} | **${cpuRatio(measured, treeSame)}** | ` +
          `${kb(sizedBytes)} | ${treeSized.requests.average.toFixed(0)} | ${treeSized.latency.p99} | ` +
          `${ratio(measured, treeSized)} | ${cpuRatio(measured, treeSized)} | ` +
          `${bareSame.requests.average.toFixed(0)} | ${bareSame.latency.p99} | ${ratio(measured, bareSame)} | ` +
          `${bareSmall.requests.average.toFixed(0)} | ${ratio(measured, bareSmall)} |`,
      );
    }
  }
  lines.push(
    "",
    "ratio = the page's req/s ÷ the bare route's, measured just before or after it (the order alternates).",
    "CPU ms/view = the serving process's CPU time (user and system, /proc) over the measurement ÷ the answers it gave; CPU ratio = the tree route's CPU ms ÷ the page's: what the page costs against the floor, hardly moved by what else the machine runs.",
    "bare dept = a department-size page (48 product cards with add forms, 12 categories) rendered from memory at /department in the two-route bare app;",
    "tree dept = the same page at the same path in the route-tree bare app, which carries an empty route module for each of our route files (decision 035: the floor the targets are set against);",
    "same size = that page in the route tree with as many product cards as bring its HTML nearest the page's own (`/department?cards=N`, its loader data growing with it): what a page of this weight costs bare, beside what the department-size page costs;",
    "bare small = 24 items, two-route app. API calls: the storefront's own count for one view (Server-Timing), as load sees it, and in brackets for the first view (shared answers not kept yet).",
    "",
    ...floorLines(rows, floors),
    "## Every target against a static file of the same size",
    "",
    "| target | status | bytes | req/s | p50 ms | p99 ms | baseline req/s | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const { target, status, bytes, measured, baseline } of rows) {
    lines.push(
      `| ${target.name} \`${target.path}\` | ${status} | ${bytes} | ${measured.requests.average.toFixed(0)}${resultCell(measured)} | ` +
        `${measured.latency.p50} | ${measured.latency.p99} | ${baseline.requests.average.toFixed(0)}${resultCell(baseline)} | ` +
        `${ratio(measured, baseline)} |`,
    );
  }
  lines.push(
    "",
    `ratio = target req/s ÷ req/s of a static file of the same byte size (express.static, same process, same run), at ${CONNECTIONS[0]} connections.`,
    "",
    "## Two workers against one (WEB_CONCURRENCY)",
    "",
    "| page | conns | 1 worker req/s | p99 ms | 2 workers req/s | p99 ms | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...workers.map(
      ({ name, connections, one, two }) =>
        `| ${name} | ${connections} | ${one.requests.average.toFixed(0)}${resultCell(one)} | ${one.latency.p99} | ` +
        `${two.requests.average.toFixed(0)}${resultCell(two)} | ${two.latency.p99} | ${ratio(two, one)} |`,
    ),
    "",
    `The same build and database, a second server started with WEB_CONCURRENCY=2; autocannon runs on the same ${os.cpus().length} CPUs.`,
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

/**
 * The route tree's department page with its card count chosen so its HTML is about `bytes`: the
 * page's size grows by the same bytes with each card, so two sizes measured once give the rest.
 */
async function sizedFloor(treeBase: string): Promise<(bytes: number) => string> {
  const bytesWith = async (cards: number) => {
    const page = await get(`${treeBase}/department?cards=${cards}`, {
      "accept-encoding": "identity",
    });
    if (page.status !== 200) throw new Error(`the route tree's sized page answered ${page.status}`);
    return Buffer.byteLength(await page.text());
  };
  const [few, many] = [48, 144];
  const [fewBytes, manyBytes] = [await bytesWith(few), await bytesWith(many)];
  const perCard = (manyBytes - fewBytes) / (many - few);
  const fixed = fewBytes - few * perCard;
  return (bytes) => {
    const cards = Math.min(MAX_CARDS, Math.max(1, Math.round((bytes - fixed) / perCard)));
    return `/department?cards=${cards}`;
  };
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

/** A product of the department with a builder (a cake), by the demo's SKU prefix, else null. */
async function builderProductPath(
  base: string,
  auth: Record<string, string>,
  storeId: number,
  departmentId: number,
): Promise<string | null> {
  const listing = (await (
    await get(`${base}/api/1/products?department_id=${departmentId}&fragment=cake`, auth)
  ).json()) as { data: { id: number }[] };
  for (const product of listing.data.slice(0, 10)) {
    const builder = await get(
      `${base}/api/1/products/${product.id}/builder?department_id=${departmentId}`,
      auth,
    );
    const body = (await builder.json()) as { data?: { groups?: unknown[] } };
    if (builder.ok && (body.data?.groups?.length ?? 0) > 0) {
      return `/stores/${storeId}/departments/${departmentId}/products/${product.id}`;
    }
  }
  return null;
}

/**
 * The catalog spread of the demo department: the page of its first running catalog with the most
 * hitboxes (deals). Null when the department runs no catalog.
 */
async function busiestCatalogPage(
  base: string,
  auth: Record<string, string>,
  department: { id: number; store_id: number },
): Promise<string | null> {
  const catalogs = (await (
    await get(`${base}/api/1/catalogs?department=${department.id}`, auth)
  ).json()) as { data: { id: number }[] };
  const catalogId = catalogs.data[0]?.id;
  if (catalogId === undefined) return null;
  const catalog = (await (
    await get(`${base}/api/1/catalogs/${catalogId}?include=pages.hitboxes`, auth)
  ).json()) as { data: { pages?: { data: { id: number; hitboxes?: { data: unknown[] } }[] } } };
  const deals = (p: { hitboxes?: { data: unknown[] } }) => p.hitboxes?.data.length ?? 0;
  const busiest = [...(catalog.data.pages?.data ?? [])].sort((a, b) => deals(b) - deals(a))[0];
  return busiest
    ? `/stores/${department.store_id}/departments/${department.id}/catalogs/${catalogId}/pages/${busiest.id}`
    : null;
}

async function main() {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error("no build: run `npm run bench` (it builds first) or `npm run build`");
  }
  for (const floor of Object.keys(FLOORS) as Floor[]) {
    if (!existsSync(floorServerBuild(floor))) {
      throw new Error(
        `no ${FLOORS[floor].build}/: run \`npm run bench\` (it builds both bare apps first)`,
      );
    }
  }
  const stamp = buildStamp();
  const warnings: string[] = [];
  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  const treePort = await freePort();
  const treeBase = `http://127.0.0.1:${treePort}`;
  const departments = await prepareBenchDatabase(DB_FILE, LARGE_PRODUCTS, log);
  // The bare apps start while the built server does.
  bare = startBare("two", barePort);
  bareTree = startBare("tree", treePort);
  log(`starting the built server (log: ${path.relative(ROOT, SERVER_LOG)})`);
  const started = await startBenchServer({ dbFile: DB_FILE, logFile: SERVER_LOG });
  server = started.child;
  const { base } = started;
  log(`the built server answers on ${base}`);
  const floorNotes: FloorNotes = { routes: { two: 0, tree: 0 }, htmlBytes: { two: 0, tree: 0 } };
  for (const [floor, floorBase] of [
    ["two", bareBase],
    ["tree", treeBase],
  ] as const) {
    for (let tries = 0; ; tries++) {
      const up = await get(`${floorBase}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (tries > 120) throw new Error(`a bare app did not start (log: ${FLOORS[floor].log})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const page = await get(`${floorBase}/department`, { "accept-encoding": "identity" });
    if (page.status !== 200) warnings.push(`${floor} floor's /department answered ${page.status}.`);
    floorNotes.htmlBytes[floor] = Buffer.byteLength(await page.text());
    const build = (await import(floorServerBuild(floor))) as { routes: Record<string, unknown> };
    floorNotes.routes[floor] = Object.keys(build.routes).length;
  }
  const sized = await sizedFloor(treeBase);

  const auth = await newApiKey(base, "autocannon");
  const { storeId, storeCount, departments: storeDepartments } = await demoStore(base, auth);
  const departmentId = storeDepartments[0]?.id;
  if (departmentId == null) throw new Error(`store ${storeId} has no department`);
  log(`store ${storeId}, department ${departmentId}, ${storeCount} stores`);

  const { demo, large } = departments;
  const listing = (d: { id: number; store_id: number }) =>
    `/stores/${d.store_id}/departments/${d.id}`;
  const category = (await (
    await get(`${base}/api/1/departments/${demo.id}?include=categories`, auth)
  ).json()) as { data: { categories?: { data: { id: number }[] } } };
  const categoryId = category.data.categories?.data[0]?.id;
  const detailPage = await oneClickProductPath(base, auth, demo.store_id, demo.id);
  const bakery = storeDepartments.find((d) => /bakery/i.test(d.name));
  const builderPage = bakery ? await builderProductPath(base, auth, storeId, bakery.id) : null;
  const spreadPage = await busiestCatalogPage(base, auth, demo);
  const cookie = { cookie: await shopperCookies(base, storeId) };
  const orders = await shoppersWithOrders(base, demo.store_id, detailPage, { pastOrders: true });
  const withCart = { cookie: orders.withCart };
  const page = (name: string, pagePath: string, headers = cookie): Target => ({
    name,
    path: pagePath,
    headers,
    kind: "page",
  });
  const allTargets: Target[] = [
    page("home", "/"),
    page("store locator", "/stores"),
    page("departments", `/stores/${storeId}/departments`),
    page("department home (demo)", listing(demo)),
    ...(categoryId ? [page("category (demo)", `${listing(demo)}/categories/${categoryId}`)] : []),
    page("listing (demo)", `${listing(demo)}/products`),
    page("listing search (demo)", `${listing(demo)}/products?query=chips`),
    page("product detail", detailPage),
    ...(builderPage ? [page("product builder", builderPage)] : []),
    ...(spreadPage ? [page("catalog spread", spreadPage)] : []),
    page("cart (1 item)", "/cart", withCart),
    page("pickup time", "/fulfillment-time", withCart),
    page("checkout", "/checkout", withCart),
    page("confirmation", "/confirmation", { cookie: orders.placed }),
    ...(orders.signedIn
      ? [page("past orders", `/stores/${demo.store_id}/orders`, { cookie: orders.signedIn })]
      : []),
    page(`department home (${LARGE_PRODUCTS})`, listing(large)),
    page(`listing search (${LARGE_PRODUCTS})`, `${listing(large)}/products?query=turkey`),
    page(`listing by price (${LARGE_PRODUCTS})`, `${listing(large)}/products?sort=price`),
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
  // BENCH_ONLY=name1,name2: measure only the named targets (a quick check of a few pages).
  const only = process.env.BENCH_ONLY?.split(",").map((n) => n.trim());
  const targets = only ? allTargets.filter((t) => only.includes(t.name)) : allTargets;

  const rows: Row[] = [];
  for (const [i, target] of targets.entries()) {
    // Body as autocannon receives it: no Accept-Encoding, so neither side is compressed. Viewed
    // twice: the first view may fill the shared answers (cold), the second is what load sees.
    const view = () =>
      get(base + target.path, { ...target.headers, "accept-encoding": "identity" });
    const cold = await view();
    await cold.arrayBuffer();
    // The cookies the first view set go with every later view, as a browser would send them: a
    // shopper's session is sealed again when it changes (another department, say), once, not on
    // every view.
    target.headers = cookiesAfter(target.headers, cold);
    const probe = await view();
    const bytes = Buffer.byteLength(await probe.text());
    const apiCalls = apiCallsOf(probe);
    const coldCalls = apiCallsOf(cold);
    if (probe.status !== 200) warnings.push(`${target.name} answered ${probe.status}.`);
    const baselinePath = writeBaseline(i + 1, bytes, target.kind === "page" ? "html" : "json");
    log(
      `${target.name}: ${probe.status}, ${bytes} bytes, ${apiCalls ?? "?"} API calls (${coldCalls ?? "?"} cold)` +
        (probe.headers.getSetCookie().length > 0 ? ", sets cookies on every view" : ""),
    );
    if (PROBE_ONLY) continue;
    const baseline = await measure(base + baselinePath, {}, `baseline ${i + 1}`);
    if (baseline.non2xx > 0) {
      warnings.push(`${baselinePath} answered non-2xx: its ratio is left out.`);
    }
    if (!existsSync(path.join(CLIENT_DIR, baselinePath))) {
      warnings.push(`${baselinePath} disappeared while it was measured (build/ rewritten?).`);
    }
    const measured = await measure(
      base + target.path,
      target.headers,
      target.name,
      undefined,
      server,
    );
    const sizedPath = sized(bytes);
    let sizedBytes = 0;
    const levels: PageLevel[] = [];
    if (target.kind === "page") {
      const sizedPage = await get(treeBase + sizedPath, { "accept-encoding": "identity" });
      sizedBytes = Buffer.byteLength(await sizedPage.text());
      for (const [n, connections] of CONNECTIONS.entries()) {
        const runs = {
          page: () =>
            n === 0
              ? Promise.resolve(measured)
              : measure(base + target.path, target.headers, target.name, connections, server),
          bareSame: () =>
            measure(`${bareBase}/department`, {}, "bare department", connections, bare),
          treeSame: () =>
            measure(`${treeBase}/department`, {}, "route-tree department", connections, bareTree),
          treeSized: () =>
            measure(treeBase + sizedPath, {}, "route-tree same size", connections, bareTree),
          bareSmall: () => measure(`${bareBase}/`, {}, "bare small", connections, bare),
        };
        // Alternating order, so neither side always runs on a warmer or cooler machine.
        const order = (["page", "bareSame", "treeSame", "treeSized", "bareSmall"] as const).slice();
        if (n % 2 === 1) order.reverse();
        const results: Partial<Record<keyof typeof runs, Result>> = {};
        for (const key of order) results[key] = await runs[key]();
        levels.push({
          connections,
          measured: results.page!,
          bareSame: results.bareSame!,
          treeSame: results.treeSame!,
          treeSized: results.treeSized!,
          bareSmall: results.bareSmall!,
        });
      }
    }
    rows.push({
      target,
      status: probe.status,
      bytes,
      apiCalls,
      coldCalls,
      measured,
      baseline,
      sizedBytes,
      levels,
    });
  }

  if (PROBE_ONLY) {
    if (warnings.length > 0) throw new Error(warnings.join(" "));
    return;
  }

  // The same pages from a second server with two workers, alternating with the one-worker server.
  const twoServer = await startBenchServer({
    dbFile: DB_FILE,
    logFile: path.join(DATA_DIR, "server-2-workers.log"),
    env: { WEB_CONCURRENCY: "2" },
  });
  twoWorkers = twoServer.child;
  const twoBase = twoServer.base;
  const workerRows: WorkersRow[] = [];
  const busiest = CONNECTIONS[CONNECTIONS.length - 1]!;
  for (const target of targets.filter((t) =>
    ["department home (demo)", "listing search (demo)", "product detail"].includes(t.name),
  )) {
    const one = await measure(base + target.path, target.headers, target.name, busiest);
    const two = await measure(twoBase + target.path, target.headers, target.name, busiest);
    workerRows.push({ name: target.name, connections: busiest, one, two });
  }

  // Every page target with its shopper's cookies (the cart, checkout and confirmation need an
  // order), then the store's entry pages and a 404.
  const weights: Weight[] = [];
  const weighed = [
    ...targets.filter((t) => t.kind === "page").map((t) => [t.path, t.headers] as const),
    ...[`/stores/${storeId}/orders/new`, "/no-such-page"].map((p) => [p, cookie] as const),
  ];
  for (const [pagePath, headers] of weighed) {
    weights.push(await pageWeight(base, pagePath, headers));
  }

  const context = [
    `${new Date().toISOString()}, commit ${gitCommit()}, Node ${process.version}, ${os.cpus().length} CPUs`,
    `built server (NODE_ENV=production) on 127.0.0.1, SQLite demo data plus ${LARGE_PRODUCTS} generated products in one department, LOG_REQUESTS=0; pages measured with a returning shopper's cookies (cart, pickup time and checkout with an item in the cart; confirmation with a placed order)`,
    `two bare Remix apps (bench/bare/: the two-route app and the route-tree app, ${floorNotes.routes.tree} route modules), each in its own process, same Remix, React, Express and compression`,
    `autocannon: ${CONNECTIONS.join(" and ")} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per measurement`,
  ];
  if (buildStamp() !== stamp) {
    warnings.push(
      "build/ was rebuilt during the run (another `npm run build`?); run the bench again.",
    );
  }
  const markdown = report(rows, workerRows, weights, floorNotes, context, warnings);
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
