/**
 * Slot capacity (decision 028) in the time picker, with JavaScript and without: a nearly full slot
 * says 'Only N left', a full one is listed as 'Full' and cannot be chosen, and the checkout says how long the saved time is
 * held. The spec caps two slots in a department of its own (a copy of the Grocery, made for each
 * test: no other journey shops there) and fills them with bookings of its own, removed again at
 * the end.
 */
import { TZDate } from "@date-fns/tz";
import type { APIRequestContext, Page } from "@playwright/test";
import { format } from "date-fns/format";
import { e2eDatabase, ownDepartment, ownProduct } from "./support/api";
import { groceryDepartment, optionValues } from "./support/checkout";
import { sessionOf } from "./support/session";
import { startAs } from "./support/start";
import { expect, expectNoAxeViolations, jsEnabled, test, visit } from "./support/test";

const day = (page: Page) => page.getByLabel("Day", { exact: true });
const time = (page: Page) => page.getByLabel("Time", { exact: true });

/** A department of the test's own (a copy of the Grocery) with one item in the cart. */
async function withOwnItem(page: Page, request: APIRequestContext) {
  const grocery = await groceryDepartment(request);
  const tag = `${test.info().testId.slice(0, 8)} ${test.info().project.name}`;
  const departmentId = ownDepartment(grocery.departmentId, `Slot Pantry ${tag}`);
  const product = ownProduct(grocery.storeId, departmentId, {
    remaining: null,
    leadTime: 0,
    name: `Slot Jam ${tag}`,
    fromDepartmentId: grocery.departmentId,
  });
  const where = { storeId: grocery.storeId, departmentId };
  await startAs(page.context(), request, { department: where, products: [product] });
  return where;
}

test("a nearly full slot says 'Only N left', a full slot cannot be chosen, and the saved time is held", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { storeId, departmentId } = await withOwnItem(page, request);
  await visit(page, "/fulfillment-time");
  const days = await optionValues(day(page));
  // A few days ahead: a whole day of times to choose from.
  const chosenDay = days[4] ?? days[days.length - 1]!;
  await visit(page, `/fulfillment-time?day=${chosenDay.value}`);
  const times = await optionValues(time(page));
  expect(times.length).toBeGreaterThan(6);
  const nearlyFull = times[3]!;
  const full = times[5]!;

  const { orderId } = await sessionOf(page.context());
  const db = e2eDatabase();
  const { timezone } = db.prepare("SELECT timezone FROM stores WHERE id = ?").get(storeId) as {
    timezone: string;
  };
  const ruleFor = (iso: string, capacity: number) => {
    const local = new TZDate(Date.parse(iso), timezone);
    return db
      .prepare(
        `INSERT INTO slot_capacities (department_id, kind, weekday, starts_at, ends_at, capacity)
         VALUES (?, 'pickup', ?, ?, ?, ?)`,
      )
      .run(
        departmentId,
        local.getDay(),
        format(local, "HH:mm"),
        format(new Date(local.getTime() + 60_000), "HH:mm"),
        capacity,
      ).lastInsertRowid;
  };
  // Another shopper's placed order, booked into a slot.
  const columns = (db.prepare("PRAGMA table_info(orders)").all() as { name: string }[])
    .map((c) => `"${c.name}"`)
    .filter((c) => !['"id"', '"status"', '"number"', '"placement_key"'].includes(c))
    .join(", ");
  const bookingIn = (iso: string) => {
    const order = db
      .prepare(
        `INSERT INTO orders (${columns}, status) SELECT ${columns}, 'submitted' FROM orders WHERE id = ?`,
      )
      .run(orderId).lastInsertRowid;
    db.prepare(
      `INSERT INTO slot_places (order_id, department_id, kind, slot_at, expires_at, created_at)
       VALUES (?, ?, 'pickup', ?, NULL, ?)`,
    ).run(order, departmentId, iso, new Date().toISOString());
    return order;
  };
  const rules = [ruleFor(nearlyFull.value, 3), ruleFor(full.value, 1)];
  const others = [bookingIn(nearlyFull.value), bookingIn(full.value)];
  try {
    await visit(page, `/fulfillment-time?day=${chosenDay.value}`);
    const offered = await optionValues(time(page), { withDisabled: true });
    expect(offered.find((o) => o.value === nearlyFull.value)?.label).toBe(
      `${nearlyFull.label} (Only 2 left)`,
    );
    // The full slot is listed, said to be full, and cannot be chosen; the others are as before.
    expect(offered.find((o) => o.value === full.value)?.label).toBe(`${full.label} (Full)`);
    await expect(time(page).locator(`option[value="${full.value}"]`)).toBeDisabled();
    expect(offered).toHaveLength(times.length);
    await expectNoAxeViolations(page);

    await time(page).selectOption(nearlyFull.value);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const timeRegion = page.getByRole("region", { name: "Pickup Time" });
    await expect(timeRegion).toContainText(`${chosenDay.label} at ${nearlyFull.label}`);
    await expect(timeRegion).toContainText(
      /We're holding this time for you until \d{1,2}:\d{2} [AP]M\./,
    );
    await expectNoAxeViolations(page);
    if (jsEnabled()) {
      // The checkout's time dialog offers the same times.
      await timeRegion.getByRole("button", { name: "Change pickup time" }).click();
      const dialog = page.getByRole("dialog", { name: "Choose Your Pickup Time" });
      await dialog.getByLabel("Day", { exact: true }).selectOption(chosenDay.value);
      const inDialog = await optionValues(dialog.getByLabel("Time", { exact: true }), {
        withDisabled: true,
      });
      expect(inDialog.find((o) => o.value === full.value)?.label).toBe(`${full.label} (Full)`);
      await expect(
        dialog.getByLabel("Time", { exact: true }).locator(`option[value="${full.value}"]`),
      ).toBeDisabled();
      // The shopper's own place does not count against them: 2 were left before they took one.
      expect(inDialog.find((o) => o.value === nearlyFull.value)?.label).toBe(
        `${nearlyFull.label} (Only 2 left)`,
      );
      await expectNoAxeViolations(page);
    }
  } finally {
    // The shopper's own hold goes too, so a rerun finds the slots as this run found them.
    db.prepare("DELETE FROM slot_places WHERE order_id = ?").run(orderId);
    for (const id of others) {
      db.prepare("DELETE FROM slot_places WHERE order_id = ?").run(id);
      db.prepare("DELETE FROM orders WHERE id = ?").run(id);
    }
    for (const id of rules) db.prepare("DELETE FROM slot_capacities WHERE id = ?").run(id);
    db.close();
  }
});
