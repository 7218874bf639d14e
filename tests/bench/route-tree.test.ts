/**
 * The bench's route-tree floor (bench/bare/tree/, decision 035) carries every route of ours: a new
 * route file in app/routes, a removed one, or a loader or action added to one, fails here until
 * `npx tsx bench/bare/generate-routes.ts` writes the floor again.
 */
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";
import {
  STOREFRONT_APP,
  TREE_APP,
  treeRoutes,
  writtenTreeRoutes,
} from "../../bench/bare/generate-routes";
import { IGNORED_ROUTE_FILES } from "../../remix-future";

const REGENERATE =
  "bench/bare/tree/routes/ is out of step with app/routes: run `npx tsx bench/bare/generate-routes.ts`";

/** A route manifest as matching sees it: each route's id, parent, path and whether it is an index. */
function shape(appDirectory: string, ignored: string[] = []) {
  return Object.values(flatRoutes(appDirectory, ignored))
    .map(({ id, parentId, path, index, caseSensitive }) => ({
      id,
      parentId,
      path,
      index: Boolean(index),
      caseSensitive: Boolean(caseSensitive),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe("the bench's route-tree floor", () => {
  it("has one route module for each of our route files, as the generator writes it", () => {
    const wanted = treeRoutes();
    const written = writtenTreeRoutes();
    expect([...written.keys()], REGENERATE).toEqual([...wanted.keys()]);
    for (const [file, source] of wanted)
      expect(written.get(file), `${file}: ${REGENERATE}`).toBe(source);
  });

  it("is the route tree Remix builds from app/routes, plus the floor's department-size page", () => {
    const ours = shape(STOREFRONT_APP, IGNORED_ROUTE_FILES);
    const floor = shape(TREE_APP);
    expect(ours.length).toBeGreaterThan(30);
    expect(
      floor.filter((route) => route.id !== "routes/department"),
      REGENERATE,
    ).toEqual(ours);
    expect(floor.find((route) => route.id === "routes/department")).toMatchObject({
      path: "department",
      parentId: "root",
    });
  });
});
