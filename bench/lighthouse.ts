/**
 * `npm run lighthouse` (after `npm run build`; not part of `npm test`): Lighthouse 12 with its
 * default mobile preset (a mid-range phone, throttled network and CPU) on Debian's Chromium,
 * against the built server on a fresh demo database: home, a department, a product page, and the
 * cart and checkout of a shopper with an item in the cart. Writes bench/results/lighthouse.md.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import {
  ROOT,
  SERVER_MAIN,
  createLog,
  demoStore,
  newApiKey,
  runBounded,
  startBenchServer,
  stopBuiltServer,
} from "./server";
import { oneClickProductPath, shoppersWithOrders } from "./shoppers";

const DATA_DIR = path.join(ROOT, "data/lighthouse");
const SERVER_LOG = path.join(DATA_DIR, "server.log");
const REPORT = path.join(ROOT, "bench/results/lighthouse.md");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["total-byte-weight", "bytes"],
] as const;
const MACHINE = ["bench index", "main thread"] as const;

const log = createLog("lighthouse");
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

async function main() {
  if (!existsSync(SERVER_MAIN)) throw new Error("no build: run `npm run build` first");
  // Checked before the server starts: nothing to stop when the browser is missing.
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: install it (\`apt-get install -y chromium\`) or set CHROMIUM_PATH`,
    );
  mkdirSync(DATA_DIR, { recursive: true });
  const dbFile = path.join(DATA_DIR, "lighthouse.sqlite");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });
  const started = await startBenchServer({
    dbFile,
    logFile: SERVER_LOG,
    env: { SEED_DEMO_DATA: "1" },
  });
  server = started.child;
  const { base } = started;

  const auth = await newApiKey(base, "lighthouse");
  const { storeId, departments } = await demoStore(base, auth);
  const grocery = departments.find((d) => d.name === "Grocery") ?? departments[0];
  if (!grocery) throw new Error(`store ${storeId} has no department`);
  const product = await oneClickProductPath(base, auth, storeId, grocery.id);
  // Each audited page of the order gets a shopper of its own: one audit must not change another's.
  const forCart = (await shoppersWithOrders(base, storeId, product)).withCart;
  const forCheckout = (await shoppersWithOrders(base, storeId, product)).withCart;
  const pages: { name: string; path: string; cookie?: string }[] = [
    { name: "home", path: "/" },
    { name: "department", path: `/stores/${storeId}/departments/${grocery.id}` },
    { name: "product", path: product },
    { name: "cart", path: "/cart", cookie: forCart },
    { name: "checkout", path: "/checkout", cookie: forCheckout },
  ];

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
    ],
  });
  // The shopper's cookies go into the browser's own jar (a Cookie header would not reach the
  // page's navigations), through a page that Lighthouse then drives.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: string[] = [];
  // The user agent names only the major version; the browser itself names the build.
  const browserVersion = await browser.version();
  let lighthouseVersion: string | undefined;
  /** One audit of the page, as its shopper (their cookies in the browser's jar, none else). */
  const audit = async (page: (typeof pages)[number]) => {
    const tab = await browser.newPage();
    const context = tab.browserContext();
    await context.deleteCookie(...(await context.cookies()));
    for (const pair of page.cookie?.split("; ") ?? []) {
      const eq = pair.indexOf("=");
      await context.setCookie({
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        domain: "127.0.0.1",
        path: "/",
      });
    }
    const result = await lighthouse(
      base + page.path,
      { port: chrome!.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
      undefined,
      tab,
    );
    await tab.close();
    return result;
  };
  for (const page of pages) {
    log(`${page.name}: ${page.path}`);
    let result = await audit(page);
    // Chromium now and then records a trace without its navigation start (NO_NAVSTART): the page
    // is not at fault, and a second recording is.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === "NO_NAVSTART"; retry++) {
      log(`${page.name}: the trace missed its navigation start, auditing again`);
      result = await audit(page);
    }
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const { lhr } = result;
    // The whole report, for reading what the table sums up (its opportunities and request chains).
    writeFileSync(path.join(DATA_DIR, `${page.name}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) {
      rows.push(
        `| ${page.name} \`${page.path}\` | ${lhr.runtimeError.code}: ${lhr.runtimeError.message} |`,
      );
      continue;
    }
    const failing = Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => ref.id);
    if (failing.length) log(`${page.name}: below 90 on ${[...new Set(failing)].join(", ")}`);
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const metrics = METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? "–");
    // The machine beside the page: Lighthouse's CPU benchmark of this run (a slow or busy machine
    // shows here, not only as a worse TBT) and the main thread's whole work on the page.
    const machine = [
      Math.round(lhr.environment.benchmarkIndex),
      lhr.audits["mainthread-work-breakdown"]?.displayValue ?? "–",
    ];
    lighthouseVersion ??= lhr.lighthouseVersion;
    rows.push(
      `| ${page.name} \`${page.path}\` | ${[...scores, ...metrics, ...machine].join(" | ")} |`,
    );
  }
  await browser.disconnect();
  const markdown = [
    "# Lighthouse (mobile preset)",
    "",
    `- ${new Date().toISOString()}, Lighthouse ${lighthouseVersion ?? "12"}, ${CHROMIUM} (${browserVersion}), the built server on a fresh demo database`,
    "- bench index: Lighthouse's CPU benchmark on this machine during the audit (higher is faster; compare it between runs before comparing their TBT). Main thread: the page's whole main-thread work as Lighthouse counts it (the trace's time times its CPU slowdown of 4).",
    "",
    `| page | ${[...CATEGORIES, ...METRICS.map(([, label]) => label), ...MACHINE].join(" | ")} |`,
    `|---|${[...CATEGORIES, ...METRICS, ...MACHINE].map(() => "---:").join("|")}|`,
    ...rows,
    "",
  ].join("\n");
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, markdown);
  process.stdout.write(markdown + "\n");
}

await runBounded({
  main,
  cleanUp: async () => {
    await chrome?.kill();
    chrome = undefined;
    const child = server;
    server = undefined;
    await stopBuiltServer(child);
  },
  watchdogMs: 10 * 60_000,
  log,
  serverLog: SERVER_LOG,
});
