/**
 * First-load JavaScript (issue 12, decision 020): at most 100 KB gzip a page. Read from the build
 * `npm test` made before the e2e run (BUILD_DIR, else build/): Remix's manifest names, for every
 * route, the module and static imports a page preloads; a page is the entry, the routes it matches
 * (the route and its parents up to the root) and every chunk those import statically, each file
 * gzipped on its own as the server sends it. Dynamic import() (checks loaded on first use) is not
 * part of the first load, nor is an island's code (components/island.tsx), which the page fetches
 * as it hydrates. (No browser: the "api" project.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

const KB = 1024;
const BUDGET = 100 * KB;

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");

/** The browser manifest the build wrote (window.__remixManifest = {...}): the newest one. */
function readManifest(): RemixManifest {
  const assets = path.join(clientDir, "assets");
  const files = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no Remix manifest in ${assets}: run npm run build first`);
  const text = readFileSync(files[0], "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RemixManifest;
}

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g;

const gzipSizes = new Map<string, number>();
const gzipSize = (url: string) => {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, url))).length;
    gzipSizes.set(url, size);
  }
  return size;
};

/** Every file the page loads: the preloaded ones and, followed through, their static imports. */
function firstLoadFiles(manifest: RemixManifest, routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId ?? ""])
    chain.unshift(route);
  const queue = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain.flatMap((route) => [route.module, ...(route.imports ?? [])]),
  ];
  const files = new Set<string>();
  for (const url of queue) {
    if (files.has(url)) continue;
    files.add(url);
    const code = readFileSync(path.join(clientDir, url), "utf8");
    for (const [, spec] of code.matchAll(STATIC_IMPORT))
      queue.push(new URL(spec!, `http://build${url}`).pathname);
  }
  return [...files];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test("every page's first-load JavaScript is at most 100 KB gzip", () => {
  const manifest = readManifest();
  const routeIds = Object.keys(manifest.routes);
  expect(routeIds.length).toBeGreaterThan(30);
  const weights = new Map(
    routeIds.map((id) => [
      id,
      firstLoadFiles(manifest, id).reduce((sum, url) => sum + gzipSize(url), 0),
    ]),
  );
  test.info().annotations.push({
    type: "first-load JS",
    description: [...weights]
      .sort((a, b) => b[1] - a[1])
      .map(([id, bytes]) => `${id} ${kb(bytes)}`)
      .join("; "),
  });

  // Every page fits (issue 29: no page is let off).
  const over = [...weights]
    .filter(([, bytes]) => bytes > BUDGET)
    .map(([id, bytes]) => `${id}: ${kb(bytes)}`);
  expect(over, `pages over ${kb(BUDGET)} gzip`).toEqual([]);
});
