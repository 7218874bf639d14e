/**
 * Spec §2: after every navigation the current path is stored as the return path (where
 * /sso-return sends the shopper back). With scripts a navigation is the router's data request for
 * the page, answered through entry.server.tsx's handleDataRequest: the page's path is kept, not
 * the data request's own; a redirect, a post or an address too long to keep is not a page shown.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { shopperOf, testContext } from "../../support/storefront";

const SITE = "http://localhost";

beforeAll(() => {
  process.env.API_URL = "http://api.test/api/1";
  process.env.SESSION_SECRET = "return-path-test-secret";
  process.env.LOG_LEVEL = "silent";
});

/** The return path after the router's request for `url`, answered with `status`. */
async function afterDataRequest(url: string, { status = 200, method = "GET" } = {}) {
  const context = await testContext();
  const request = new Request(`${SITE}${url}`, { method });
  const { session } = await shopperOf({ request, context });
  session.set("returnPath", "/before");
  await handleDataRequest(new Response("", { status }), { request, context, params: {} });
  return session.get("returnPath");
}

describe("the return path", () => {
  it("is the page the router's data request was for, with its query", async () => {
    expect(await afterDataRequest("/stores/1/departments/4.data")).toBe("/stores/1/departments/4");
    expect(
      await afterDataRequest(
        "/stores/1/departments/4/products.data?query=apple&_routes=routes%2Fx",
      ),
    ).toBe("/stores/1/departments/4/products?query=apple");
    expect(await afterDataRequest("/_root.data")).toBe("/");
  });

  it("after a quick view's read is the product page it looks at, never the read itself", async () => {
    expect(
      await afterDataRequest(
        "/stores/1/departments/4/products/7/quick-view.data?_routes=routes%2Fx",
      ),
    ).toBe("/stores/1/departments/4/products/7");
    // Only that read: a page of that name elsewhere is its own page.
    expect(await afterDataRequest("/stores/1/quick-view.data")).toBe("/stores/1/quick-view");
  });

  it("is left as it was after a redirect, a post, or an address too long to keep", async () => {
    expect(await afterDataRequest("/checkout.data", { status: 202 })).toBe("/before");
    expect(await afterDataRequest("/checkout.data", { method: "POST" })).toBe("/before");
    expect(await afterDataRequest(`/cart.data?q=${"a".repeat(600)}`)).toBe("/before");
  });
});
