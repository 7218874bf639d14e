/**
 * The process's one structured log (core/log/logger.ts, pino), as both halves write it: one JSON
 * object per line with level, time and message; info on stdout, warnings and errors on stderr;
 * LOG_LEVEL read as it changes; secrets never written; one line per request unless LOG_REQUESTS is
 * off.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger, requestLogger } from "../../api/logger";
import { logError, logWarning } from "../../app/.server/log";

let out: Record<string, unknown>[];
let err: Record<string, unknown>[];

function capture(stream: NodeJS.WriteStream, into: () => Record<string, unknown>[]) {
  vi.spyOn(stream, "write").mockImplementation((chunk: unknown) => {
    for (const line of String(chunk).split("\n")) {
      if (line.trim()) into().push(JSON.parse(line) as Record<string, unknown>);
    }
    return true;
  });
}

beforeEach(() => {
  out = [];
  err = [];
  delete process.env.LOG_LEVEL;
  delete process.env.LOG_REQUESTS;
  capture(process.stdout, () => out);
  capture(process.stderr, () => err);
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.LOG_LEVEL;
  delete process.env.LOG_REQUESTS;
});

describe("the log line", () => {
  it("is one JSON object: level as a word, ISO time, message and the fields", () => {
    logger.info("listening", { port: 3000 });
    expect(out).toHaveLength(1);
    expect(out[0]).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      message: "listening",
      port: 3000,
    });
    expect(err).toEqual([]);
  });

  it("puts warnings and errors of both halves on stderr, in the same shape", () => {
    logger.warn("database connection lost", { code: "ECONNRESET" });
    logWarning("Could not load the pickup blackouts", { orderId: 5 });
    logError("Could not place the order", { orderId: 5 });
    expect(out).toEqual([]);
    expect(err.map(({ level, message }) => [level, message])).toEqual([
      ["warn", "database connection lost"],
      ["warn", "Could not load the pickup blackouts"],
      ["error", "Could not place the order"],
    ]);
    expect(err[0]).toMatchObject({ code: "ECONNRESET" });
    expect(err[2]).toMatchObject({ orderId: 5 });
  });

  it("follows LOG_LEVEL as it changes: error keeps warnings and errors, silent keeps nothing", () => {
    process.env.LOG_LEVEL = "error";
    logger.info("dropped");
    logWarning("kept warning");
    logger.error("kept error");
    process.env.LOG_LEVEL = "silent";
    logger.error("dropped too");
    logWarning("dropped as well");
    process.env.LOG_LEVEL = "info";
    logger.info("back");
    expect(out.map((line) => line.message)).toEqual(["back"]);
    expect(err.map((line) => line.message)).toEqual(["kept warning", "kept error"]);
  });

  it("never writes a secret, at the top level or one level down, and leaves the caller's object as it was", () => {
    const fields = {
      apikey: "key-1",
      authorization: "Bearer key-2",
      storeId: 4,
      details: { password: "hunter2", client_secret: "s3", token: "t4", status: 502 },
    };
    logger.warn("gateway call failed", fields);
    expect(err[0]).toMatchObject({
      apikey: "[redacted]",
      authorization: "[redacted]",
      storeId: 4,
      details: {
        password: "[redacted]",
        client_secret: "[redacted]",
        token: "[redacted]",
        status: 502,
      },
    });
    expect(JSON.stringify(err)).not.toMatch(/key-1|key-2|hunter2|"s3"|"t4"/);
    expect(fields.details.password).toBe("hunter2");
  });
});

describe("the request line", () => {
  async function serve() {
    const app = express();
    app.use(requestLogger());
    app.get("/ok", (_req, res) => res.send("ok"));
    app.get("/broken", (_req, res) => res.status(500).send("no"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("logs each request once with its id, method, path without query, status and time", async () => {
    const { base, close } = await serve();
    try {
      const ok = await fetch(`${base}/ok?secret=1`, { headers: { "x-request-id": "abc" } });
      expect(ok.headers.get("x-request-id")).toBe("abc");
      await fetch(`${base}/broken`);
      await vi.waitFor(() => expect(out.length + err.length).toBe(2));
    } finally {
      await close();
    }
    expect(out).toEqual([
      expect.objectContaining({
        level: "info",
        message: "request",
        id: "abc",
        method: "GET",
        path: "/ok",
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(err).toEqual([
      expect.objectContaining({ level: "error", message: "request", path: "/broken", status: 500 }),
    ]);
  });

  it("writes none with LOG_REQUESTS off", async () => {
    process.env.LOG_REQUESTS = "off";
    const { base, close } = await serve();
    try {
      expect((await fetch(`${base}/ok`)).status).toBe(200);
    } finally {
      await close();
    }
    expect([...out, ...err]).toEqual([]);
  });
});
