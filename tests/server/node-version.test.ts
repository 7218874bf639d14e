/**
 * The Node check that runs before npm ci, npm start, npm test and the server itself
 * (server/node-version.cjs, decision 009): another major stops with one line naming Node 24.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Runs the check in a Node that reports `version` as its own. */
function checkOn(version: string) {
  const pretend =
    `Object.defineProperty(process, "versions", { value: { ...process.versions, node: "${version}" } });` +
    `Object.defineProperty(process, "version", { value: "v${version}" });` +
    `require("./server/node-version.cjs");`;
  return spawnSync(process.execPath, ["-e", pretend], { encoding: "utf8" });
}

describe("the Node version check", () => {
  it("lets Node 24 through silently", () => {
    const run = checkOn("24.21.0");
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
  });

  it.each(["20.20.2", "22.12.0", "26.1.0"])("stops Node %s with one line naming Node 24", (v) => {
    const run = checkOn(v);
    expect(run.status).toBe(1);
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toEqual([
      `Order Express needs Node 24 LTS (this is Node v${v}); .node-version names the release we test on.`,
    ]);
  });

  it("agrees with the pinned release and the package's engines", () => {
    const pinned = readFileSync(".node-version", "utf8").trim();
    expect(pinned.split(".")[0]).toBe("24");
    expect(checkOn(pinned).status).toBe(0);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      engines: { node: string };
      scripts: Record<string, string>;
    };
    expect(pkg.engines.node).toBe("^24.0.0");
    for (const hook of ["preinstall", "pretest", "prestart"])
      expect(pkg.scripts[hook]).toBe("node server/node-version.cjs");
  });
});
