import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import type { StorefrontOptions } from "./e2e/support/test";
import { BASE_URL, FIXED_STORE_PORT, FIXED_STORE_URL, PORT } from "./e2e/support/servers";

// One fresh SQLite file per run; the webServer command deletes it before the server opens it
// (globalSetup would be too late: Playwright starts webServer before globalSetup).
const E2E_DB = `data/e2e/e2e-${PORT}.sqlite`;
const FIXED_STORE_DB = `data/e2e/e2e-${FIXED_STORE_PORT}-fixed-store.sqlite`;
const RESULTS = process.env.E2E_PORT ? `test-results/port-${PORT}` : "test-results";

// Chromium comes from Debian, never from `npx playwright install`: its headless shell where
// installed (the suite is CPU-bound on two cores, and the shell spends about a fifth less than
// the full browser in its headless mode), else the browser itself.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const chromium = {
  ...devices["Desktop Chrome"],
  // The e2e server sits "behind CloudFront" (GEOLOCATION_HEADERS below): every shopper comes from
  // Princeton's zip code, so a first visit's store guess is the demo's first store.
  extraHTTPHeaders: { "CloudFront-Viewer-Postal-Code": "08540" },
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig<StorefrontOptions>({
  testDir: "e2e",
  outputDir: RESULTS,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Flaky tests are fixed, not retried.
  retries: 0,
  workers: 2,
  timeout: 60_000,
  // A click that leaves a page first waits for axe to scan it (e2e/support/test.ts); on a loaded
  // two-core CI machine a 50-card listing's scan alone has taken most of 10 s.
  expect: { timeout: 20_000 },
  // Once both servers are up: room in every demo slot for the suite's shoppers.
  globalSetup: "./e2e/support/global-setup.ts",
  reporter: [
    ["list"],
    [
      "html",
      {
        open: "never",
        outputFolder: process.env.E2E_PORT ? `playwright-report/port-${PORT}` : "playwright-report",
      },
    ],
    // Read by .ci/run for its closing "N passed, N failed" line.
    ["json", { outputFile: `${RESULTS}/e2e-report.json` }],
    // Page states axe scanned (distinct) and left unscanned, summed up from the tests' annotations.
    ["./e2e/support/axe-summary.ts", { outputFile: `${RESULTS}/axe-summary.json` }],
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  // A spec named *.js-on.spec.ts checks what does not depend on the shopper's JavaScript (the
  // sandboxes' own pages, the error pages' statuses, the dead-link crawl): js-on runs it once.
  projects: [
    {
      name: "js-on",
      testIgnore: /api\.spec\.ts/,
      use: { ...chromium, javaScriptEnabled: true, scripts: "on" },
    },
    {
      // A shopper without JavaScript. The context keeps javaScriptEnabled so that axe can run,
      // but the `page` fixture serves every document with its scripts stripped and blocks
      // script requests, so no page script ever executes (see e2e/support/test.ts).
      name: "js-off",
      // The API spec needs no browser; lite mode is told apart only where scripts could run.
      testIgnore: /(api|lite|\.js-on)\.spec\.ts/,
      use: { ...chromium, javaScriptEnabled: true, scripts: "stripped" },
    },
    {
      // HTTP only: the `request` fixture, no browser is launched.
      name: "api",
      testMatch: /api\.spec\.ts/,
    },
  ],
  // Never reused by default: a server left from an earlier run would bring that run's database
  // (its orders, spent stock and promo uses). E2E_REUSE_SERVER=1 opts in, for a quick rerun of
  // one spec against a server you started yourself and know to be fresh.
  webServer: [
    {
      // The built app (npm test builds before e2e), on a fresh demo database.
      command: `rm -f ${E2E_DB} ${E2E_DB}-wal ${E2E_DB}-shm && npm run serve`,
      // Answers 401 as soon as the API is mounted, even if a page route is broken, so a broken
      // page fails its test instead of timing out the whole run.
      url: `${BASE_URL}/api/1/stores`,
      ...serverEnv(PORT, E2E_DB),
    },
    {
      command:
        `rm -f ${FIXED_STORE_DB} ${FIXED_STORE_DB}-wal ${FIXED_STORE_DB}-shm && ` +
        "npx tsx e2e/support/fixed-store-brand.ts && npm run serve",
      url: `${FIXED_STORE_URL}/api/1/stores`,
      // This brand also has the order-system integration, so past orders are there (spec §2).
      ...serverEnv(FIXED_STORE_PORT, FIXED_STORE_DB, { FEATURE_ORDER_SYSTEM: "1" }),
    },
  ],
});

function serverEnv(port: number, database: string, features: Record<string, string> = {}) {
  return {
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    timeout: 120_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${database}`,
      SEED_DEMO_DATA: "1",
      LOG_REQUESTS: "0",
      // Every journey posts from 127.0.0.1: the limits stay on, scaled past what the suite sends.
      RATE_LIMIT_MULTIPLIER: "50",
      // One process: specs change the database under the server and count rate limits, which
      // several workers without Redis would each keep apart.
      WEB_CONCURRENCY: "1",
      // `serve` is production mode: the sandbox identity provider is mounted only when asked,
      // at the address the browser uses.
      SANDBOX_SSO: "1",
      SANDBOX_SSO_ISSUER: `http://127.0.0.1:${port}/sandbox/sso`,
      // The delivery partner's sandbox likewise (decision 022): no DoorDash credentials here.
      SANDBOX_DELIVERY: "1",
      // The sandbox payment gateway likewise (decision 021).
      SANDBOX_PAY: "1",
      SANDBOX_PAY_URL: `http://127.0.0.1:${port}/sandbox/pay`,
      // The coupon offer on /confirmation (off by default), as the demo has it.
      FEATURE_COUPONS: "1",
      // The billing address picker the spec disables, on in the demo (npm start) and here.
      FEATURE_BILLING_ADDRESSES: "1",
      // GET /geolocate places a visitor from these CDN headers (the guessed-store journey sends them).
      GEOLOCATION_HEADERS: "cloudfront",
      ...features,
    },
  };
}
