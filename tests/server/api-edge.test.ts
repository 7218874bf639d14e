/**
 * The API's edge (/api/1): 429 after the limits for key creation and promotion attempts, keyed so
 * the storefront on loopback is not one client for every shopper, and promotion attempts counted
 * per shopper address whatever key makes them; 413 as JSON for a body over the cap, without
 * reading it; 405 for methods the API does not use.
 */
import {
  DEVELOPMENT_API_SECRET,
  SHOPPER_ADDRESS_HEADER,
  SHOPPER_ADDRESS_PURPOSE,
  SHOPPER_ADDRESS_SIGNATURE_HEADER,
  signatureOf,
} from "@core/contract/api-secret";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { apiEdge } from "../../server/edge";
import { securityHeaders } from "../../server/headers";
import { loadEdgeLimits } from "../../server/limits";
import { memoryStores } from "../../server/rate-limit-stores";
import { startTestApi, type TestApi } from "../support/api";
import * as orders from "../support/orders";
import { listen, rawRequest, type Running } from "./support";

let api: TestApi;
let edge: Running;

/** The API behind its edge with these limits, over the test API's database. */
function edgeWith(rates: Record<string, string>) {
  const app = express();
  app.use(securityHeaders({ development: false, imageOrigins: [] }));
  app.use(
    "/api/1",
    apiEdge({
      limits: loadEdgeLimits(rates),
      stores: memoryStores,
      apiSecret: DEVELOPMENT_API_SECRET,
    }),
    createApi({
      db: api.db,
      config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET },
    }),
  );
  return listen(app);
}

beforeAll(async () => {
  // The test API sets up orders on the database; the edge app serves the same database.
  api = await startTestApi();
  edge = await edgeWith({
    RATE_LIMIT_API_KEYS: "2/60",
    RATE_LIMIT_PROMOTION_PER_ORDER: "3/60",
    RATE_LIMIT_PROMOTION_PER_CLIENT: "5/60",
  });
});
afterAll(async () => {
  await edge.close();
  await api.close();
});

function call(
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
  on: Running = edge,
) {
  const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  return fetch(`${on.url}/api/1${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

const register = (forwardedFor?: string) =>
  call("POST", "/keys", {
    body: { device: { app_type: "website" } },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

async function expectTooMany(res: Response, message: RegExp) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body).toEqual({
    status: 429,
    code: "rate_limited",
    message: expect.stringMatching(message),
  });
}

describe("POST /keys", () => {
  it("answers 429 JSON after the limit for one shopper's address, not for the next shopper", async () => {
    expect((await register("203.0.113.7")).status).toBe(201);
    expect((await register("203.0.113.7")).status).toBe(201);
    await expectTooMany(
      await register("203.0.113.7"),
      /^Too many API keys were requested from this address\. Please try again in \d+ seconds\.$/,
    );
    // Another shopper the storefront forwards is a client of its own.
    expect((await register("198.51.100.4")).status).toBe(201);
  });

  it("does not count the storefront's own registrations on loopback as one client", async () => {
    for (let i = 0; i < 4; i++) expect((await register()).status).toBe(201);
  });
});

describe("POST /orders/{id}/promotion", () => {
  it("answers 429 after the attempts allowed on one order, and counts per client over its orders", async () => {
    const { order } = await orders.cartWithOneItem(api);
    const attempt = (id: number, key = api.key) =>
      call("POST", `/orders/${id}/promotion`, { key, body: { code: "GUESS" } });
    for (let i = 0; i < 3; i++) expect((await attempt(order.id)).status).toBe(400);
    await expectTooMany(
      await attempt(order.id),
      /^Too many promotion codes were tried on this order\./,
    );

    // A caller who does not own the order uses none of its attempts (404, not counted).
    const other = await api.newKey();
    const { order: second } = await orders.cartWithOneItem(api);
    for (let i = 0; i < 3; i++) expect((await attempt(second.id, other)).status).toBe(404);
    // The client has made 3 counted attempts: 2 more on its second order, then its own limit.
    expect((await attempt(second.id)).status).toBe(400);
    expect((await attempt(second.id)).status).toBe(400);
    await expectTooMany(await attempt(second.id), /^Too many promotion codes were tried\./);
    // Another client with its own order is not limited by this one.
    const product = await orders.plainProduct(api);
    const third = await orders.newOrder(api, product.department_id, other);
    expect((await attempt(third.id, other)).status).toBe(400);
  });
});

describe("promotion attempts per shopper address", () => {
  let limited: Running;
  beforeAll(async () => {
    limited = await edgeWith({ RATE_LIMIT_PROMOTION_PER_ADDRESS: "3/60" });
  });
  afterAll(() => limited.close());

  /** The storefront passing on a shopper's address, signed with the secret or not. */
  const from = (address: string, secret = DEVELOPMENT_API_SECRET) => ({
    [SHOPPER_ADDRESS_HEADER]: address,
    [SHOPPER_ADDRESS_SIGNATURE_HEADER]: signatureOf(secret, SHOPPER_ADDRESS_PURPOSE, address),
  });

  /** One guess on an order of a key made for it: a new key per guess. */
  async function guessWithNewKey(headers: Record<string, string>) {
    const key = await api.newKey();
    const product = await orders.plainProduct(api);
    const order = await orders.newOrder(api, product.department_id, key);
    return call(
      "POST",
      `/orders/${order.id}/promotion`,
      { key, body: { code: "GUESS" }, headers },
      limited,
    );
  }

  it("counts the storefront's signed address over every key, and no one can name another", async () => {
    for (let i = 0; i < 3; i++)
      expect((await guessWithNewKey(from("203.0.113.50"))).status).toBe(400);
    await expectTooMany(
      await guessWithNewKey(from("203.0.113.50")),
      /^Too many promotion codes were tried from this address\. Please try again in \d+ seconds\.$/,
    );
    // Another shopper behind the same storefront has attempts of their own.
    expect((await guessWithNewKey(from("203.0.113.51"))).status).toBe(400);
    // Addresses named without the secret's signature are not believed: all count as this caller's.
    for (let i = 0; i < 3; i++)
      expect((await guessWithNewKey(from(`198.51.100.${i}`, "guessed"))).status).toBe(400);
    await expectTooMany(
      await guessWithNewKey(from("198.51.100.9", "guessed")),
      /^Too many promotion codes were tried from this address\./,
    );
  });
});

describe("bodies and methods", () => {
  it("answers a declared 50 MB JSON body with 413 JSON before it is sent", async () => {
    const res = await rawRequest(
      edge.port,
      {
        method: "POST",
        path: "/api/1/keys",
        headers: { "content-type": "application/json", "content-length": 50 * 1024 * 1024 },
      },
      (function* () {
        for (let i = 0; i < 800; i++) yield Buffer.alloc(64 * 1024, " ");
      })(),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      status: 413,
      code: "payload_too_large",
      message: "The request body is larger than the 100 KB the API accepts.",
    });
    expect(res.bytesSent).toBeLessThan(5 * 1024 * 1024);
  });

  it("answers a chunked JSON body over 100 KB with the same 413 JSON", async () => {
    const res = await rawRequest(
      edge.port,
      {
        method: "POST",
        path: "/api/1/keys",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      },
      [Buffer.from(`{"uuid":"${"a".repeat(200 * 1024)}"}`)],
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(
      "The request body is larger than the 100 KB the API accepts.",
    );
  });

  it("answers TRACE and PATCH with 405 JSON and Allow", async () => {
    for (const method of ["TRACE", "PATCH"]) {
      const res = await rawRequest(edge.port, { method, path: "/api/1/stores" });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, DELETE, OPTIONS");
      expect(JSON.parse(res.body)).toEqual({
        status: 405,
        code: "method_not_allowed",
        message: "This address does not accept that kind of request.",
      });
    }
  });
});
