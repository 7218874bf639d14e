/**
 * The department listing's loaders and the alert dismissal, called directly against a fake API:
 * guards (unknown department 404, another store's 400, unknown category 404), redirects (empty
 * search), and failures that must not fail the page (search and category hiccups).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { processSharedAnswers } from "~/.server/api-use";
import { ensureCsrfToken } from "~/.server/csrf";
import { requireDepartment } from "~/.server/department";
import { LISTING_FAILED_MESSAGE } from "~/.server/listing";
import { PREFERENCES_COOKIE } from "~/.server/session";
import { action as dismissAlert } from "~/routes/alerts.$alert.dismiss";
import { loader as departmentLoader } from "~/routes/stores.$store.departments.$department";
import { loader as departmentHomeLoader } from "~/routes/stores.$store.departments.$department._index";
import {
  CATEGORY_FAILED_MESSAGE,
  loader as categoryLoader,
} from "~/routes/stores.$store.departments.$department.categories.$category";
import { loader as productsLoader } from "~/routes/stores.$store.departments.$department.products._index";
import { captureLogLines } from "../../support/log-lines";
import { departmentJson } from "./api-json";
import { committedCookies, shopperOf, testContext } from "../../support/storefront";

const API = "http://api.test/api/1";

beforeAll(() => {
  process.env.API_URL = API;
  process.env.SESSION_SECRET = "browse-test-secret";
  process.env.LOG_LEVEL = "silent";
});

const category = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  department_id: 4,
  parent_id: null,
  name,
  icon_image_url: null,
  image_url: `/media/${id}.svg`,
  featured: false,
  weight: id,
  ...extra,
});

const department = (id: number, storeId: number) => ({
  ...departmentJson(id, storeId),
  categories: {
    data: [
      category(20, "Pantry"),
      {
        ...category(10, "Produce", { featured: true }),
        children: { data: [category(11, "Fruit", { parent_id: 10 })] },
      },
    ],
  },
  pickup_locations: { data: [] },
});

const product = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  sku: `SKU-${id}`,
  name,
  brand: "Sunny Acres",
  hide_brand: false,
  description: "<p>Crisp &amp; sweet.</p><ul><li>Local</li></ul>",
  variation_description: null,
  image_url: `/media/products/${id}.svg`,
  builder_base_image_url: null,
  unit_of_measure: "pound",
  srp_amount: 299,
  sale_srp_amount: 249,
  on_sale: true,
  discount_amount: null,
  minimum_quantity: null,
  maximum_quantity: null,
  remaining_quantity: null,
  accepts_fractional_quantities: true,
  accepts_special_instructions: false,
  accepts_customer_photo: false,
  lead_time: 0,
  deliverable: true,
  serving_size: null,
  detail_style: "default",
  call_to_action: null,
  sticky: false,
  popularity: 1,
  favorite: false,
  nutrition: { calories: null, serving_size: null },
  ...extra,
});

interface FakeApi {
  productsStatus: number;
  categoryStatus: number;
  /** How the working order's read is answered (no test here has an order the API finds). */
  orderStatus: number;
  calls: string[];
}
let api: FakeApi;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  // Each test's fake API answers anew: nothing kept from another test's answers.
  processSharedAnswers().clear();
  api = { productsStatus: 200, categoryStatus: 200, orderStatus: 404, calls: [] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const path = url.pathname.replace("/api/1", "");
      const method = init?.method ?? "GET";
      api.calls.push(`${method} ${path}${decodeURIComponent(url.search)}`);
      if (method === "POST" && path === "/keys")
        return json({ data: { apikey: "key", uuid: "uuid-1" } }, 201);
      const departmentId = Number(/^\/departments\/(\d+)$/.exec(path)?.[1]);
      if (departmentId === 4) return json({ data: department(4, 1) });
      if (departmentId === 9) return json({ data: department(9, 2) });
      if (departmentId) return json({ status: 404, message: "Not found" }, 404);
      if (path === "/products") {
        if (api.productsStatus !== 200)
          return json({ status: api.productsStatus, message: "Server Error" }, api.productsStatus);
        return json({
          data: [product(1, "Honeycrisp Apples", { discount_amount: 40 })],
          meta: { count: 1, total: 1, page: 1, per_page: 50, brands: ["Sunny Acres"] },
        });
      }
      const categoryId = Number(/^\/categories\/(\d+)$/.exec(path)?.[1]);
      if (categoryId) {
        if (api.categoryStatus !== 200)
          return json({ status: api.categoryStatus, message: "Oops" }, api.categoryStatus);
        if (categoryId === 11)
          return json({
            data: { ...category(11, "Fruit", { parent_id: 10 }), children: { data: [] } },
          });
        if (categoryId === 77)
          return json({ data: { ...category(77, "Elsewhere"), department_id: 9 } });
        return json({ status: 404, message: "Not found" }, 404);
      }
      if (path === "/alerts")
        return json({
          data: [
            {
              id: 3,
              type: "message",
              name: "Hello",
              message: "Hi",
              image_url: null,
              alt_text: null,
            },
          ],
          meta: { count: 1 },
        });
      if (path === "/catalogs") return json({ data: [], meta: { count: 0 } });
      if (/^\/orders\/\d+$/.test(path))
        return json({ status: api.orderStatus, message: "Not now" }, api.orderStatus);
      return json({ status: 404, message: "Not found" }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const args = async (path: string, params: Record<string, string>, init?: RequestInit) => {
  const request = new Request(`http://localhost${path}`, init);
  return { request, context: await testContext(request), params };
};

/** What a loader threw: a route error `{ code, message }` with its status, or a Response. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get("location") };
    const value = error as { data?: { code: number; message: string }; init?: { status?: number } };
    return { status: value.init?.status, ...value.data };
  }
  throw new Error("expected the loader to throw");
}

describe("the department layout", () => {
  it("answers the URL's department", async () => {
    const data = await departmentLoader(
      await args("/stores/1/departments/4", { store: "1", department: "4" }),
    );
    expect(data.department).toMatchObject({ id: 4, store_id: 1, name: "Grocery" });
    // Every page under the department carries this in its HTML: only what the pages show.
    expect(Object.keys(data.department).sort()).toEqual(
      ["description", "id", "list_style", "name", "store_id"].sort(),
    );
    // Children survive the client's parse (include=categories.children).
    const department = await requireDepartment(
      await args("/stores/1/departments/4", { store: "1", department: "4" }),
    );
    expect(department.categories?.data[1]?.children?.data[0]?.name).toBe("Fruit");
  });

  it("is the 404 page for an unknown or malformed department", async () => {
    for (const id of ["404", "abc", "0"]) {
      expect(
        await thrown(
          departmentLoader(
            await args(`/stores/1/departments/${id}`, { store: "1", department: id }),
          ),
        ),
      ).toMatchObject({
        status: 404,
        message:
          "An unknown department was requested in the URL. The request could not be completed.",
      });
    }
  });

  it("is the 400 page for another store's department", async () => {
    expect(
      await thrown(
        departmentLoader(await args("/stores/1/departments/9", { store: "1", department: "9" })),
      ),
    ).toMatchObject({
      status: 400,
      message:
        "An invalid department / store combo was provided in the URL. The request could not be completed.",
    });
  });
});

describe("the department layout and the working order of another department (spec §4)", () => {
  /** The layout's loader for a shopper whose session holds the order 5. */
  async function withOrder() {
    const request = await args("/stores/1/departments/4", { store: "1", department: "4" });
    const state = await shopperOf(request);
    state.session.set("orderId", 5);
    return { request, state };
  }

  it("forgets an order the API says is gone, and answers the page", async () => {
    const { request, state } = await withOrder();
    const data = await departmentLoader(request);
    expect(data.department).toMatchObject({ id: 4 });
    expect(api.calls.some((call) => call.startsWith("GET /orders/5"))).toBe(true);
    expect(state.session.get("orderId")).toBeUndefined();
  });

  it("keeps the order and answers the page when it cannot be read; the warning says so", async () => {
    api.orderStatus = 500;
    const { lines, restore } = captureLogLines();
    process.env.LOG_LEVEL = "error";
    try {
      const { request, state } = await withOrder();
      const data = await departmentLoader(request);
      expect(data.department).toMatchObject({ id: 4 });
      expect(state.session.get("orderId")).toBe(5);
      const warning = lines.find(
        (entry) => entry.message === "Could not check the working order's department",
      );
      expect(warning).toMatchObject({ level: "warn", departmentId: 4 });
    } finally {
      process.env.LOG_LEVEL = "silent";
      restore();
    }
  });
});

describe("the department home", () => {
  it("lists categories featured first, and the store's unseen alerts", async () => {
    const data = await departmentHomeLoader(
      await args("/stores/1/departments/4", { store: "1", department: "4" }),
    );
    expect(data.categories.map((c) => c.name)).toEqual(["Produce", "Pantry"]);
    expect(data.categories[0]?.href).toBe("/stores/1/departments/4/categories/10");
    expect(data.alerts.map((a) => a.id)).toEqual([3]);
    expect(data.listing).toBeNull();
  });

  it("sends a search to the products listing and an empty one to the plain path", async () => {
    expect(
      await thrown(
        departmentHomeLoader(
          await args("/stores/1/departments/4?query=milk&sort=price", {
            store: "1",
            department: "4",
          }),
        ),
      ),
    ).toMatchObject({
      status: 302,
      location: "/stores/1/departments/4/products?query=milk&sort=price",
    });
    expect(
      await thrown(
        departmentHomeLoader(
          await args("/stores/1/departments/4?query=+", { store: "1", department: "4" }),
        ),
      ),
    ).toMatchObject({
      status: 302,
      location: "/stores/1/departments/4",
    });
  });
});

describe("the products listing", () => {
  const at = (search: string) =>
    args(`/stores/1/departments/4/products${search}`, { store: "1", department: "4" });

  it("searches, filters and sorts through the API and builds the cards", async () => {
    const data = await productsLoader(
      await at("?query=apple&brands=Sunny+Acres&specials=1&favorites=1&sort=price&page=2"),
    );
    expect(api.calls).toContain(
      "GET /products?department_id=4&fragment=apple&brands[]=Sunny Acres&specials=1&sort=price&limit=50&page=2",
    );
    expect(data.listing.result?.products[0]).toEqual({
      id: 1,
      name: "Honeycrisp Apples",
      brand: "Sunny Acres",
      imageUrl: "/media/products/1.svg",
      unit: "pound",
      price: 249,
      regularPrice: 299,
      // A guest: no club price, whatever the product's club discount.
      club: null,
      sticky: false,
      favorite: false,
      excerpt: "Crisp & sweet. · Local",
      href: "/stores/1/departments/4/products/1",
    });
    // Guests cannot filter by favorites: the parameter is not passed on.
    expect(data.listing.favoritesAllowed).toBe(false);
  });

  it("shows the department with a notice when the search fails", async () => {
    api.productsStatus = 500;
    const data = await productsLoader(await at("?query=apple"));
    expect(data.listing).toEqual({
      result: null,
      error: LISTING_FAILED_MESSAGE,
      favoritesAllowed: false,
    });
    api.productsStatus = 502;
    expect((await productsLoader(await at(""))).listing.error).toBe(LISTING_FAILED_MESSAGE);
  });

  it("returns an empty search to the department path", async () => {
    expect(await thrown(productsLoader(await at("?query=%20%20")))).toMatchObject({
      status: 302,
      location: "/stores/1/departments/4",
    });
  });
});

describe("a category", () => {
  const at = (id: string, search = "") =>
    args(`/stores/1/departments/4/categories/${id}${search}`, {
      store: "1",
      department: "4",
      category: id,
    });

  it("lists its products and names its parent", async () => {
    const data = await categoryLoader(await at("11"));
    expect(data.category).toEqual({ id: 11, name: "Fruit" });
    expect(data.parentName).toBe("Produce");
    expect(
      api.calls.some((c) => c.startsWith("GET /products?department_id=4&category_id=11")),
    ).toBe(true);
  });

  it("is read once and kept: a second view asks the API for its products only", async () => {
    await categoryLoader(await at("11"));
    api.calls = [];
    const again = await categoryLoader(await at("11"));
    expect(again.category).toEqual({ id: 11, name: "Fruit" });
    expect(api.calls.filter((c) => c.startsWith("GET /categories/"))).toEqual([]);
    expect(api.calls.filter((c) => c.startsWith("GET /products?"))).toHaveLength(1);
  });

  it("asks only for what the page shows: the category and its sub-categories", async () => {
    await categoryLoader(await at("11"));
    expect(api.calls.filter((c) => c.startsWith("GET /categories/"))).toEqual([
      "GET /categories/11?include=children",
    ]);
  });

  it("is the 404 page when unknown, malformed or another department's", async () => {
    for (const id of ["404", "x", "77"]) {
      expect(await thrown(categoryLoader(await at(id)))).toMatchObject({ status: 404 });
    }
  });

  it("shows the department with a notice when it cannot be loaded", async () => {
    api.categoryStatus = 500;
    const data = await categoryLoader(await at("11"));
    expect(data).toMatchObject({ category: null, failure: CATEGORY_FAILED_MESSAGE, listing: null });
  });
});

describe("dismissing an alert", () => {
  async function post(body: Record<string, string>, withToken = true) {
    const setup = await args("/alerts/3/dismiss", { alert: "3" });
    const state = await shopperOf(setup);
    const token = ensureCsrfToken(state.session);
    const form = new URLSearchParams(body);
    if (withToken) form.set("csrf", token);
    const request = new Request("http://localhost/alerts/3/dismiss", {
      method: "POST",
      body: form,
      // Browsers send Origin with every form post.
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    // Same context: the same shopper state as the token above.
    const call = { ...setup, request };
    return { result: dismissAlert(call), state, context: setup.context };
  }

  it("records the alert as seen and goes back to a page of this site", async () => {
    const { result, state, context } = await post({ redirectTo: "/stores/1/departments?x=1" });
    const response = (await result) as unknown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/stores/1/departments?x=1");
    const committed = await committedCookies(context, { status: 303, redirected: true });
    expect(committed.join("\n")).toContain(`${PREFERENCES_COOKIE}=`);
    expect(state.preferences.seenAlerts).toEqual([3]);
  });

  it("also records the ids closed before it on the page (a lost answer cannot drop them)", async () => {
    const form = { seen: "1" };
    const { result, state } = await post(form);
    await result;
    expect(state.preferences.seenAlerts).toEqual([1, 3]);
  });

  it("never redirects to another site, nor fails on a target it cannot send", async () => {
    for (const target of [
      "//evil.test/",
      "https://evil.test/",
      "/\\evil.test",
      "/\t/evil.test",
      "/caf\u00e9",
      "/\u65e5\u672c",
      "/a\u2028b",
      "/x\r\nSet-Cookie: a=b",
      "",
    ]) {
      const { result, state } = await post({ redirectTo: target });
      expect(await result).toMatchObject({ data: { dismissed: 3 } });
      expect(state.preferences.seenAlerts).toEqual([3]);
    }
  });

  it("refuses a post without the CSRF token", async () => {
    const { result, state } = await post({}, false);
    expect(await thrown(result)).toMatchObject({ status: 403 });
    expect(state.preferences.seenAlerts).toEqual([]);
  });
});
