/**
 * The store's pages (issue 30), with and without JavaScript: an associate of the store opens the
 * day's queue, starts an order, picks its items, marks it ready and hands it over, and its history
 * shows each step; the shopper's past orders then show the final amount and the history; a guest
 * is refused with the error page. Axe on every page.
 */
import type { BrowserContext } from "@playwright/test";
import { e2eDatabase } from "./support/api";
import { oneClickOf, startAs, writeSession, type Started } from "./support/start";
import { newApiKey } from "./support/api";
import { signInKey } from "./support/start";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, expectNoAxeViolations, test, visit } from "./support/test";

// The server with the order-system integration: the shopper's past orders are there.
test.use({ baseURL: FIXED_STORE_URL });

/** A device signed in as an associate of the started order's store. */
async function asAssociate(context: BrowserContext, started: Started, apiKey: string) {
  const user = signInKey(started.server, apiKey, { firstName: "Ana" });
  const db = e2eDatabase(started.server);
  let day: string;
  try {
    db.prepare("UPDATE users SET associate_store_id = ? WHERE id = ?").run(
      started.storeId,
      user.id,
    );
    const row = db
      .prepare(
        `SELECT o.pickup_at, s.timezone FROM orders o JOIN departments d ON d.id = o.department_id
         JOIN stores s ON s.id = d.store_id WHERE o.id = ?`,
      )
      .get(started.orderId) as { pickup_at: string; timezone: string };
    day = new Intl.DateTimeFormat("en-CA", {
      timeZone: row.timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(row.pickup_at));
  } finally {
    db.close();
  }
  await writeSession(context, started.server, { apiKey, user }, { homeStoreId: started.storeId });
  return day;
}

test("an associate picks an order from the queue to hand-over", async ({
  page,
  browser,
  request,
}) => {
  const product = await oneClickOf(request, "Grocery");
  const shopperContext = await browser.newContext();
  const started = await startAs(shopperContext, request, {
    department: "Grocery",
    products: [{ id: product.id }],
    placed: true,
    signedIn: { firstName: "Robin" },
  });

  // A guest reaches no store page.
  const refused = await page.request.get(`/store/${started.storeId}`);
  expect(refused.status()).toBe(403);

  const day = await asAssociate(page.context(), started, await newApiKey(request));
  await visit(page, `/store/${started.storeId}?day=${day}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Orders at /);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: started.number! }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${started.number}`);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Mark In Progress" }).click();
  await expect(page.getByText("The order's status was changed.")).toBeVisible();
  // An item sold by weight needs its weight; one sold by the each is picked as ordered.
  const weighed = page.getByRole("spinbutton", { name: /^Weighed quantity/ });
  if (await weighed.count()) await weighed.first().fill("1.08");
  await page.getByRole("button", { name: "Picked", exact: true }).click();
  await expect(page.getByText("The item was recorded.")).toBeVisible();
  await expect(page.getByText("Not picked yet")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Mark Ready" }).click();
  await expect(page.getByText("The order's status was changed.")).toBeVisible();
  await page.getByRole("button", { name: "Mark Picked Up" }).click();
  await expect(page.getByText("The order's status was changed.")).toBeVisible();
  await expect(page.getByText(/^Due at pickup: \$/)).toBeVisible();
  const history = page.getByRole("list").filter({ hasText: "Picked Up," });
  await expect(history.getByRole("listitem")).toHaveCount(4);
  await expectNoAxeViolations(page);

  // The shopper's past orders: the final amount, and each status the order took.
  const shopper = await shopperContext.newPage();
  await visit(shopper, `/stores/${started.storeId}/orders`);
  const row = shopper.getByRole("listitem").filter({ hasText: `Order ${started.number}` });
  const steps = row.getByRole("list", { name: `Status history of order ${started.number}` });
  await expect(steps.getByRole("listitem")).toHaveCount(4);
  await expect(steps.getByRole("listitem").last()).toHaveText(/^Picked Up/);
  await expect(row.getByText("Final amount")).toBeVisible();
  await expectNoAxeViolations(shopper);
  await shopperContext.close();
});
