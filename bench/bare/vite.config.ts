/**
 * The bench's bare Remix apps: the same Remix, React, Vite and Express as the storefront, rendering
 * from memory. They are the floors the storefront's pages are measured against (`npm run bench`):
 * this config builds the two-route app (bench/bare/app/), tree/vite.config.ts the same pages in a
 * route tree the size and shape of ours (bench/bare/tree/, decision 035).
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type UserConfig } from "vite";
import { REMIX_FUTURE } from "../../remix-future";

export function bareApp(appDirectory: string, buildDirectory: string): UserConfig {
  return {
    plugins: [remix({ appDirectory, buildDirectory, future: REMIX_FUTURE })],
  };
}

export default defineConfig(bareApp("bench/bare/app", "build-bench-bare"));
