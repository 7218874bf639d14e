/**
 * The bench's bare Remix app: the same Remix, React, Vite and Express as the storefront, rendering
 * from memory. It is the floor the storefront's pages are measured against (`npm run bench`).
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    remix({
      appDirectory: "bench/bare/app",
      buildDirectory: "build-bench-bare",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
