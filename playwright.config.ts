import { defineConfig, devices } from "@playwright/test";
import type { StorefrontOptions } from "./e2e/support/test";

// E2E_PORT lets several runs share a machine; each gets its own server and database file.
const PORT = Number(process.env.E2E_PORT || 3123);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// One fresh SQLite file per run; the webServer command deletes it before the server opens it
// (globalSetup would be too late: Playwright starts webServer before globalSetup).
const E2E_DB = `data/e2e/e2e-${PORT}.sqlite`;
const RESULTS = process.env.E2E_PORT ? `test-results/port-${PORT}` : "test-results";

// Chromium comes from Debian, never from `npx playwright install`.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
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
      testIgnore: /api\.spec\.ts/,
      use: { ...chromium, javaScriptEnabled: true, scripts: "stripped" },
    },
    {
      // HTTP only: the `request` fixture, no browser is launched.
      name: "api",
      testMatch: /api\.spec\.ts/,
    },
  ],
  webServer: {
    // The built app (npm test builds before e2e), on a fresh demo database.
    command: `rm -f ${E2E_DB} ${E2E_DB}-wal ${E2E_DB}-shm && npm run serve`,
    // Answers 401 as soon as the API is mounted, even if a page route is broken, so a broken
    // page fails its test instead of timing out the whole run.
    url: `${BASE_URL}/api/1/stores`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${E2E_DB}`,
      SEED_DEMO_DATA: "1",
      LOG_REQUESTS: "0",
      // Every journey posts from 127.0.0.1: the limits stay on, scaled past what the suite sends.
      RATE_LIMIT_MULTIPLIER: "50",
    },
  },
});
