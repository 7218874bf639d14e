/**
 * The kept route matching (server/route-matching.ts, decision 047) answers as @remix-run/router's
 * own matchRoutes does, with the caller's route objects, and matches each path of a tree once.
 */
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import {
  keepRouteMatches,
  keptMatchRoutes,
  type Match,
  type MatchRoutes,
  type Route,
} from "../../server/route-matching";

const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: MatchRoutes & { kept?: true };
};
const original: MatchRoutes = router.matchRoutes.kept
  ? (() => {
      throw new Error("the original matchRoutes was replaced before this test");
    })()
  : router.matchRoutes;

/** A tree shaped like the storefront's: a root, a layout with params, index routes, a splat. */
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      { id: "routes/$", path: "*" },
      { id: "routes/cart", path: "cart" },
      {
        id: "routes/stores.$store",
        path: "stores/:store",
        children: [
          { id: "routes/stores.$store._index", index: true },
          {
            id: "routes/stores.$store.departments.$department",
            path: "departments/:department",
            children: [
              { id: "routes/stores.$store.departments.$department._index", index: true },
              {
                id: "routes/stores.$store.departments.$department.products.$product",
                path: "products/:product",
              },
              { id: "routes/case", path: "Case", caseSensitive: true },
            ],
          },
        ],
      },
    ],
  },
];

const PATHS = [
  "/",
  "/cart",
  "/cart?x=1#top",
  "/nowhere/at/all",
  "/stores",
  "/stores/1",
  "/stores/1/departments/4",
  "/stores/1/departments/4/products/199",
  "/stores/1/departments/4/products/199/",
  "/stores/1/departments/4/Case",
  "/stores/1/departments/4/case",
  "/stores/caf%C3%A9/departments/4",
];

const view = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname })) ?? null;

describe("kept route matching", () => {
  it("answers every path as the router's own matching does, asked once or again", () => {
    const kept = keptMatchRoutes(original);
    const routes = tree();
    for (const path of [...PATHS, ...PATHS])
      expect(view(kept(routes, path)), path).toEqual(view(original(routes, path)));
    expect(view(kept(routes, "/shop/cart", "/shop"))).toEqual(
      view(original(routes, "/shop/cart", "/shop")),
    );
  });

  it("matches a path of a tree once, however many requests make the tree anew", () => {
    const counted = vi.fn(original);
    const kept = keptMatchRoutes(counted);
    for (let request = 0; request < 5; request++)
      for (const path of PATHS.slice(0, 8)) kept(tree(), path);
    // Two of the first eight paths differ only in their query and hash.
    expect(counted).toHaveBeenCalledTimes(7);
  });

  it("gives each caller its own tree's route objects and params of its own", () => {
    const kept = keptMatchRoutes(original);
    const path = "/stores/1/departments/4/products/199";
    const first = kept(tree(), path)!;
    first[0]!.params.store = "changed";
    const routes = tree();
    const again = kept(routes, path)!;
    expect(again.at(-1)!.route).toBe(routes[0]!.children![3]!.children![1]!.children![1]);
    expect(again[0]!.params.store).toBe("1");
  });

  it("matches a tree whose routes have no ids with the router's own matching, every time", () => {
    const counted = vi.fn(original);
    const kept = keptMatchRoutes(counted);
    const routes: Route[] = [{ path: "cart" }, { path: "*" }];
    kept(routes, "/cart");
    expect(kept(routes, "/cart")?.[0]?.route).toBe(routes[0]);
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it("takes the place of the matchRoutes that Remix's server runtime calls", () => {
    keepRouteMatches();
    const replaced = router.matchRoutes;
    expect(replaced.kept).toBe(true);
    keepRouteMatches();
    expect(router.matchRoutes).toBe(replaced);
    router.matchRoutes = original as MatchRoutes & { kept?: true };
  });
});
