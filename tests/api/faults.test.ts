/**
 * The database going away, on whichever database this run uses: requests in flight get the
 * spec's 503, the process keeps serving, and the next request after the database is back works.
 */
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import SQLite from "better-sqlite3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { openDatabase } from "../../api/db/connection";
import { startTestApi, type TestApi } from "../support/api";
import { adminQuery, usePostgres } from "../support/databases";

const WE_WILL_BE_RIGHT_BACK =
  "The API service is currently unavailable. Please try again in a few minutes.";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Cuts the database off from the API mid-load: backends terminated, or the write lock held. */
async function cutTheDatabase(during: () => Promise<Response[]>) {
  if (usePostgres) {
    const name = new URL(api.db.url).pathname.slice(1);
    const load = during();
    await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
    );
    return load;
  }
  // Another process writing for longer than the API's busy timeout.
  const other = new SQLite(api.db.url.slice("file:".length));
  other.pragma("busy_timeout = 0");
  other.exec("BEGIN IMMEDIATE");
  try {
    return await during();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
}

describe("the database going away mid-request", () => {
  it("answers 503 or success, never 500, and serves the next request", async () => {
    const departmentId = (
      await api.db.kysely.selectFrom("departments").select("id").executeTakeFirstOrThrow()
    ).id;
    const answers = await cutTheDatabase(() =>
      Promise.all(
        // Few writes: on SQLite each waits out the busy timeout in turn.
        Array.from({ length: 6 }, (_, i) =>
          i % 3 === 0
            ? api.call("POST", "/orders", { body: { department_id: departmentId } })
            : api.call("GET", `/departments/${departmentId}?include=categories`),
        ),
      ),
    );
    for (const answer of answers) {
      expect([200, 201, 503]).toContain(answer.status);
      if (answer.status === 503) expect((await answer.json()).message).toBe(WE_WILL_BE_RIGHT_BACK);
    }
    // On SQLite the held lock makes every write wait out the busy timeout: at least one 503.
    if (!usePostgres) expect(answers.some((a) => a.status === 503)).toBe(true);
    const after = await api.call("POST", "/orders", { body: { department_id: departmentId } });
    expect(after.status).toBe(201);
  }, 30_000);
});

describe("a database that cannot be reached", () => {
  it("makes the API answer the spec's 503, with Retry-After", async () => {
    const db = openDatabase("postgres://postgres@127.0.0.1:9/none");
    const app = express().use("/api/1", createApi({ db, config: { brandSlug: "harvest-market" } }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/1/keys`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ uuid: "", device: { app_type: "website" } }),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect((await res.json()).message).toBe(WE_WILL_BE_RIGHT_BACK);
    } finally {
      server.close();
      await db.close();
    }
  });

  it("at start-up stops the server with the spec's start-up message and a non-zero exit", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: "postgres://postgres@127.0.0.1:9/none",
        PORT: "0",
        LOG_LEVEL: "error",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).not.toBe(0);
    expect(output).toContain(
      "There was a problem initializing the application. Please try again later.",
    );
  }, 60_000);
});
