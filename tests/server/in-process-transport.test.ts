/**
 * The storefront's client over both transports (decision 045): over HTTP to the API behind its
 * edge, and handed to the same API in this process. What a caller notices must not differ: the
 * rate limits (per key and per signed shopper address), another shopper's order (404), an unknown
 * key (401), a refused body (422 and its fields), an idempotent placement, and answers that share
 * nothing with what the API keeps.
 */
import { DEVELOPMENT_API_SECRET, SHOPPER_ADDRESS_PURPOSE } from "@core/contract/api-secret";
import { CALLS } from "@core/contract/calls";
import type { InProcessApi } from "@core/contract/in-process";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiError,
  ApiNotFoundError,
  ApiUnauthenticatedError,
  ApiValidationError,
  buildQueryString,
  createApiClient,
  type HttpOptions,
} from "~/.server/api";
import { inProcessTransport, queryAsRead } from "~/.server/api/in-process";
import { signatureOf } from "@core/contract/api-secret";
import {
  SHOPPER_ADDRESS_HEADER,
  SHOPPER_ADDRESS_SIGNATURE_HEADER,
} from "@core/contract/api-secret";
import { createApi, inProcessApiOf } from "../../api/app";
import { inProcessApi } from "../../api/http/in-process";
import { apiEdge } from "../../server/edge";
import { loadEdgeLimits } from "../../server/limits";
import { memoryStores } from "../../server/rate-limit-stores";
import { startTestApi, type TestApi } from "../support/api";
import * as orders from "../support/orders";
import { listen, type Running } from "./support";

let api: TestApi;
let edge: Running;
let local: InProcessApi;

beforeAll(async () => {
  // The test API sets up orders; the API behind its edge serves the same database both ways.
  api = await startTestApi();
  const handlers = apiEdge({
    limits: loadEdgeLimits({
      RATE_LIMIT_ORDER_PLACEMENT: "8/60",
      RATE_LIMIT_PROMOTION_PER_ADDRESS: "2/60",
    }),
    stores: memoryStores,
    apiSecret: DEVELOPMENT_API_SECRET,
  });
  const router = createApi({
    db: api.db,
    config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET },
  });
  const app = express();
  app.use("/api/1", handlers, router);
  edge = await listen(app);
  local = inProcessApiOf(router, handlers);
});
afterAll(async () => {
  await edge?.close();
  await api?.close();
});

const TRANSPORTS = ["http", "in-process"] as const;
type Transport = (typeof TRANSPORTS)[number];

/** The shopper's address, signed as the storefront signs it (app/.server/api-use.ts). */
const shopperHeaders = (address: string) => ({
  [SHOPPER_ADDRESS_HEADER]: address,
  [SHOPPER_ADDRESS_SIGNATURE_HEADER]: signatureOf(
    DEVELOPMENT_API_SECRET,
    SHOPPER_ADDRESS_PURPOSE,
    address,
  ),
});

/** The storefront's client for `key` from `address`, over `transport`. */
function clientOf(transport: Transport, key: string, address = "198.51.100.7") {
  const baseUrl = `${edge.url}/api/1`;
  const headers = shopperHeaders(address);
  const http: HttpOptions =
    transport === "http"
      ? {
          baseUrl,
          fetch: (input, init) => {
            const sent = new Headers(init?.headers);
            for (const [name, value] of Object.entries(headers)) sent.set(name, value);
            return fetch(input, { ...init, headers: sent });
          },
        }
      : {
          baseUrl,
          fetch: () => Promise.reject(new Error("the in-process transport used fetch")),
          inProcess: inProcessTransport(local, { headers, checkAnswers: true }),
        };
  return createApiClient(http, {
    current: async () => key,
    renew: async () => key,
  });
}

/** What the call threw, for comparing refusals. */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const seen = (error: ApiError) => ({
  class: error.constructor.name,
  status: error.status,
  code: error.code,
  message: error.message,
  errors: error.errors,
});

describe.each(TRANSPORTS)("the client over %s", (transport) => {
  it("places an order once for one Idempotency-Key, answering the same placed order", async () => {
    const orderId = await orders.readyToPlace(api);
    const client = clientOf(transport, api.key);
    const place = () =>
      client.call(CALLS.placeOrder, {
        path: { id: orderId },
        headers: { "Idempotency-Key": `same-press-${transport}` },
      });
    const first = (await place()).data;
    const again = (await place()).data;
    expect(first.status).not.toBe("incomplete");
    expect(again.placed_at).toBe(first.placed_at);
    expect(again.number).toBe(first.number);
    // Another key for the same order is a second placement: refused.
    const other = await refusal(
      client.call(CALLS.placeOrder, {
        path: { id: orderId },
        headers: { "Idempotency-Key": `another-press-${transport}` },
      }),
    );
    expect(other.status).toBe(403);
    expect(other.code).toBe("duplicate_order");
  });

  it("answers 429 once a key has used up its placements (8 a minute here)", async () => {
    const key = await api.newKey();
    const client = clientOf(transport, key);
    const { id } = await orders.newOrder(api, (await orders.plainProduct(api)).department_id, key);
    const attempt = () => refusal(client.call(CALLS.placeOrder, { path: { id } }));
    // An empty order is refused, and each refusal counts as an attempt.
    for (let i = 0; i < 8; i += 1) expect((await attempt()).status).not.toBe(429);
    const limited = await attempt();
    expect(seen(limited)).toEqual({
      class: "ApiError",
      status: 429,
      code: "rate_limited",
      message: "Too Many Requests",
      errors: {},
    });
  });

  it("counts promotion codes per signed shopper address, whatever key tries them", async () => {
    const address = transport === "http" ? "203.0.113.10" : "203.0.113.11";
    const tryCode = async (address: string) => {
      const key = await api.newKey();
      const product = await orders.plainProduct(api);
      const { id } = await orders.newOrder(api, product.department_id, key);
      const error = await refusal(
        clientOf(transport, key, address).call(CALLS.applyPromotion, {
          path: { id },
          body: { code: "NO-SUCH-CODE" },
        }),
      );
      return error.status;
    };
    expect(await tryCode(address)).not.toBe(429);
    expect(await tryCode(address)).not.toBe(429);
    expect(await tryCode(address)).toBe(429);
    expect(await tryCode("192.0.2.44")).not.toBe(429);
  });

  it("does not show one shopper's order to another (404)", async () => {
    const { order } = await orders.cartWithOneItem(api);
    const stranger = clientOf(transport, await api.newKey());
    const read = await refusal(stranger.getFullOrder(order.id));
    expect(read).toBeInstanceOf(ApiNotFoundError);
    expect(read.status).toBe(404);
    const placed = await refusal(stranger.call(CALLS.placeOrder, { path: { id: order.id } }));
    expect(placed).toBeInstanceOf(ApiNotFoundError);
  });

  it("refuses an unknown key (401) and a bad body (422, per field) as the same errors", async () => {
    const unknown = await refusal(clientOf(transport, "no-such-key").getBrand());
    expect(unknown).toBeInstanceOf(ApiUnauthenticatedError);
    expect(seen(unknown)).toMatchObject({ status: 401, code: "unauthenticated" });
    const { order } = await orders.cartWithOneItem(api);
    const bad = await refusal(
      clientOf(transport, api.key).call(CALLS.updateOrder, {
        path: { id: order.id },
        body: { customer: { email: "not an address" } } as never,
      }),
    );
    expect(bad).toBeInstanceOf(ApiValidationError);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.errors ?? {}).length).toBeGreaterThan(0);
  });
});

describe("the two transports side by side", () => {
  it("give the same answers and the same refusals", async () => {
    const { order, product } = await orders.cartWithOneItem(api);
    const [overHttp, inProcess] = TRANSPORTS.map((t) => clientOf(t, api.key));
    expect(await inProcess!.getFullOrder(order.id)).toEqual(await overHttp!.getFullOrder(order.id));
    const query = { department_id: product.department_id, fragment: "turkey", limit: 5 };
    expect(await inProcess!.call(CALLS.products, { query })).toEqual(
      await overHttp!.call(CALLS.products, { query }),
    );
    const badQuery = { department_id: "x" as never };
    const refusals = await Promise.all(
      [overHttp!, inProcess!].map(async (client) =>
        seen(await refusal(client.call(CALLS.products, { query: badQuery }))),
      ),
    );
    expect(refusals[1]).toEqual(refusals[0]);
  });

  it("read the query as Express reads the URL", () => {
    const parse = express().get("query parser fn") as (text: string) => unknown;
    const query = {
      include: ["images", "facets.choices"],
      brands: ["Boar's Head", "a&b=c"],
      empty: [],
      page: 2,
      specials: true,
      fragment: "turkey breast+½",
      gone: undefined,
      none: null,
    };
    expect(queryAsRead(query)).toEqual(parse(buildQueryString(query)));
  });
});

describe("an in-process answer", () => {
  it("shares nothing with what the API keeps", async () => {
    const kept = { data: { id: 1, name: "Kept", when: new Date(0) } };
    const local = inProcessApi({
      calls: [{ call: CALLS.brand, handler: async () => kept as never }],
      before: [],
      requireKey: (_req, _res, next) => next(),
      errorAnswer: () => ({ status: 500, body: null }),
    });
    const request = { name: "brand", path: "/brand", params: {}, query: {}, headers: {} };
    const first = (await local.dispatch(request)).body as { data: { name: string } };
    first.data.name = "Changed by a page";
    const second = (await local.dispatch(request)).body;
    expect(second).toEqual({ data: { id: 1, name: "Kept", when: "1970-01-01T00:00:00.000Z" } });
    expect(kept.data.name).toBe("Kept");
  });
});
