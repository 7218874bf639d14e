/**
 * Pages with a shopper's order or details are never cached: a later user of a shared computer
 * cannot bring them back from the browser's or a proxy's cache.
 */
import type { HeadersFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import * as authRequest from "~/routes/auth-request";
import * as cart from "~/routes/cart";
import * as checkout from "~/routes/checkout";
import * as confirmation from "~/routes/confirmation";
import * as fulfillmentTime from "~/routes/fulfillment-time";

const headersOf = (route: { headers?: HeadersFunction }) => {
  if (!route.headers) return new Headers();
  const empty = new Headers();
  return new Headers(
    route.headers({
      loaderHeaders: empty,
      parentHeaders: empty,
      actionHeaders: empty,
      errorHeaders: undefined,
    }),
  );
};

describe("private pages", () => {
  it.each([
    ["/cart", cart],
    ["/fulfillment-time", fulfillmentTime],
    ["/checkout", checkout],
    ["/confirmation", confirmation],
    ["/auth-request", authRequest],
  ])("%s answers Cache-Control: no-store", (_path, route) => {
    expect(headersOf(route).get("cache-control")).toBe("no-store");
  });
});
