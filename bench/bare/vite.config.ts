/**
 * The bench's bare Remix app: the same Remix, React, Vite and Express as the storefront, rendering
 * from memory. It is the floor the storefront's pages are measured against (`npm run bench`).
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { REMIX_FUTURE } from "../../remix-future";

export default defineConfig({
  plugins: [
    remix({
      appDirectory: "bench/bare/app",
      buildDirectory: "build-bench-bare",
      future: REMIX_FUTURE,
    }),
  ],
});
