/**
 * Error reporting (spec §8: category/search failures, router errors and sign-on failures are
 * reported; alert fetch failures go to the generic error handler). The default adapter writes one
 * JSON log line; with a DSN each report is also posted as an envelope to a Sentry-compatible
 * service, here a local HTTP server. A slow or failing service never throws nor holds a page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/.server/api/errors";
import { createErrorReporter } from "~/.server/error-reporting";
import { logReporter } from "~/.server/error-reporting/log-reporter";
import { createSentryReporter, parseDsn } from "~/.server/error-reporting/sentry-reporter";
import { loader as departmentsLoader } from "~/routes/stores.$store.departments._index";
import { captureLogLines } from "../../support/log-lines";
import { testContext } from "../../support/storefront";

beforeAll(() => {
  process.env.API_URL = "http://api.test/api/1";
  process.env.SESSION_SECRET = "reporting-test-secret";
  delete process.env.ERROR_REPORTING_DSN;
});

/** Every structured line written to stderr during a test, parsed. */
let lines: Record<string, unknown>[];

beforeEach(() => {
  delete process.env.LOG_LEVEL;
  lines = captureLogLines().lines;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const apiFailure = () =>
  new ApiError("Internal Server Error", { status: 500, path: "/alerts?store_id=1" });

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A local HTTP server standing in for the reporting service; `answer` decides each response. */
async function reportingService(answer: (response: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, received, close };
}

describe("the default adapter", () => {
  it("writes one JSON line with the error's name, message, status, path and context", () => {
    expect(createErrorReporter(null, "1.0.0")).toBe(logReporter);
    void logReporter.report(apiFailure(), {
      action: "Could not load the store's alerts",
      path: "/stores/1/departments",
      storeId: 1,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      message: "Could not load the store's alerts",
      error: "ApiError",
      errorMessage: "Internal Server Error",
      status: 500,
      apiPath: "/alerts?store_id=1",
      path: "/stores/1/departments",
      context: { storeId: 1 },
    });
    expect(typeof lines[0]!.time).toBe("string");
  });
});

describe("the DSN", () => {
  it("names the envelope endpoint and key, with or without a path prefix", () => {
    expect(parseDsn("https://abc123@o1.ingest.example.io/42")).toEqual({
      endpoint: "https://o1.ingest.example.io/api/42/envelope/",
      publicKey: "abc123",
      dsn: "https://abc123@o1.ingest.example.io/42",
    });
    // A secret part is dropped; a self-hosted service under a path keeps it.
    expect(parseDsn("http://key:secret@errors.local:9000/sentry/7")).toEqual({
      endpoint: "http://errors.local:9000/sentry/api/7/envelope/",
      publicKey: "key",
      dsn: "http://key@errors.local:9000/sentry/7",
    });
    for (const bad of ["not a dsn", "https://host.example/42", "ftp://k@host/1", "https://k@host/"])
      expect(parseDsn(bad), bad).toBeNull();
  });

  it("falls back to the log, saying so once, when it cannot be read", () => {
    expect(createErrorReporter("https://no-key.example/1", "1.0.0")).toBe(logReporter);
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        message:
          "ERROR_REPORTING_DSN is not a DSN (https://KEY@HOST/PROJECT): reporting to the log only",
      }),
    ]);
  });
});

describe("the service adapter", () => {
  it("posts a well-formed envelope to the DSN's endpoint, and still writes the log line", async () => {
    const service = await reportingService((response) => response.writeHead(200).end("{}"));
    try {
      const reporter = createErrorReporter(
        `http://publickey@127.0.0.1:${service.port}/errors/42`,
        "2.3.4",
      );
      await reporter.report(apiFailure(), {
        action: "Product search failed",
        path: "/stores/1/departments/4/products",
        departmentId: 4,
        query: "milk",
      });

      expect(lines.map((line) => line.message)).toEqual(["Product search failed"]);
      expect(service.received).toHaveLength(1);
      const [post] = service.received;
      expect(post!.method).toBe("POST");
      expect(post!.url).toBe("/errors/api/42/envelope/");
      expect(post!.headers["content-type"]).toBe("application/x-sentry-envelope");
      expect(post!.headers["x-sentry-auth"]).toBe(
        "Sentry sentry_version=7, sentry_key=publickey, sentry_client=order-express/2.3.4",
      );

      const [headerLine, itemLine, payloadLine, ...rest] = post!.body.split("\n");
      expect(rest).toEqual([]);
      const header = JSON.parse(headerLine!) as Record<string, unknown>;
      const item = JSON.parse(itemLine!) as Record<string, unknown>;
      const event = JSON.parse(payloadLine!) as {
        timestamp: unknown;
        exception: { values: { stacktrace: { frames: { filename: string; lineno: number }[] } }[] };
      };
      expect(header).toMatchObject({ dsn: `http://publickey@127.0.0.1:${service.port}/errors/42` });
      expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
      expect(new Date(String(header.sent_at)).getTime()).not.toBeNaN();
      expect(item).toEqual({
        type: "event",
        content_type: "application/json",
        length: Buffer.byteLength(payloadLine!),
      });
      expect(event).toMatchObject({
        event_id: header.event_id,
        platform: "node",
        level: "error",
        release: "order-express@2.3.4",
        transaction: "/stores/1/departments/4/products",
        message: { formatted: "Product search failed" },
        extra: { status: 500, apiPath: "/alerts?store_id=1", departmentId: 4, query: "milk" },
      });
      expect(typeof event.timestamp).toBe("number");
      const [exception] = event.exception.values;
      expect(exception).toMatchObject({ type: "ApiError", value: "Internal Server Error" });
      // Oldest call first: the last frame is where the error was made (this file).
      const frames = exception!.stacktrace.frames;
      expect(frames.at(-1)!.filename).toContain("error-reporting.test.ts");
      expect(frames.at(-1)!.lineno).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });

  it("gives up on a service that does not answer within its timeout, without throwing", async () => {
    const service = await reportingService(() => {
      // Never answers.
    });
    try {
      const reporter = createSentryReporter(parseDsn(`http://k@127.0.0.1:${service.port}/1`)!, {
        release: "1.0.0",
        timeoutMs: 200,
      });
      const started = Date.now();
      await expect(reporter.report(apiFailure(), { action: "Slow" })).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(service.received).toHaveLength(1);
      expect(lines).toEqual([
        expect.objectContaining({ level: "warn", message: "Could not send an error report" }),
      ]);
    } finally {
      await service.close();
    }
  });

  it("only warns when the service refuses a report or cannot be reached", async () => {
    const service = await reportingService((response) => response.writeHead(429).end());
    const target = parseDsn(`http://k@127.0.0.1:${service.port}/1`)!;
    const reporter = createSentryReporter(target, { release: "1.0.0", timeoutMs: 500 });
    try {
      await expect(reporter.report(apiFailure(), { action: "Refused" })).resolves.toBeUndefined();
    } finally {
      await service.close();
    }
    // The port is closed now: the connection is refused.
    await expect(reporter.report(apiFailure(), { action: "Gone" })).resolves.toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        message: "The error-reporting service refused a report",
        status: 429,
      }),
      expect.objectContaining({ level: "warn", message: "Could not send an error report" }),
    ]);
  });
});

describe("reportError", () => {
  it("returns at once while the service is still being written to", async () => {
    const service = await reportingService(() => {
      // Never answers: the page must not wait for it.
    });
    try {
      vi.resetModules();
      process.env.ERROR_REPORTING_DSN = `http://k@127.0.0.1:${service.port}/1`;
      const { reportError } = await import("~/.server/error-reporting");
      // Nothing to await: the call hands back nothing (no promise) though the service never
      // answers, and the log line is written before it returns.
      expect(reportError(apiFailure(), { action: "Background" })).toBeUndefined();
      expect(lines.map((line) => line.message)).toEqual(["Background"]);
      await vi.waitFor(() => expect(service.received).toHaveLength(1));
      // The service goes away mid-request: that ends as a warning, not an error thrown.
      await service.close();
      await vi.waitFor(() =>
        expect(lines.map((line) => line.message)).toContain("Could not send an error report"),
      );
    } finally {
      delete process.env.ERROR_REPORTING_DSN;
      vi.resetModules();
      await service.close();
    }
  });
});

/** A store without departments: the page shows, and only its alerts fail. */
const STORE = {
  id: 1,
  name: "Main Street",
  address: "1 Main Street",
  city: "Springfield",
  state: "NY",
  zip_code: "12345",
  phone: null,
  address_latitude: 42.1,
  address_longitude: -75.9,
  timezone: "America/New_York",
  customer_disclaimer: null,
  departments: { data: [] },
  pseudoDepartments: { data: [] },
};

describe("a failed alert fetch", () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("shows the page without alerts and is reported once", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const path = new URL(String(input)).pathname.replace("/api/1", "");
        calls.push(path);
        if ((init?.method ?? "GET") === "POST" && path === "/keys")
          return json({ data: { apikey: "key", uuid: "uuid-1" } }, 201);
        if (path === "/alerts") return json({ status: 500, message: "Server Error" }, 500);
        if (path === "/stores/1") return json({ data: STORE });
        return json({ status: 404, message: "Not found" }, 404);
      }),
    );
    const data = await departmentsLoader({
      request: new Request("http://localhost/stores/1/departments"),
      context: await testContext("/stores/1/departments"),
      params: { store: "1" },
    });
    expect(calls).toContain("/alerts");
    expect(data).toEqual({ alerts: [], links: [] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      message: "Could not load the store's alerts",
      status: 500,
      path: "/stores/1/departments",
      context: { storeId: 1 },
    });
  });
});
