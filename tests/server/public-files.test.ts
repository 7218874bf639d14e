/**
 * The files public/ gives the client build are served; every other URL goes on to the next
 * handler (Remix) without being looked up on disk.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { publicFiles } from "../../server/public-files";
import { listen, type Running } from "./support";

let dir: string;
let running: Running | undefined;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "oe-public-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, "icons"));
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  fs.writeFileSync(path.join(dir, "icons", "cart.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "assets", "app.js"), "0");
});

afterEach(async () => {
  await running?.close();
  running = undefined;
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start() {
  const app = express();
  app.use(publicFiles(dir, { maxAge: "1h" }));
  app.use((req, res) => res.status(200).send(`page ${req.path}`));
  running = await listen(app);
  return running.url;
}

describe("public files", () => {
  it("serves the build's files and folders with their cache lifetime", async () => {
    const base = await start();
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe("User-agent: *\n");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${base}/icons/cart.svg`)).text()).toBe("<svg/>");
  });

  it("hands pages, unknown names and assets/ on without a file-system lookup", async () => {
    const base = await start();
    const stat = vi.spyOn(fs, "stat");
    for (const url of ["/stores/1/departments/2", "/cart", "/missing.txt", "/assets/app.js"])
      expect(await (await fetch(`${base}${url}`)).text()).toBe(`page ${url}`);
    expect(stat).not.toHaveBeenCalled();
  });
});
