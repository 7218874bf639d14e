/**
 * Route matching answered once per path (decision 047). @remix-run/router 1.23's `matchRoutes`
 * flattens and ranks the whole route tree and compiles a regular expression for each branch on
 * every call, and a page render calls it about once per segment of its path (Remix's initial
 * manifest for lazy route discovery matches every parent path) plus once for the request and once
 * for the render: on the product page, the largest item in a CPU profile under load (a quarter of
 * it). React Router 7 keeps the ranked branches since (remix-run/react-router#14967); Remix v2
 * does not. So the server's `matchRoutes`, the export that Remix's server runtime, its initial
 * manifest and React Router's render call at call time, is replaced by one that keeps its answer
 * per route tree and path.
 *
 * A route tree is known by its shape (every route's id, path, index and case flag, nested): the
 * render makes new route objects for each request, the same tree each time. A kept answer is
 * handed out with the current tree's route objects, found by id, and params of its own, so a
 * caller sees what the original would have returned. A tree with a route without an id (not one
 * Remix makes) is matched by the original every time.
 */
import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";

/** The parts of @remix-run/router's types this needs (its own types are those of the ESM build). */
export interface Route {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Route[];
}
export interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: Route;
}
export type MatchRoutes = (
  routes: Route[],
  location: string | { pathname?: string },
  basename?: string,
) => Match[] | null;

interface Shape {
  /** The tree's shape as text: the key its answers are kept under. */
  key: string;
  byId: Map<string, Route>;
}

/** Distinct paths kept per route tree: the storefront's pages and their parent paths. */
const PATHS_PER_TREE = 5000;

/** `matchRoutes` keeping its answers; `original` does the matching. */
export function keptMatchRoutes(original: MatchRoutes): MatchRoutes {
  const shapes = new WeakMap<Route[], Shape | null>();
  const answers = new Map<string, LRUCache<string, { matches: Match[] | null }>>();

  return (routes, location, basename = "/") => {
    let shape = shapes.get(routes);
    if (shape === undefined) shapes.set(routes, (shape = shapeOf(routes)));
    if (shape === null) return original(routes, location, basename);
    const pathname =
      typeof location === "string" ? location.split(/[?#]/)[0]! : (location.pathname ?? "/");
    let kept = answers.get(shape.key);
    if (!kept) answers.set(shape.key, (kept = new LRUCache({ max: PATHS_PER_TREE })));
    const key = `${basename}\0${pathname}`;
    let answer = kept.get(key);
    if (!answer) kept.set(key, (answer = { matches: original(routes, pathname, basename) }));
    const { byId } = shape;
    return (
      answer.matches?.map((match) => ({
        params: { ...match.params },
        pathname: match.pathname,
        pathnameBase: match.pathnameBase,
        route: byId.get(match.route.id!)!,
      })) ?? null
    );
  };
}

/** The tree's shape and its routes by id; null when a route has no id. */
function shapeOf(routes: Route[]): Shape | null {
  const byId = new Map<string, Route>();
  const describe = (list: Route[]): unknown[] | null => {
    const parts: unknown[] = [];
    for (const route of list) {
      if (route.id === undefined || byId.has(route.id)) return null;
      byId.set(route.id, route);
      const children = route.children ? describe(route.children) : [];
      if (children === null) return null;
      parts.push([
        route.id,
        route.path ?? null,
        Boolean(route.index),
        Boolean(route.caseSensitive),
        children,
      ]);
    }
    return parts;
  };
  const parts = describe(routes);
  return parts === null ? null : { key: JSON.stringify(parts), byId };
}

/**
 * Puts the kept matching in place of the CommonJS `matchRoutes` that Remix's server runtime,
 * @remix-run/react and React Router load (once per process; again changes nothing).
 */
export function keepRouteMatches(): void {
  const router = createRequire(import.meta.url)("@remix-run/router") as {
    matchRoutes: MatchRoutes & { kept?: true };
  };
  if (router.matchRoutes.kept) return;
  router.matchRoutes = Object.assign(keptMatchRoutes(router.matchRoutes), { kept: true as const });
}
