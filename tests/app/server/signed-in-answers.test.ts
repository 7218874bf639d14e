/**
 * Whatever the storefront answers a signed-in shopper carries their name in the header (and their
 * club prices and stars): `Cache-Control: private, no-store`, the page and its data request alike,
 * unless the route said already; a guest's answers are not marked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { shopperOf, testContext } from "../../support/storefront";

beforeAll(() => {
  process.env.SESSION_SECRET = "signed-in-answers-secret";
  process.env.LOG_LEVEL = "silent";
});

const PRODUCT_PAGE = "http://localhost/stores/1/departments/2/products/3.data";

/** A data answer as handleDataRequest leaves it, for a shopper signed in or not. */
async function answered(signedIn: boolean, headers: Record<string, string> = {}) {
  const context = await testContext();
  const request = new Request(PRODUCT_PAGE);
  const { session } = await shopperOf({ request, context });
  session.set("apiKey", "key");
  if (signedIn)
    session.set("user", {
      id: 1,
      email: "pat@example.com",
      firstName: "Pat",
      lastName: "Shopper",
      phone: null,
      cardNumber: null,
    });
  const response = await handleDataRequest(new Response("{}", { headers }), {
    request,
    context,
    params: {},
  });
  return response.headers.get("cache-control");
}

describe("answers for a signed-in shopper", () => {
  it("are private, no-store", async () => {
    expect(await answered(true)).toBe("private, no-store");
  });

  it("keep what their route said, and a guest's stay unmarked", async () => {
    expect(await answered(true, { "Cache-Control": "no-store" })).toBe("no-store");
    expect(await answered(false)).toBeNull();
  });
});
