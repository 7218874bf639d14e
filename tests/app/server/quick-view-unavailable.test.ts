/**
 * The quick view's read with the API away: 503 with the API's words, as a Response (opened
 * directly it is no 200) whose body the dialog shows as its failure. The API's answers are
 * replaced at fetch, so this runs over HTTP only (vitest.config.ts, `httpOnlyFiles`).
 */
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { loader } from "~/routes/stores.$store.departments.$department.products.$product_.quick-view";
import { quickViewHref } from "~/lib/quick-view";
import { shopperOf, testContext } from "../../support/storefront";

const UNAVAILABLE = "The API service is currently unavailable. Please try again in a few minutes.";

beforeAll(() => {
  // Nothing listens here: every call is answered by the stub below.
  process.env.API_URL = "http://127.0.0.1:9/api/1";
  process.env.SESSION_SECRET = "quick-view-unavailable-test-secret";
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("the API away: 503 with its words, as data the dialog shows", async () => {
  vi.stubGlobal(
    "fetch",
    async () =>
      new Response(
        JSON.stringify({ status: 503, code: "database_unavailable", message: UNAVAILABLE }),
        { status: 503, headers: { "content-type": "application/json" } },
      ),
  );
  const href = quickViewHref("/stores/1/departments/2/products/3");
  const request = new Request(`http://localhost${href}`);
  const context = await testContext(request);
  // A device with its key already: the read itself meets the outage, not the key's creation.
  (await shopperOf({ request, context })).session.set("apiKey", "a-device-key");
  const answer = await loader({
    request,
    context,
    params: { store: "1", department: "2", product: "3" },
  });
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ quickView: "failed", code: 503 });
});
