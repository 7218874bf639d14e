/**
 * The store's pages (issue 30), with and without JavaScript: an associate of the store opens the
 * day's queue, starts an order, picks its items, marks it ready and hands it over, and its history
 * shows each step; the shopper's past orders then show the final amount and the history; a guest
 * is refused with the error page. Axe on every page.
 */
import { newApiKey } from "./support/api";
import { oneClickOf, startAs } from "./support/start";
import { asAssociate } from "./support/store";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, expectNoAxeViolations, test, visit } from "./support/test";

// The server with the order-system integration: the shopper's past orders are there.
test.use({ baseURL: FIXED_STORE_URL });

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
  // The day in words, its date in the markup.
  const shownDay = page.getByRole("navigation", { name: "Days" }).locator("time");
  await expect(shownDay).toHaveAttribute("datetime", day);
  await expect(shownDay).toHaveText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
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
