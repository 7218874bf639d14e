/**
 * Checkout journeys the other specs do not walk, with and without JavaScript: changing the pickup
 * time from /checkout, a time taken meanwhile, no time at all, the current time moving on while
 * the picker is open, placement refused (stock sold out, a server failure), and the substitutions
 * and SMS choices being kept. Each journey shops a product of its own (e2e/support/api.ts), so the
 * store's changes it makes touch no other spec; the one that closes a time does it in a department
 * of its own. The cart is made through the API (e2e/support/start.ts): adding to it is other
 * specs' journey.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eDatabase, ownDepartment, ownProduct } from "./support/api";
import { chooseTimeAhead, fillCustomer, groceryDepartment, optionValues } from "./support/checkout";
import { sessionOf } from "./support/session";
import { startAs } from "./support/start";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  routerSettled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

const day = (page: Page) => page.getByLabel("Day", { exact: true });
const time = (page: Page) => page.getByLabel("Time", { exact: true });
const timeRegion = (page: Page) => page.getByRole("region", { name: "Pickup Time" });

/**
 * A product of this test's own in the cart (one unit), in the Grocery or, with `ownDepartment`, in
 * a copy of it that is the test's alone.
 */
async function withOwnItem(
  page: Page,
  request: APIRequestContext,
  options: { remaining?: number | null; leadTime?: number; ownDepartment?: boolean } = {},
) {
  const grocery = await groceryDepartment(request);
  const tag = `${test.info().testId.slice(0, 8)} ${test.info().project.name}`;
  const departmentId = options.ownDepartment
    ? ownDepartment(grocery.departmentId, `Journey Pantry ${tag}`)
    : grocery.departmentId;
  const product = ownProduct(grocery.storeId, departmentId, {
    remaining: options.remaining ?? null,
    leadTime: options.leadTime ?? 0,
    name: `Journey Jam ${tag}`,
    fromDepartmentId: grocery.departmentId,
  });
  const where = { storeId: grocery.storeId, departmentId };
  await startAs(page.context(), request, { department: where, products: [product] });
  return { ...grocery, ...where, product };
}

/** A time a while ahead is chosen (a slow run must not outlive it); the shopper lands on /checkout. */
async function toCheckout(page: Page) {
  await visit(page, "/fulfillment-time");
  await chooseTimeAhead(page);
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

/** The order as the API holds it, read with the shopper's own key. */
async function storedOrder(page: Page, request: APIRequestContext) {
  const { apiKey, orderId } = await sessionOf(page.context());
  const answer = await request.get(`/api/1/orders/${orderId}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(answer.ok()).toBe(true);
  return (
    (await answer.json()) as {
      data: {
        id: number;
        pickup_at: string | null;
        substitutions_allowed: boolean;
        customer: { notification_type: string[] };
      };
    }
  ).data;
}

/** Opens the time picker from /checkout: the dialog with JavaScript, the time page without. */
async function openTimePicker(page: Page) {
  await timeRegion(page)
    .getByRole("button", { name: "Change pickup time" })
    .or(timeRegion(page).getByRole("link", { name: "Change pickup time" }))
    .click();
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Choose Your Pickup Time" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Day", { exact: true })).toBeFocused();
    return dialog;
  }
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  return page.locator("main");
}

/** Shows a day's times in the picker (without JavaScript, 'Update times' posts for them). */
async function showDay(page: Page, scope: ReturnType<Page["locator"]>, value: string) {
  await scope.getByLabel("Day", { exact: true }).selectOption(value);
  if (!jsEnabled()) await scope.getByRole("button", { name: "Update times" }).click();
  await expect(scope.getByLabel("Day", { exact: true })).toHaveValue(value);
  // Without scripts the day's times are a page of their own (?day=…): settled and scanned.
  if (!jsEnabled()) await waitForHydration(page);
}

test("the pickup time changes from checkout: a dialog with JavaScript, the time page without", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await withOwnItem(page, request);
  await toCheckout(page);
  const before = (await timeRegion(page).locator(".checkout-section__value").textContent()) ?? "";
  await page.getByLabel("First Name", { exact: true }).fill("Kay");

  if (jsEnabled()) {
    // Cancel leaves the time as it was and gives focus back to Change.
    const dialog = await openTimePicker(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      timeRegion(page).getByRole("button", { name: "Change pickup time" }),
    ).toBeFocused();
    await expect(timeRegion(page)).toContainText(before);
  }

  const picker = await openTimePicker(page);
  const days = await optionValues(picker.getByLabel("Day", { exact: true }));
  expect(days.length).toBeGreaterThan(2);
  const wanted = days[2]!;
  await showDay(page, picker, wanted.value);
  const times = await optionValues(picker.getByLabel("Time", { exact: true }));
  const chosen = times[1] ?? times[0]!;
  await picker.getByLabel("Time", { exact: true }).selectOption(chosen.value);
  await picker.getByRole("button", { name: jsEnabled() ? "Save" : "Next", exact: true }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(timeRegion(page)).toContainText(`${wanted.label} at ${chosen.label}`);
  expect((await storedOrder(page, request)).pickup_at).toBe(chosen.value);
  if (jsEnabled()) {
    // Saved in place: the dialog is gone, focus is back on Change, what was typed is still there.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(
      timeRegion(page).getByRole("button", { name: "Change pickup time" }),
    ).toBeFocused();
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Kay");
  }
  await expectNoAxeViolations(page);
});

test("a time taken meanwhile says 'That pickup time is no longer available.' and offers the times again", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { storeId, departmentId } = await withOwnItem(page, request, { ownDepartment: true });
  await toCheckout(page);
  const picker = await openTimePicker(page);
  const days = await optionValues(picker.getByLabel("Day", { exact: true }));
  const wanted = days[3] ?? days[days.length - 1]!;
  await showDay(page, picker, wanted.value);
  const times = await optionValues(picker.getByLabel("Time", { exact: true }));
  const taken = times[times.length - 1]!;
  await picker.getByLabel("Time", { exact: true }).selectOption(taken.value);

  // The store closes that one slot (a blackout of the test's own department) before the shopper
  // saves.
  const db = e2eDatabase();
  const blackout = db
    .prepare(
      `INSERT INTO blackouts (store_id, department_id, "from", "to", type, reason)
       VALUES (?, ?, ?, ?, 'capacity', 'e2e: taken meanwhile')`,
    )
    .run(storeId, departmentId, taken.value, taken.value).lastInsertRowid;
  try {
    await picker.getByRole("button", { name: jsEnabled() ? "Save" : "Next", exact: true }).click();
    const message = picker.getByText("That pickup time is no longer available.");
    await expect(message).toBeVisible();
    if (jsEnabled()) await expect(page.getByRole("dialog")).toBeVisible();
    else await expect(page).toHaveURL(/\/fulfillment-time$/);
    await expect(picker.getByLabel("Time", { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    // The times were fetched again: the closed slot is no longer offered on its day.
    await showDay(page, picker, wanted.value);
    const offered = await optionValues(picker.getByLabel("Time", { exact: true }));
    expect(offered.map((o) => o.value)).not.toContain(taken.value);
    expect(offered.length).toBe(times.length - 1);
  } finally {
    db.prepare("DELETE FROM blackouts WHERE id = ?").run(blackout);
    db.close();
  }
});

test("an order whose lead time leaves no slot in the 30-day window reads 'No Availability'", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // 60 days of lead time: past the 30-day window (spec §9).
  await withOwnItem(page, request, { leadTime: 60 * 24 * 60 });
  await visit(page, "/fulfillment-time");
  await expect(page.getByRole("heading", { level: 2, name: "No Availability" })).toBeVisible();
  await expect(page.getByText("There is no pickup time available.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
  await expect(day(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("slots that pass while the picker is open go away (JavaScript); the server's answer stands without it", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await withOwnItem(page, request);
  // The fake clock replaces Date before the page's modules load, and a class that extends it
  // (the time-zone dates the picker computes with) loses its methods: the picker's own times
  // after hydration are only as right as that allows, which is why this test checks instants
  // and the notice's first words, not labels. Hydration itself uses the server's days.
  if (jsEnabled()) await page.clock.install();
  await visit(page, "/fulfillment-time");
  const offered = await optionValues(time(page));
  const first = offered[0]!;
  const { orderId, apiKey } = await sessionOf(page.context());
  const answer = await request.get(`/api/1/blackouts?order_id=${orderId}&source=website`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(answer.ok()).toBe(true);
  const leadMinutes = ((await answer.json()) as { meta: { lead_time: { min: number } } }).meta
    .lead_time.min;
  // Half a minute after the first slot stops being far enough ahead.
  const passAt = Date.parse(first.value) - leadMinutes * 60_000 + 30_000;

  if (jsEnabled()) {
    const browserNow = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Math.max(passAt - browserNow, 0) + 60_000);
    await expect(time(page).locator(`option[value="${first.value}"]`)).toHaveCount(0);
    // The earliest time left is chosen: the next slot, or the next day's first when the evening's
    // last slots have passed too (which depends on the hour the test runs).
    await expect
      .poll(async () => {
        const [earliest] = await optionValues(time(page));
        return earliest !== undefined && (await time(page).inputValue()) === earliest.value;
      })
      .toBe(true);
    await expect(page.getByText(/^The pickup time you chose has passed\./)).toBeAttached();
  } else {
    // Without scripts the page is the server's answer (loaded, not a script in it): it stays as
    // sent, and the server decides again when the form is posted.
    await page.waitForLoadState("load");
    await expect(page.locator("script")).toHaveCount(0);
    await expect(time(page)).toHaveValue(first.value);
  }
  await expectNoAxeViolations(page);
});

test("placement refused: the quantity no longer available, then a problem placing the order", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { departmentId, product } = await withOwnItem(page, request, { remaining: 5 });
  await toCheckout(page);
  await fillCustomer(page);
  const order = await storedOrder(page, request);
  const db = e2eDatabase();
  const trigger = `e2e_refuse_order_${order.id}`;
  try {
    // Sold out after it was added.
    db.prepare(
      "UPDATE department_products SET remaining_quantity = 0 WHERE department_id = ? AND product_id = ?",
    ).run(departmentId, product.id);
    await page.getByRole("button", { name: "Place Order" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText(
      "The requested quantity of an item in your cart is no longer available.",
    );
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Kay");
    await expectNoAxeViolations(page);

    // Back in stock, but the order system fails to store the order.
    db.prepare(
      "UPDATE department_products SET remaining_quantity = 5 WHERE department_id = ? AND product_id = ?",
    ).run(departmentId, product.id);
    db.exec(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON orders WHEN OLD.id = ${order.id}
       BEGIN SELECT RAISE(ABORT, 'e2e: the order system is failing'); END`,
    );
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(summary).toContainText(
      "There was a problem placing your order. Please try again later.",
    );
    await expect(page).toHaveURL(/\/checkout$/);
    await expectNoAxeViolations(page);

    // Once the system works again, the same order is placed.
    db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/confirmation$/);
  } finally {
    db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    db.close();
  }
});

test("the substitutions and text-message choices are kept, with the SMS help and cancel wording", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { storeId, headers } = await withOwnItem(page, request);
  const storeAnswer = await request.get(`/api/1/stores/${storeId}`, { headers });
  const rawPhone = ((await storeAnswer.json()) as { data: { phone: string } }).data.phone;
  const digits = rawPhone.replace(/\D/g, "").slice(-10);
  const storePhone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const smsWording = `Reply HELP for help or STOP to cancel. Message and data rates may apply. For help call ${storePhone}.`;

  await visit(page, "/cart");
  // The recommendations open once per order on the cart (checked in checkout.spec.ts): closed.
  const recommendations = page.getByRole("dialog", { name: "You May Also Like" });
  await expect(recommendations).toBeVisible();
  await expectNoAxeViolations(page);
  await recommendations
    .getByRole("button", { name: "Close" })
    .or(recommendations.getByRole("link", { name: "Close" }))
    .click();
  await expect(recommendations).toBeHidden();
  // Without JavaScript the cart again, a page of its own.
  await waitForHydration(page);
  await page.getByLabel("Please substitute unavailable items").check();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose Your Pickup Time" }),
  ).toBeVisible();
  await waitForHydration(page);
  expect((await storedOrder(page, request)).substitutions_allowed).toBe(true);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(
    page.getByText("Unavailable items will be substituted as chosen for each item."),
  ).toBeVisible();

  await fillCustomer(page);
  const sms = page.getByLabel("Text me (SMS)", { exact: true });
  await expect(sms).toHaveAccessibleDescription(smsWording);
  await sms.check();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await waitForHydration(page);
  const placed = await storedOrder(page, request);
  expect(placed.substitutions_allowed).toBe(true);
  expect(placed.customer.notification_type).toEqual(["sms"]);

  // The opt-in on /confirmation shows the choice made, and a change is kept across a reload.
  const textMessage = page.getByLabel(/^Text message/);
  await expect(textMessage).toBeChecked();
  await expect(textMessage).toHaveAccessibleDescription(smsWording);
  await page.getByLabel(/^Email/).check();
  await textMessage.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("All Set!")).toBeVisible();
  await expectNoAxeViolations(page);
  // The save's revalidation finishes before the reload (cut short, it logs a network error).
  await routerSettled(page);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel(/^Email/)).toBeChecked();
  await expect(page.getByLabel(/^Text message/)).not.toBeChecked();
  expect((await storedOrder(page, request)).customer.notification_type).toEqual(["email"]);
});
