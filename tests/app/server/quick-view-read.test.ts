/**
 * The product page's loader and the quick view's read (its own resource route) against a real API
 * on a test database: each answers its own data, never the other's. The page gets the whole
 * product and its form; the dialog gets only what its Add to Cart posts; a product gone since the
 * listing loaded is the page's 404 view (thrown) but the dialog's 'Product Error' as data.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as pageLoader } from "~/routes/stores.$store.departments.$department.products.$product";
import { loader as quickViewLoader } from "~/routes/stores.$store.departments.$department.products.$product_.quick-view";
import { quickViewHref } from "~/lib/quick-view";
import { startTestApi, type TestApi } from "../../support/api";
import { plainProduct } from "../../support/orders";
import { shopperOf, testContext } from "../../support/storefront";

const SITE = "http://localhost";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "quick-view-read-test-secret";
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** A loader's answer, returned or thrown: its status and body (Remix's data() unwrapped). */
async function read(loader: Loader, path: string, params: Record<string, string>) {
  const request = new Request(`${SITE}${path}`);
  const context = await testContext(request);
  const { session } = await shopperOf({ request, context });
  session.set("apiKey", api.key);
  let value: unknown;
  let thrown = false;
  try {
    value = await loader({ request, context, params });
  } catch (error) {
    value = error;
    thrown = true;
  }
  // A Response goes out as it is, also when the read is opened directly (not by a fetcher).
  if (value instanceof Response) return { thrown, status: value.status, body: await value.json() };
  const wrapped = value as { type?: unknown; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { thrown, status: wrapped.init?.status ?? 200, body: wrapped.data };
  return { thrown, status: 200, body: value };
}

async function productAt(productId: number, departmentId: number) {
  const department = await api.db.kysely
    .selectFrom("departments")
    .select("store_id")
    .where("id", "=", departmentId)
    .executeTakeFirstOrThrow();
  const page = `/stores/${department.store_id}/departments/${departmentId}/products/${productId}`;
  const params = {
    store: String(department.store_id),
    department: String(departmentId),
    product: String(productId),
  };
  return { page, params };
}

describe("the product page and its quick view read", () => {
  it("answer each its own data: the page the whole product, the dialog what Add to Cart posts", async () => {
    const product = await plainProduct(api, 0);
    const { page, params } = await productAt(product.id, product.department_id);

    const pageAnswer = await read(pageLoader, page, params);
    expect(pageAnswer).toMatchObject({ thrown: false, status: 200 });
    const pageData = pageAnswer.body as {
      productHref: string;
      product: { id: number; name: string };
      initial: { quantity: string; preferences: unknown[] };
    };
    expect(pageData.productHref).toBe(page);
    expect(pageData.product).toMatchObject({ id: product.id });
    expect(pageData).not.toHaveProperty("needsNoChoices");

    const quick = await read(quickViewLoader, quickViewHref(page), params);
    expect(quick).toMatchObject({ thrown: false, status: 200 });
    // Only what the dialog's reduced form posts: not the page's product, nutrition or suggestions.
    expect(quick.body).toEqual({
      productHref: page,
      needsNoChoices: true,
      quantity: pageData.initial.quantity,
      preferences: pageData.initial.preferences,
    });
  });

  it("a product gone: the page's 404 view is thrown, the dialog's 'Product Error' is data", async () => {
    const product = await plainProduct(api, 0);
    const { page, params } = await productAt(987654, product.department_id);
    const gone = { ...params, product: "987654" };

    // The page's loader, even asked with the old quick view query, answers only the page.
    for (const path of [page, `${page}?quick`]) {
      const pageAnswer = await read(pageLoader, path, gone);
      expect(pageAnswer).toMatchObject({
        thrown: true,
        status: 404,
        body: { name: "ProductNotFound" },
      });
    }

    const quick = await read(quickViewLoader, quickViewHref(page), gone);
    expect(quick).toMatchObject({
      thrown: false,
      status: 404,
      body: {
        quickView: "not-found",
        department: { href: page.replace(/\/products\/\d+$/, "") },
      },
    });
  });

  it("answers its status as a Response, so opened directly it is not a 200", async () => {
    const product = await plainProduct(api, 0);
    const { page, params } = await productAt(product.id, product.department_id);
    const found = await quickViewLoader({
      request: new Request(`${SITE}${quickViewHref(page)}`),
      context: await testContext(quickViewHref(page)),
      params,
    });
    expect(found).toBeInstanceOf(Response);

    const gone = await quickViewLoader({
      request: new Request(`${SITE}${quickViewHref(page)}`),
      context: await testContext(quickViewHref(page)),
      params: { ...params, product: "987654" },
    });
    expect(gone).toBeInstanceOf(Response);
    expect((gone as Response).status).toBe(404);
  });
});
