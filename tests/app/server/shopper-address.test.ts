/**
 * The storefront passes each shopper's own address on to the API with every call, signed with the
 * shared API_SECRET, so the API's per-address limits count shoppers and not the storefront itself
 * (server/rate-limits.ts believes the address only with that signature).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  isSignedBy,
  SHOPPER_ADDRESS_HEADER,
  SHOPPER_ADDRESS_PURPOSE,
  SHOPPER_ADDRESS_SIGNATURE_HEADER,
} from "@core/contract/api-secret";

const SECRET = "shopper-address-test-secret";

beforeAll(() => {
  process.env.API_URL = "http://api.test/api/1";
  process.env.API_SECRET = SECRET;
  process.env.SESSION_SECRET = "shopper-address-session-secret";
});
afterEach(() => vi.unstubAllGlobals());

/** The headers of one call through the request's transport. */
async function headersSent(context: { shopperAddress?: string }): Promise<Headers> {
  const { apiHttp } = await import("~/.server/api-use");
  const sent = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response("{}"));
  vi.stubGlobal("fetch", sent);
  await apiHttp({ calls: 0, ms: 0 }, context.shopperAddress).fetch!("http://api.test/api/1/brand", {
    headers: { accept: "x" },
  });
  return new Headers(sent.mock.calls[0]![1]?.headers);
}

describe("the shopper's address on API calls", () => {
  it("goes with every call, signed with API_SECRET", async () => {
    const headers = await headersSent({ shopperAddress: "203.0.113.9" });
    expect(headers.get(SHOPPER_ADDRESS_HEADER)).toBe("203.0.113.9");
    const signature = headers.get(SHOPPER_ADDRESS_SIGNATURE_HEADER) ?? "";
    expect(isSignedBy(SECRET, SHOPPER_ADDRESS_PURPOSE, "203.0.113.9", signature)).toBe(true);
    expect(headers.get("accept")).toBe("x");
  });

  it("is left out where the server gave none (tests, the bench's bare app)", async () => {
    const headers = await headersSent({});
    expect(headers.has(SHOPPER_ADDRESS_HEADER)).toBe(false);
    expect(headers.has(SHOPPER_ADDRESS_SIGNATURE_HEADER)).toBe(false);
  });
});
