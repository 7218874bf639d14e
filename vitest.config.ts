import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Test files that need no database, no server, no network and change no process state (no
 * vi.mock, no process.env, no timers): plain functions in, values out. They share one module
 * cache per worker (isolate: false), which saves importing the same modules once per file.
 * Everything else keeps a fresh module cache per file.
 */
export const pureFiles = [
  "tests/core/**/*.test.ts",
  "tests/app/lib/*.test.ts",
  "tests/api-lib/database-unavailable.test.ts",
  "tests/api-lib/demo-order-times.test.ts",
  "tests/api-lib/door-dash.test.ts",
  "tests/api-lib/search-terms.test.ts",
  "tests/app/server/add-to-cart-problem.test.ts",
  "tests/app/server/config-and-headers.test.ts",
  "tests/app/server/form-schemas.test.ts",
  "tests/app/server/nutrition-panel.test.ts",
  "tests/app/server/private-pages.test.ts",
  "tests/app/server/sanitize-html.test.ts",
  "tests/app/server/store-map.test.ts",
  "tests/server/server-config.test.ts",
  "tests/bench/route-tree.test.ts",
];

/**
 * The storefront's server tests that watch the HTTP transport itself (they wrap fetch to see or
 * break the API's calls): the in-process project leaves them out.
 */
const httpOnlyFiles = [
  "tests/app/server/favorite-post.test.ts",
  "tests/app/server/order-through-faults.test.ts",
  "tests/app/server/quick-view-unavailable.test.ts",
];

const shared = {
  environment: "node" as const,
  setupFiles: ["tests/setup/console-tripwire.ts"],
  // A hang fails within two minutes; nothing here waits longer on purpose.
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

// Unit and API tests run plain modules: the Remix plugin belongs to the storefront build only.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Two cores, two workers (vitest would take one): a database file and a pure file run side by side.
    maxWorkers: 2,
    minWorkers: 2,
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          ...shared,
          name: "pure",
          include: pureFiles,
          pool: "threads",
          isolate: false,
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          ...shared,
          name: "isolated",
          include: ["tests/**/*.test.ts"],
          exclude: pureFiles,
          globalSetup: ["tests/global-setup.ts"],
          pool: "forks",
        },
      },
      {
        // The storefront's server tests again, the API answering in their process (decision 045):
        // the same calls, shapes, errors, limits and ownership over the other transport.
        plugins: [tsconfigPaths()],
        test: {
          ...shared,
          name: "in-process",
          include: ["tests/app/server/**/*.test.ts"],
          exclude: [...pureFiles, ...httpOnlyFiles],
          env: { TEST_API_TRANSPORT: "in-process" },
          globalSetup: ["tests/global-setup.ts"],
          pool: "forks",
        },
      },
    ],
  },
});
