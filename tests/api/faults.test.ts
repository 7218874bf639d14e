/**
 * The database going away, on whichever database this run uses: a request in flight gets the
 * spec's 503 and writes nothing, the process keeps serving, and the next request works.
 */
import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import SQLite from "better-sqlite3";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { openDatabase } from "../../api/db/connection";
import { startTestApi, type TestApi } from "../support/api";
import { usePostgres } from "../support/databases";

const WE_WILL_BE_RIGHT_BACK =
  "The API service is currently unavailable. Please try again in a few minutes.";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const waitFor = async (ready: () => Promise<boolean>, what: string) => {
  for (const started = Date.now(); !(await ready()); ) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Sends `request` and keeps it in flight while the database goes away, whichever the database:
 * on PostgreSQL another connection holds a row lock the request's write waits on, and the API's
 * backends are terminated while it waits; on SQLite another process holds the write lock for
 * longer than the API's busy timeout.
 */
async function inFlightWhileTheDatabaseGoesAway(
  departmentId: number,
  request: () => Promise<Response>,
): Promise<Response> {
  if (usePostgres) {
    const name = new URL(api.db.url).pathname.slice(1);
    const locker = new pg.Client({ connectionString: api.db.url });
    locker.on("error", () => {});
    await locker.connect();
    try {
      await locker.query("BEGIN");
      // A new order's department_id check takes a key-share lock on this row: it waits here.
      await locker.query("SELECT id FROM departments WHERE id = $1 FOR UPDATE", [departmentId]);
      const lockerPid = Number(
        (await locker.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid,
      );
      const answer = request();
      const waiting = async () =>
        (
          await locker.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = $1 AND pid <> $2 AND wait_event_type = 'Lock'`,
            [name, lockerPid],
          )
        ).rowCount! > 0;
      await waitFor(waiting, "the request to wait on the held row");
      await locker.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2`,
        [name, lockerPid],
      );
      return await answer;
    } finally {
      await locker.query("ROLLBACK").catch(() => {});
      await locker.end().catch(() => {});
    }
  }
  const other = new SQLite(api.db.url.slice("file:".length));
  other.pragma("busy_timeout = 0");
  other.exec("BEGIN IMMEDIATE");
  try {
    return await request();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
}

/**
 * The orders in the database, read over a connection of its own: the API's pool may still hold a
 * connection whose backend was just terminated and not yet noticed, and this count is the test's
 * reading, not a request the API serves.
 */
async function countOrders(): Promise<number> {
  if (usePostgres) {
    const reader = new pg.Client({ connectionString: api.db.url });
    reader.on("error", () => {});
    await reader.connect();
    try {
      return Number(
        (await reader.query<{ n: string }>("SELECT count(*) AS n FROM orders")).rows[0]!.n,
      );
    } finally {
      await reader.end().catch(() => {});
    }
  }
  const reader = new SQLite(api.db.url.slice("file:".length), { readonly: true });
  try {
    return Number((reader.prepare("SELECT count(*) AS n FROM orders").get() as { n: number }).n);
  } finally {
    reader.close();
  }
}

describe("the database going away mid-request", () => {
  it("answers the request in flight the spec's 503, and serves the next request", async () => {
    const departmentId = (
      await api.db.kysely.selectFrom("departments").select("id").executeTakeFirstOrThrow()
    ).id;
    const ordersBefore = await countOrders();
    const answer = await inFlightWhileTheDatabaseGoesAway(departmentId, () =>
      api.call("POST", "/orders", { body: { department_id: departmentId } }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("30");
    expect((await answer.json()).message).toBe(WE_WILL_BE_RIGHT_BACK);
    expect(await countOrders()).toBe(ordersBefore);

    const after = await api.call("POST", "/orders", { body: { department_id: departmentId } });
    expect(after.status).toBe(201);
  }, 30_000);
});

describe("a database that cannot be reached", () => {
  it("makes the API answer the spec's 503, with Retry-After", async () => {
    const db = openDatabase("postgres://postgres@127.0.0.1:9/none");
    const app = express().use(
      "/api/1",
      createApi({ db, config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET } }),
    );
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
  }, 150_000);
});
