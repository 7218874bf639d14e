/**
 * The server refuses what would otherwise answer 500 on every request: a production start
 * without SESSION_SECRET stops with its reason (API_SECRET, read first, the same way:
 * server-config.test.ts), and a Host header that names no host gets 400.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isWellFormedHost, refuseMalformedHost } from "../../server/host";
import { listen, rawRequest, type Running } from "./support";

describe("a production start without SESSION_SECRET", () => {
  it("stops at once with the reason, before it listens", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "oe-start-"));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_ENV: "production",
      NODE_ENV: "production",
      PORT: "3997",
      DATABASE_URL: `file:${path.join(folder, "start.sqlite")}`,
      API_SECRET: "api-secret-of-this-test",
    };
    delete env.SESSION_SECRET;
    // Killed if it starts serving after all: the exit code then says it did not stop.
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env,
      timeout: 45_000,
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "error",
      message: "There was a problem initializing the application. Please try again later.",
      error: expect.stringMatching(/^Error: SESSION_SECRET is required when APP_ENV=production\n/),
    });
    expect(output).not.toContain('"listening"');
  }, 60_000);
});

describe("the Host header", () => {
  let running: Running | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it("tells a host name, address or port apart from anything else", () => {
    for (const host of ["shop.example", "127.0.0.1:3000", "[::1]:8080", "LOCALHOST"])
      expect(isWellFormedHost(host), host).toBe(true);
    for (const host of ["a b", "", "shop.example/path", "user@shop.example", "a\\b", "x:port"])
      expect(isWellFormedHost(host), host).toBe(false);
  });

  it("answers 400 with the error page for a malformed one, and lets a good one through", async () => {
    const app = express();
    app.use(refuseMalformedHost());
    app.get("*", (req, res) => res.send(`hello ${req.hostname}`));
    running = await listen(app);
    const bad = await rawRequest(running.port, {
      method: "GET",
      path: "/",
      headers: { host: "a b" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("<title>Error 400: Bad Request.</title>");
    const api = await rawRequest(running.port, {
      method: "GET",
      path: "/api/1/stores",
      headers: { host: "a b" },
    });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ status: 400, code: "bad_request" });
    const good = await rawRequest(running.port, {
      method: "GET",
      path: "/",
      headers: { host: "shop.example:3000" },
    });
    expect(good.status).toBe(200);
    expect(good.body).toBe("hello shop.example");
  });
});
