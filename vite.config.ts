import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { REMIX_FUTURE } from "./remix-future";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets two builds (say, two e2e runs) live side by side; server.ts reads the same.
      buildDirectory: process.env.BUILD_DIR || "build",
      ignoredRouteFiles: ["**/*.css", "**/*.test.*"],
      future: REMIX_FUTURE,
    }),
    tsconfigPaths(),
  ],
});
