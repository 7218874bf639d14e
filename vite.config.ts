import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Rollup } from "vite";
import { IGNORED_ROUTE_FILES, REMIX_FUTURE } from "./remix-future";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const ROOT_ROUTE = path.resolve("app/root.tsx");
const isPackage = (id: string) => id.includes("/node_modules/");
/** Our own modules: the storefront's and the shared rules (not packages, not route modules). */
const isOwnModule = (id: string) =>
  /\/(app|core)\//.test(id) &&
  !isPackage(id) &&
  !id.includes("?") &&
  !id.includes("/app/routes/") &&
  id !== ROOT_ROUTE;

/** Every module the root route imports, directly or not (static imports only). */
function rootModules(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const found = new Set<string>();
  const queue = [ROOT_ROUTE];
  while (queue.length > 0) {
    for (const next of getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if ((isOwnModule(next) || isPackage(next)) && !found.has(next)) {
        found.add(next);
        queue.push(next);
      }
    }
  }
  return found;
}

/**
 * The browser's chunks for what every page loads with the root route: the packages (React, Remix)
 * in `framework`, our own modules in `shell`. Left alone, Rollup made one chunk per set of routes
 * sharing a module, and a page loaded a dozen files of 100–300 bytes that gzip, compressing each
 * on its own, made about a third larger. The rest keeps Rollup's own splitting.
 */
function storefrontChunks() {
  let root: Set<string> | undefined;
  return (id: string, { getModuleInfo }: { getModuleInfo: Rollup.GetModuleInfo }) => {
    root ??= rootModules(getModuleInfo);
    // Vite's helper for import() is a 0.6 KB file of its own on a dozen pages: in with React.
    if (id.includes("vite/preload-helper")) return "framework";
    if (!root.has(id)) return undefined;
    return isPackage(id) ? "framework" : "shell";
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      // BUILD_DIR lets two builds (say, two e2e runs) live side by side; server.ts reads the same.
      buildDirectory: process.env.BUILD_DIR || "build",
      ignoredRouteFiles: IGNORED_ROUTE_FILES,
      future: REMIX_FUTURE,
    }),
    tsconfigPaths(),
  ],
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: storefrontChunks() } } },
}));
