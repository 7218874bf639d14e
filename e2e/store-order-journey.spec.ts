/**
 * The store's side of an order as its shopper sees it (issue 30), with and without JavaScript: a
 * shopper orders a pound of turkey (sold by weight) and a cake and pays online on the sandbox
 * gateway's page; an associate of the store picks it on the store's pages (the turkey weighed at
 * 1.08 lb, the cake substituted), marks it ready and hands it over; the shopper's confirmation
 * and past orders then show the status history, the final amount and each item's change; the
 * sandbox mailbox holds the 'ready' email; the gateway's ledger shows one capture of the final
 * amount and nothing left held. The cart and the store's department are made through the API and
 * the database: the walk is the point from payment on. Axe on every page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { formatMoney } from "../core/rules/money";
import { columnsBut, demoDepartment, e2eDatabase, newApiKey, ownDepartment } from "./support/api";
import { APPROVES, authorizeOnProvider } from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { chooseTimeThroughApi, startAs, writeStarted } from "./support/start";
import { asAssociate } from "./support/store";
import { expect, expectNoAxeViolations, test, visit, waitForHydration } from "./support/test";

// The server with the order-system integration: online payment, past orders, the mailbox.
test.use({ baseURL: FIXED_STORE_URL });

const TURKEY = "Bone-In Turkey Breast";
const CAKE = "Chocolate Mousse Cake";
const SUBSTITUTE = "Strawberry Shortcake";

/**
 * A department of the spec's own (a copy of the Bakery, which takes payment online) selling the
 * Meat department's turkey by the pound and two of the Bakery's cakes, the two in one category so
 * that one is the other's best match. Answers the products' ids.
 */
async function turkeyAndCakeDepartment(request: APIRequestContext) {
  const bakery = await demoDepartment(request, "Bakery");
  const meat = await demoDepartment(request, "Meat & Seafood");
  const departmentId = ownDepartment(
    bakery.departmentId,
    `Store Journey ${Date.now().toString(36)}`,
    "fixed-store",
  );
  const db = e2eDatabase("fixed-store");
  try {
    const copied = columnsBut(db, "department_products", [
      "id",
      "department_id",
      "remaining_quantity",
    ]);
    const sell = (from: number, name: string): number => {
      const { id } = db
        .prepare(
          `SELECT p.id FROM products p JOIN department_products dp ON dp.product_id = p.id
           WHERE dp.department_id = ? AND p.name = ?`,
        )
        .get(from, name) as { id: number };
      db.prepare(
        `INSERT INTO department_products (${copied}, department_id, remaining_quantity)
         SELECT ${copied}, ?, NULL FROM department_products WHERE department_id = ? AND product_id = ?`,
      ).run(departmentId, from, id);
      return id;
    };
    const turkey = sell(meat.departmentId, TURKEY);
    const cake = sell(bakery.departmentId, CAKE);
    const substitute = sell(bakery.departmentId, SUBSTITUTE);
    const category = Number(
      db
        .prepare(
          `INSERT INTO categories (department_id, parent_id, name, featured, weight)
           VALUES (?, NULL, 'Cakes', 0, 0)`,
        )
        .run(departmentId).lastInsertRowid,
    );
    for (const product of [cake, substitute])
      db.prepare(
        "INSERT INTO category_products (category_id, product_id, weight) VALUES (?, ?, 0)",
      ).run(category, product);
    return { storeId: bakery.storeId, departmentId, turkey, cake };
  } finally {
    db.close();
  }
}

/** Reloads `path` until `found` holds: what a worker does after the commit takes a moment. */
async function reloadUntil(page: Page, path: string, found: () => Promise<void>) {
  await expect(async () => {
    await visit(page, path);
    await found();
  }).toPass({ timeout: 20_000 });
}

test("a picked order: the shopper sees each change and the final amount, charged once", async ({
  page,
  request,
}) => {
  const shop = await turkeyAndCakeDepartment(request);
  const started = await startAs(page.context(), request, {
    department: shop,
    products: [{ id: shop.turkey, quantity: 1 }, { id: shop.cake }],
    signedIn: { firstName: "Robin" },
  });
  const orderId = started.orderId!;
  const email = started.shopper!.email;
  await chooseTimeThroughApi(request, started.headers, orderId);
  // The shopper's own address, so the mailbox's 'ready' email is this order's alone.
  const saved = await request.put(`/api/1/orders/${orderId}`, {
    headers: started.headers,
    data: { substitutions_allowed: true, customer: { email } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // Paid online: the gateway's page holds the card, the checkout places the order.
  const payment = await request.post(`/api/1/orders/${orderId}/card-authorization`, {
    headers: started.headers,
    data: { return_url: `${FIXED_STORE_URL}/card-authorization/process` },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
  const redirectUrl = ((await payment.json()) as { data: { redirect_url: string } }).data
    .redirect_url;
  const reference = new URL(redirectUrl).pathname.split("/").pop()!;
  await page.goto(redirectUrl);
  await authorizeOnProvider(page, APPROVES);
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  await waitForHydration(page);
  const progress = page.getByRole("region", { name: "Order Status" });
  await expect(progress).toContainText("Submitted");
  const number = (await page.locator(".confirmation-hero__number strong").textContent())!;

  // The associate picks it: the turkey weighed, the cake substituted; ready, then handed over.
  await asAssociate(page.context(), started, await newApiKey(request));
  await visit(page, `/store/${shop.storeId}/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await page.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(page.getByText("The order's status was changed.")).toBeVisible();
  const turkeyLine = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${TURKEY}`) }) });
  await turkeyLine.getByLabel(/^Weighed quantity/).fill("1.08");
  await turkeyLine.getByRole("button", { name: "Picked", exact: true }).click();
  await expect(page.getByText("The item was recorded.")).toBeVisible();
  await page.getByLabel(`Substitute ${CAKE} with`).selectOption({ label: SUBSTITUTE });
  await page.getByRole("button", { name: "Substitute", exact: true }).click();
  // The answer's own words first: an absence alone also holds while the old page unloads.
  await expect(page.getByText(`Substituted: ${SUBSTITUTE} (`)).toBeVisible();
  await expect(page.getByText("Not picked yet")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Mark Ready" }).click();
  await expect(page.getByText("The order's status was changed.")).toBeVisible();
  await page.getByRole("button", { name: "Mark Picked Up" }).click();
  // 1.08 lb of turkey at its price and the substitute at its own, by the cart's rules: charged.
  const db = e2eDatabase("fixed-store");
  const { final_total: final } = db
    .prepare("SELECT final_total FROM orders WHERE id = ?")
    .get(orderId) as { final_total: number };
  db.close();
  await expect(page.getByText(`Charged ${formatMoney(final)} of the`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The shopper again: the confirmation and past orders say what happened.
  await writeStarted(page.context(), started);
  await visit(page, "/confirmation");
  await expect(progress.getByRole("definition").first()).toHaveText("Picked Up");
  await expect(progress).toContainText(`Final amount${formatMoney(final)}`);
  await expect(
    progress.getByRole("list", { name: "Status history" }).getByRole("listitem"),
  ).toHaveText([/^Submitted, /, /^In Progress, /, /^Ready, /, /^Picked Up, /]);
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText("Weighed: ordered 1 lb, weighed 1.08 lbs");
  await expect(items).toContainText(
    new RegExp(`Substituted: .*${CAKE} →replaced by .*${SUBSTITUTE}`),
  );
  // Every item picked: what the store would have done if one were unavailable is settled.
  await expect(items.getByText(/^If unavailable:/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await visit(page, `/stores/${shop.storeId}/orders`);
  const row = page.getByRole("listitem").filter({ hasText: `Order ${number}` });
  await expect(row.getByText("Final amount")).toBeVisible();
  await expect(row).toContainText(formatMoney(final));
  await expect(
    row.getByRole("list", { name: `Status history of order ${number}` }).getByRole("listitem"),
  ).toHaveCount(4);
  await expect(row).toContainText("Weighed: ordered 1 lb, weighed 1.08 lbs");
  await expect(row).toContainText(
    new RegExp(`Substituted: .*${CAKE} →replaced by .*${SUBSTITUTE}`),
  );
  await expect(row.getByText(/^If unavailable:/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The mailbox holds the 'ready' email to this shopper.
  await reloadUntil(page, "/sandbox/messages", async () => {
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: email })
        .filter({ hasText: `Order ${number} is ready for pickup` }),
    ).toHaveCount(1);
  });
  await expectNoAxeViolations(page);

  // The gateway: one capture of the final amount, the rest of the hold released, nothing held.
  await reloadUntil(page, `/sandbox/pay?reference=${reference}`, async () => {
    await expect(page.getByRole("definition").nth(2)).toHaveText(
      `${formatMoney(final)} in 1 capture`,
    );
  });
  const facts = page.getByRole("list", { name: "Authorizations" }).getByRole("listitem");
  await expect(facts).toHaveCount(1);
  await expect(facts.getByRole("definition").last()).toHaveText("$0.00");
  await expectNoAxeViolations(page);
});
