/**
 * Spec §7 calls a shopper can see, with and without JavaScript: the department home shows the
 * featured product (`GET departments/{id}` with `featured_product`) and its link leads to it; the
 * cart prices the order again on each view (`PUT orders/{id}/refresh`) and says which price
 * changed; the recommendations dialog sends its analytics events only once shown (never from the
 * cart's GET), and an add from it sends exactly one add-to-cart event. Events and prices are read
 * from and written to the e2e database itself, not through the storefront.
 */
import Database from "better-sqlite3";
import type { APIRequestContext, Page, Route } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { demoDepartment, ownProduct } from "./support/api";
import { sessionOf } from "./support/session";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

// The server's database for this run (playwright.config.ts: one file per E2E_PORT).
const E2E_DB = `data/e2e/e2e-${Number(process.env.E2E_PORT || 3123)}.sqlite`;

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function eventsOf(collectionId: string) {
  return withDatabase((db) =>
    db
      .prepare(
        "SELECT event, product_id FROM recommendation_events WHERE collection_id = ? ORDER BY id",
      )
      .all(collectionId),
  ) as { event: string; product_id: number }[];
}

const countOf = (collectionId: string, event: string) =>
  eventsOf(collectionId).filter((e) => e.event === event).length;

interface Grocery {
  storeId: number;
  departmentId: number;
  headers: Record<string, string>;
}

async function grocery(request: APIRequestContext): Promise<Grocery> {
  const { storeId, departmentId, headers } = await demoDepartment(request, "Grocery");
  return { storeId, departmentId, headers };
}

/**
 * A Grocery product of this test's own (a copy of a plain one: no facets, no stock limit, no lead
 * time), so that no other spec ever sees its price change.
 */
function ownPlainProduct(where: Grocery) {
  const name = `Refresh Jam ${test.info().testId.slice(0, 8)} ${test.info().project.name}`;
  const { id } = ownProduct(where.storeId, where.departmentId, {
    remaining: null,
    leadTime: 0,
    name,
  });
  return { id, name };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("the department home shows its featured product, and its link leads to the product page", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const where = await grocery(request);
  const answer = await request.get(
    `/api/1/departments/${where.departmentId}?include=featured_product`,
    {
      headers: where.headers,
    },
  );
  const featured = (
    (await answer.json()) as {
      data: { featured_product: { data: { id: number; name: string } | null } };
    }
  ).data.featured_product.data;
  if (!featured) throw new Error("the demo Grocery department has no featured product");

  await page.setViewportSize({ width: 320, height: 800 });
  await visit(page, `/stores/${where.storeId}/departments/${where.departmentId}`);
  await closeStoreAlerts(page);
  const section = page.getByRole("region", { name: "Featured product" });
  await expect(section).toBeVisible();
  const link = section.getByRole("link", { name: featured.name });
  await expect(link).toHaveAttribute(
    "href",
    `/stores/${where.storeId}/departments/${where.departmentId}/products/${featured.id}`,
  );
  // Reflow at 320 px: the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectNoAxeViolations(page);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/products/${featured.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(featured.name);
});

/** Holds the page's posts to /cart until released (with JavaScript, the dialog's view post). */
async function holdCartPosts(page: Page) {
  const held: Route[] = [];
  const matcher = (url: URL) => url.pathname.startsWith("/cart");
  await page.route(matcher, (route) => {
    if (route.request().method() === "POST") held.push(route);
    else void route.fallback();
  });
  return async () => {
    await page.unroute(matcher);
    for (const route of held) await route.fallback();
  };
}

test("the cart sends no analytics from its GET, counts the dialog's views once and one add-to-cart, and shows a price change", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const where = await grocery(request);
  const product = ownPlainProduct(where);

  await visit(
    page,
    `/stores/${where.storeId}/departments/${where.departmentId}/products/${product.id}`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toContainText(product.name);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await expect(cartLink).toHaveAccessibleName(/1 item/);

  // --- The first view of the cart: the dialog opens, the GET sends nothing -----------------------
  const release = jsEnabled() ? await holdCartPosts(page) : null;
  await cartLink.click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "You May Also Like" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  const { apiKey, orderId } = await sessionOf(context);
  if (!apiKey || !orderId) throw new Error("the session has no order");
  const shopper = { authorization: `Bearer ${apiKey}` };
  const offered = await request.get(`/api/1/orders/${orderId}/product-recommendations`, {
    headers: shopper,
  });
  const { collection_id: collectionId, products } = (
    (await offered.json()) as {
      data: { collection_id: string; products: { id: number }[] };
    }
  ).data;
  expect(products.length).toBeGreaterThan(0);
  await expect(dialog.getByRole("listitem")).toHaveCount(products.length);
  expect(eventsOf(collectionId)).toEqual([]);

  if (release) {
    // With JavaScript the open dialog reports itself: one view per product shown.
    await release();
    await expect.poll(() => countOf(collectionId, "view")).toBe(products.length);
  }

  // --- Add to Cart from the dialog ---------------------------------------------------------------
  const addable = dialog
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: "Add to Cart" }) })
    .first();
  const addedName = (await addable.getByRole("link").textContent())?.trim() ?? "";
  expect(addedName).not.toBe("");
  await addable.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Item Added")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: addedName })).toBeVisible();
  await expect(cartLink).toHaveAccessibleName(/2 items/);

  const events = eventsOf(collectionId);
  // The views once each (without JavaScript, sent with the add), and exactly one add-to-cart.
  expect(
    events
      .filter((e) => e.event === "view")
      .map((e) => e.product_id)
      .sort(),
  ).toEqual(products.map((p) => p.id).sort());
  const adds = events.filter((e) => e.event === "add-to-cart");
  expect(adds).toHaveLength(1);
  const order = await request.get(`/api/1/orders/${orderId}?include=items.product`, {
    headers: shopper,
  });
  const items = (
    (await order.json()) as {
      data: {
        items: {
          data: { product_id: number; add_source: string; product: { data: { name: string } } }[];
        };
      };
    }
  ).data.items.data;
  const added = items.find((item) => item.product.data.name === addedName);
  expect(added?.add_source).toBe("recommendation");
  expect(adds[0]?.product_id).toBe(added?.product_id);

  // --- A price change between two views of the cart ----------------------------------------------
  const before = withDatabase(
    (db) =>
      db
        .prepare(
          "SELECT srp_amount, sale_srp_amount, on_sale FROM department_products WHERE department_id = ? AND product_id = ?",
        )
        .get(where.departmentId, product.id) as {
        srp_amount: number;
        sale_srp_amount: number | null;
        on_sale: number;
      },
  );
  const was =
    before.on_sale && (before.sale_srp_amount ?? 0) > 0
      ? before.sale_srp_amount!
      : before.srp_amount;
  const now = was + 125;
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: product.name }) });
  await expect(row).toContainText(`@ ${money(was)}`);
  withDatabase((db) =>
    db
      .prepare(
        "UPDATE department_products SET srp_amount = ?, on_sale = 0 WHERE department_id = ? AND product_id = ?",
      )
      .run(now, where.departmentId, product.id),
  );
  await visit(page, "/cart");
  const notice = page.getByRole("status", {
    name: "Some prices have changed since these items were added",
  });
  await expect(notice).toContainText(`${product.name}: now ${money(now)} (was ${money(was)})`);
  await expect(row).toContainText(`@ ${money(now)}`);
  await expectNoAxeViolations(page);
  // The refresh is idempotent: the next view has nothing new to say.
  await visit(page, "/cart");
  await expect(row).toContainText(`@ ${money(now)}`);
  await expect(notice).toHaveCount(0);
});
