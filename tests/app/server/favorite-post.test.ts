/**
 * The favorite star's post (app/routes/favorites.$product.tsx) against a real API, as a signed-in
 * shopper's browser sends it: the storefront reads the flag (GET) and toggles it (PUT, spec §7)
 * only when it is not yet as posted, so a double post or a second tab's star changes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAVORITE_FIELD, FAVORITE_INTENT } from "~/lib/favorites";
import { action } from "~/routes/favorites.$product";
import type { TestApi } from "../../support/api";
import { plainProducts, type PlainProduct } from "../../support/orders";
import {
  postForm,
  shopperSession,
  startStorefrontApi,
  testContext,
} from "../../support/storefront";
import { signedInKey } from "../../support/users";

let api: TestApi;
let product: PlainProduct;

beforeAll(async () => {
  api = await startStorefrontApi("favorite-post-test-secret");
  product = (await plainProducts(api))[0]!;
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The star posted by `who` wanting `favorite`; answers the flag and the API calls it made. */
async function star(who: Awaited<ReturnType<typeof signedInKey>>, favorite: boolean) {
  const path = `/favorites/${product.id}`;
  const context = await testContext();
  const session = await shopperSession(path, context, who);
  const calls: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith("/favorite"))
      calls.push(`${init?.method ?? "GET"} ${init?.body ? "with a body" : "without a body"}`);
    return realFetch(input, init);
  });
  const answer = await postForm(action, {
    path,
    context,
    session,
    params: { product: String(product.id) },
    fields: { intent: FAVORITE_INTENT, [FAVORITE_FIELD]: favorite ? "1" : "0" },
  });
  vi.restoreAllMocks();
  return { favorite: (answer.body as { favorite: boolean | null }).favorite, calls };
}

describe("the favorite star's post", () => {
  it("reads the flag, then toggles it with PUT; a second post for the same state only reads", async () => {
    const who = await signedInKey(api);
    expect(await star(who, true)).toEqual({
      favorite: true,
      calls: ["GET without a body", "PUT without a body"],
    });
    expect(await star(who, true)).toEqual({ favorite: true, calls: ["GET without a body"] });
    expect(await star(who, false)).toEqual({
      favorite: false,
      calls: ["GET without a body", "PUT without a body"],
    });
    const { data } = await (
      await api.call("GET", `/products/${product.id}/favorite`, { key: who.key })
    ).json();
    expect(data.favorite).toBe(false);
  });
});
