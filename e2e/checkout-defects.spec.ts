/**
 * Issue 10's checkout defects, with and without JavaScript:
 * - typing in /checkout after a failed Place Order (or leaving an empty field) keeps every
 *   keystroke: the error summary takes focus after a submit only;
 * - a day changed on /fulfillment-time without its times is never booked as another day;
 * - /checkout before a pickup time is chosen sends the shopper to choose one.
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { choosableValues, chooseTimeAhead, choosePickupLocation } from "./support/checkout";
import { sessionOf } from "./support/session";
import { oneClickOf, startAs } from "./support/start";
import { expect, expectNoAxeViolations, jsEnabled, test, visit } from "./support/test";

/**
 * A shopper with one Grocery item in the cart (one that adds with one click: no required choice,
 * no limits) and no pickup time yet, made through the API (e2e/support/start.ts).
 */
async function withOneItem(page: Page, request: APIRequestContext) {
  const product = await oneClickOf(request, "Grocery");
  await startAs(page.context(), request, { department: "Grocery", products: [product] });
}

/** The order as the API holds it, through the shopper's own key. */
async function workingOrder(context: BrowserContext, request: APIRequestContext) {
  const { apiKey, orderId } = await sessionOf(context);
  const answer = await request.get(`/api/1/orders/${orderId}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { pickup_at: string | null } }).data;
}

const day = (page: Page) => page.getByLabel("Day", { exact: true });
const time = (page: Page) => page.getByLabel("Time", { exact: true });

/** The pickup page's offered days: value (YYYY-MM-DD) and label ('Friday, November 27'). */
async function offeredDays(page: Page) {
  return day(page)
    .locator("option")
    .evaluateAll((options) =>
      options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? "" })),
    );
}

/** The first offered time, Next, and the checkout page. */
async function choosePickupTime(page: Page) {
  await visit(page, "/fulfillment-time");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Review and Place Order" }),
  ).toBeVisible();
}

test("checkout keeps every keystroke: the error summary takes focus after Place Order only", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await withOneItem(page, request);
  await choosePickupTime(page);
  const summary = page
    .getByRole("alert")
    .filter({ hasText: "Please correct the fields marked in red." });
  const firstName = page.getByLabel("First Name", { exact: true });
  const lastName = page.getByLabel("Last Name", { exact: true });

  // Before any submit: leaving an empty field shows at most its own error, and focus moves on.
  await firstName.click();
  await page.keyboard.press("Tab");
  await expect(lastName).toBeFocused();
  await expect(summary).toHaveCount(0);

  // First and last name left empty: the summary stays while the first name is typed.
  await choosePickupLocation(page);
  await page.getByLabel("Email", { exact: true }).fill("kay.lee@example.com");
  await page.getByLabel("Mobile Phone", { exact: true }).fill("(609) 555-0142");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(summary).toBeVisible();
  await expect(
    summary.getByRole("link", { name: "The first name field is required" }),
  ).toBeVisible();
  if (jsEnabled()) await expect(summary).toBeFocused();
  await expectNoAxeViolations(page);

  // Typing after the failed submit: every key lands in the field, which keeps focus.
  await firstName.click();
  await firstName.pressSequentially("Kay", { delay: 50 });
  await expect(firstName).toHaveValue("Kay");
  await expect(firstName).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(lastName).toBeFocused();
  await lastName.pressSequentially("Lee", { delay: 50 });
  await expect(lastName).toHaveValue("Lee");
  await expect(lastName).toBeFocused();
  // Emptied again, the field's error (and, with JS, the summary) comes back: focus stays put.
  await page.keyboard.press("Shift+Tab");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("Backspace");
  await expect(firstName).toHaveValue("");
  await expect(firstName).toBeFocused();
  await firstName.pressSequentially("Kay", { delay: 50 });
  await expect(firstName).toHaveValue("Kay");
  await expect(firstName).toBeFocused();

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
});

test("a day changed without its times is never booked as another day", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  await withOneItem(page, request);
  await visit(page, "/fulfillment-time");
  const days = await offeredDays(page);
  expect(days.length).toBeGreaterThan(2);
  const wanted = days[2]!;
  const firstTime = await time(page).inputValue();

  // Only the Day select changes; Next is pressed without 'Update times'.
  await day(page).selectOption(wanted.value);
  if (jsEnabled()) {
    // The times follow the day at once: the time posted is one of that day's.
    await expect(time(page)).not.toHaveValue(firstTime);
    await expect(time(page)).toHaveValue(/\d/);
  }
  await page.getByRole("button", { name: "Next" }).click();

  if (!jsEnabled()) {
    // The form comes back with that day's times and says so; nothing is saved.
    await expect(page.getByText(`Please choose a pickup time on ${wanted.label}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/fulfillment-time$/);
    await expect(day(page)).toHaveValue(wanted.value);
    await expect(time(page)).toBeFocused();
    await expect(time(page)).toHaveAttribute("aria-invalid", "true");
    expect((await workingOrder(context, request)).pickup_at).toBeNull();
    await expectNoAxeViolations(page);
    const times = await choosableValues(time(page));
    await time(page).selectOption(times[1] ?? times[0]!);
    await page.getByRole("button", { name: "Next" }).click();
  }

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("region", { name: "Pickup Time" })).toContainText(
    `${wanted.label} at `,
  );
});

test("checkout before a pickup time is chosen sends the shopper to choose one", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await withOneItem(page, request);
  await visit(page, "/checkout");
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await expect(page.getByText("Please choose a pickup time before you check out.")).toBeVisible();
  await expect(page.getByText("No pickup time chosen yet.")).toHaveCount(0);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose Your Pickup Time" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Once a time is chosen, checkout opens.
  await chooseTimeAhead(page);
  await expect(page).toHaveURL(/\/checkout$/);
});
