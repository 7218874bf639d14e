/**
 * The storefront's route patterns, read from the route module file names in app/routes with
 * Remix v2 flat-routes naming: `.` separates segments, `$name` is a parameter, a lone `$` the
 * splat, `_index` an index route, a leading `_` a pathless layout, a trailing `_` a segment that
 * leaves its parent's layout, `(segment)` an optional one and `[...]` escapes. The axe harness
 * (./axe.ts) names a page state by its pattern, not by the ids in its URL.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROUTES_DIR = fileURLToPath(new URL("../../app/routes", import.meta.url));
const MODULE = /\.(tsx?|jsx?)$/;

/** A route file's name (extension dropped) split into URL segments, `[...]` escapes kept whole. */
function segments(name: string): string[] {
  const found: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[" && !escaped) escaped = true;
    else if (char === "]" && escaped) escaped = false;
    else if (char === "." && !escaped) {
      found.push(current);
      current = "";
    } else current += char;
  }
  found.push(current);
  return found;
}

/** The URL pattern of a flat-routes file name: `/stores/:store/departments`, `/*` for a splat. */
function routePattern(fileName: string): string {
  const parts: string[] = [];
  for (const raw of segments(fileName.replace(MODULE, ""))) {
    // The file name's brackets are escapes: `boundaries[.]json` is the segment `boundaries.json`.
    const segment = raw.replace(/_$/, "");
    if (segment === "_index" || raw.startsWith("_")) continue;
    const optional = /^\((.*)\)$/.exec(segment);
    const name = optional ? optional[1]! : segment;
    const part = name === "$" ? "*" : name.startsWith("$") ? `:${name.slice(1)}` : name;
    parts.push(optional ? `${part}?` : part);
  }
  return `/${parts.join("/")}`;
}

interface Matcher {
  pattern: string;
  regex: RegExp;
  /** Static segments outrank parameters, which outrank the splat. */
  rank: number[];
}

function matcher(pattern: string): Matcher {
  const parts = pattern.split("/").filter(Boolean);
  const source = parts
    .map((part) => {
      if (part === "*") return "(?:/.*)?";
      const optional = part.endsWith("?");
      const bare = optional ? part.slice(0, -1) : part;
      const piece = bare.startsWith(":")
        ? "/[^/]+"
        : `/${bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return optional ? `(?:${piece})?` : piece;
    })
    .join("");
  const rank = parts.map((part) => (part === "*" ? 0 : part.startsWith(":") ? 1 : 2));
  return { pattern, regex: new RegExp(`^${source}/?$`), rank };
}

function compareRank(a: Matcher, b: Matcher): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i += 1) {
    const difference = (b.rank[i] ?? -1) - (a.rank[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

let matchers: Matcher[] | null = null;

/** Every route's matcher, most specific first. */
function routeMatchers(): Matcher[] {
  if (matchers) return matchers;
  const names = readdirSync(ROUTES_DIR, { withFileTypes: true })
    // A folder route (`name/route.tsx`) is named by its folder.
    .filter((entry) => entry.isDirectory() || MODULE.test(entry.name))
    .map((entry) => entry.name);
  const patterns = [...new Set(names.map(routePattern))];
  matchers = patterns.map(matcher).sort(compareRank);
  return matchers;
}

/**
 * The route pattern a pathname is served by. A path only the splat route (or no route: the
 * Express server's own pages, the sandboxes) answers is named by its path, a segment with a
 * digit in it (an id, a session's token) standing for any.
 */
export function routeOf(pathname: string): string {
  const found = routeMatchers().find((m) => m.regex.test(pathname));
  if (found && !found.pattern.endsWith("*")) return found.pattern;
  return pathname.replace(/[^/]*\d[^/]*/g, ":id");
}
