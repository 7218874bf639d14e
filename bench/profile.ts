/**
 * `npm run bench:profile` (after a build): a CPU profile of the built server under the bench's
 * load. Starts the server with `--cpu-prof` on the bench's database (the demo plus
 * BENCH_LARGE_PRODUCTS generated products), loads one target with autocannon, stops the server
 * (the profile is written as it exits) and prints where the time went: self time summed per
 * package (node_modules), per part of our build and for the engine's own entries (GC, program).
 *
 * Settings: BENCH_PROFILE_TARGET ("product", or "api-search", "api-product", "department",
 * "listing-search", "listing", "cart", "time", "checkout", "confirmation", "past-orders"), BENCH_PROFILE_PATH (any page's path,
 * loaded with a returning shopper's cookies, instead of a target), BENCH_CONNECTIONS (first value, 10), BENCH_DURATION (10 s),
 * BENCH_LARGE_PRODUCTS (50000), BENCH_REUSE_DB=1 to keep the database of an earlier run, and
 * BUILD_DIR; BENCH_PROFILE_FILE=x.cpuprofile only summarizes that file (BENCH_PROFILE_SKIP_MS: from
 * how far in). The profile itself is left in data/bench-profile/ for a viewer (Chrome DevTools).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { prepareBenchDatabase } from "./database";
import { oneClickProductPath, shoppersWithOrders } from "./shoppers";
import {
  BUILD_DIR,
  CookieJar,
  cookiesAfter,
  ROOT,
  createLog,
  demoStore,
  get,
  newApiKey,
  runBounded,
  startBenchServer,
  stopBuiltServer,
} from "./server";

const DATA_DIR = path.join(ROOT, "data/bench-profile");
const DB_FILE = path.join(DATA_DIR, "bench.sqlite");
const PROFILE_DIR = path.join(DATA_DIR, "profiles");
const SERVER_LOG = path.join(DATA_DIR, "server.log");
const TARGET = process.env.BENCH_PROFILE_TARGET ?? "product";
const PAGE_PATH = process.env.BENCH_PROFILE_PATH;
const CONNECTIONS = Number((process.env.BENCH_CONNECTIONS ?? "10").split(",")[0]);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const LARGE_PRODUCTS = Number(process.env.BENCH_LARGE_PRODUCTS ?? 50_000);
const log = createLog("profile");
let server: ChildProcess | undefined;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives, as a reader of the table would name it. */
export function frameOwner(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (modules) return modules[1]!;
  // Node's bundled packages (undici: fetch) by name, its own modules by their first two parts.
  const bundled = /^node:internal\/deps\/([^/]+)/.exec(url);
  if (bundled) return `${bundled[1]} (in node)`;
  if (url.startsWith("node:")) return "node: " + url.slice(5).split("/").slice(0, 2).join("/");
  if (/\/main\.js$/.test(url)) return "ours: server, api (main.js)";
  if (url.includes("/server/")) return "ours: storefront (Remix server build)";
  return url;
}

/**
 * Self time per key of each sample's frame, as shares of the samples that were not idle, leaving
 * out the first `skipMs` of the profile (the server's start and the warm-up).
 */
function selfTime(profile: Profile, keyOf: (node: ProfileNode) => string, skipMs: number) {
  const keys = new Map(profile.nodes.map((node) => [node.id, node] as const));
  const time = new Map<string, number>();
  let total = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const node = keys.get(id);
    if (at < skipMs * 1000 || !node || node.callFrame.functionName === "(idle)") return;
    const key = keyOf(node);
    const delta = profile.timeDeltas[i] ?? 0;
    time.set(key, (time.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...time]
    .map(([key, t]) => ({ key, share: total ? t / total : 0 }))
    .sort((a, b) => b.share - a.share);
}

/** The profile's top entries: by owner (package or part of ours), then by function. */
export function summarize(profile: Profile, skipMs = 0, top = 15): string[] {
  const owner = (node: ProfileNode) => frameOwner(node.callFrame.url, node.callFrame.functionName);
  const row = ({ key, share }: { key: string; share: number }) =>
    `| ${key.replaceAll("|", "\\|")} | ${(share * 100).toFixed(1)} % |`;
  return [
    "| self time by owner (not idle) | share |",
    "| ----------------------------- | ----: |",
    ...selfTime(profile, owner, skipMs).slice(0, top).map(row),
    "",
    "| self time by function | share |",
    "| --------------------- | ----: |",
    ...selfTime(
      profile,
      (node) => `${node.callFrame.functionName || "(anonymous)"} — ${owner(node)}`,
      skipMs,
    )
      .slice(0, top)
      .map(row),
  ];
}

async function targetPath(base: string, departments: Awaited<ReturnType<typeof prepare>>) {
  const auth = await newApiKey(base, "profile");
  const { demo, large } = departments;
  const listing = (d: { id: number; store_id: number }) =>
    `/stores/${d.store_id}/departments/${d.id}`;
  const jar = new CookieJar();
  const { storeId } = await demoStore(base, auth);
  for (const pagePath of ["/", `/stores/${storeId}/departments`]) {
    const res = await get(base + pagePath, jar.header ? { cookie: jar.header } : {});
    jar.update(res);
    await res.text();
  }
  const cookie = { cookie: jar.header };
  // Any page the bench names (the builder, a catalog spread), with the same shopper's cookies.
  if (PAGE_PATH) return { path: PAGE_PATH, headers: cookie };
  switch (TARGET) {
    case "product":
      return {
        path: await oneClickProductPath(base, auth, demo.store_id, demo.id),
        headers: cookie,
      };
    case "department":
      return { path: listing(demo), headers: cookie };
    case "listing":
      return { path: `${listing(demo)}/products`, headers: cookie };
    case "listing-search":
      return { path: `${listing(large)}/products?query=turkey`, headers: cookie };
    case "cart":
    case "time":
    case "checkout":
    case "confirmation":
    case "past-orders": {
      // A shopper with an item in the cart and a pickup time, walked there through the pages (and
      // for the confirmation, on through placing the order; for past orders, signed in first).
      const productPath = await oneClickProductPath(base, auth, demo.store_id, demo.id);
      const shoppers = await shoppersWithOrders(base, demo.store_id, productPath, {
        pastOrders: TARGET === "past-orders",
      });
      const { withCart, placed, signedIn } = shoppers;
      if (TARGET === "confirmation") return { path: "/confirmation", headers: { cookie: placed } };
      if (TARGET === "past-orders") {
        if (!signedIn) throw new Error("past orders: the server has no order system");
        return { path: `/stores/${demo.store_id}/orders`, headers: { cookie: signedIn } };
      }
      const pagePath = { cart: "/cart", time: "/fulfillment-time", checkout: "/checkout" }[TARGET];
      return { path: pagePath, headers: { cookie: withCart } };
    }
    case "api-product": {
      const page = await oneClickProductPath(base, auth, demo.store_id, demo.id);
      const id = page.split("/").pop();
      return {
        path: `/api/1/products/${id}?department_id=${demo.id}&include=images,facets,facets.choices,bundle,bundle.members,bundle.members.product,suggestions,builder,nutrition_details`,
        headers: auth,
      };
    }
    case "api-search":
      return {
        path: `/api/1/products?department_id=${large.id}&fragment=turky%20brest`,
        headers: auth,
      };
    default:
      throw new Error(`BENCH_PROFILE_TARGET: no target "${TARGET}"`);
  }
}

const prepare = () =>
  prepareBenchDatabase(DB_FILE, LARGE_PRODUCTS, log, {
    reuse: process.env.BENCH_REUSE_DB === "1",
  });

async function main() {
  // BENCH_PROFILE_FILE: summarize a profile written earlier, without a run.
  if (process.env.BENCH_PROFILE_FILE) {
    const profile = JSON.parse(readFileSync(process.env.BENCH_PROFILE_FILE, "utf8")) as Profile;
    const skipMs = Number(process.env.BENCH_PROFILE_SKIP_MS ?? 0);
    process.stdout.write(summarize(profile, skipMs).join("\n") + "\n");
    return;
  }
  const departments = await prepare();
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  mkdirSync(PROFILE_DIR, { recursive: true });
  const spawnedAt = performance.now();
  const started = await startBenchServer({
    dbFile: DB_FILE,
    logFile: SERVER_LOG,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`],
  });
  server = started.child;
  const { base } = started;
  log(`${path.relative(ROOT, BUILD_DIR)}/main.js with --cpu-prof on ${base}`);
  const target = await targetPath(base, departments);
  const probe = await get(base + target.path, target.headers);
  await probe.arrayBuffer();
  target.headers = cookiesAfter(target.headers, probe);
  if (probe.status !== 200) throw new Error(`${target.path} answered ${probe.status}`);
  const url = base + target.path;
  await autocannon({ url, headers: target.headers, connections: CONNECTIONS, duration: 2 });
  // The profile starts as the process does: what came before the measured run is left out.
  const skipMs = performance.now() - spawnedAt;
  const result = await autocannon({
    url,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  const stopping = server;
  server = undefined;
  await stopBuiltServer(stopping);
  const files = readdirSync(PROFILE_DIR).filter((f) => f.endsWith(".cpuprofile"));
  if (files.length === 0) throw new Error(`no profile written in ${PROFILE_DIR}`);
  const profile = JSON.parse(readFileSync(path.join(PROFILE_DIR, files[0]!), "utf8")) as Profile;
  const lines = [
    `${TARGET}: ${target.path}`,
    `${CONNECTIONS} connections, ${DURATION_S} s: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
    "",
    ...summarize(profile, skipMs),
  ];
  process.stdout.write(lines.join("\n") + "\n");
  log(`profile: ${path.relative(ROOT, path.join(PROFILE_DIR, files[0]!))}`);
}

await runBounded({
  main,
  cleanUp: async () => {
    await stopBuiltServer(server);
  },
  watchdogMs: 15 * 60_000,
  log,
  serverLog: SERVER_LOG,
});
