import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { demoDepartment } from "./api";
import { expect, jsEnabled, routerSettled, waitForHydration } from "./test";

/** /checkout's pickup location row: a dialog's opener with scripts, a disclosure without them. */
function pickupLocationOpener(page: Page): Locator {
  return jsEnabled()
    ? page.getByRole("button", { name: /^(Choose|Change) pickup location/ })
    : page.locator("summary", { hasText: /(Choose|Change) pickup location/ });
}

/** /checkout's pickup location: a dialog with scripts, a radio group unfolded in place without. */
export async function choosePickupLocation(page: Page) {
  if (jsEnabled()) {
    await pickupLocationOpener(page).click();
    const dialog = page.getByRole("dialog", { name: "Choose a Pickup Location" });
    await dialog.getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
  } else {
    const group = page.getByRole("group", { name: "Pickup Location" });
    if (!(await group.isVisible())) await pickupLocationOpener(page).click();
    await group.getByRole("radio").first().check();
  }
}

/**
 * 'Thank You!' on /confirmation. When it is missing, the failure says what the page shows instead
 * (its headings, alerts and open dialogs): a run that stops here leaves no page behind to look at.
 */
export async function expectThankYou(page: Page) {
  try {
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  } catch (error) {
    const shown = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll(selector)].map((e) => e.textContent?.trim().slice(0, 200));
        return {
          url: location.href,
          headings: texts("h1, h2"),
          alerts: texts("[role=alert], [role=status]"),
          dialogs: texts("dialog[open]"),
        };
      })
      .catch((reason: unknown) => String(reason));
    throw new Error(`no 'Thank You!' heading; the page shows ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

/** The demo home store's Grocery department: where the checkout journeys shop. */
export async function groceryDepartment(
  request: APIRequestContext,
): Promise<{ storeId: number; departmentId: number; headers: Record<string, string> }> {
  return demoDepartment(request, "Grocery");
}

/** The shopper's details on /checkout, every field valid, the pickup location chosen. */
export async function fillCustomer(page: Page) {
  await page.getByLabel("First Name", { exact: true }).fill("Kay");
  await page.getByLabel("Last Name", { exact: true }).fill("Lee");
  await page.getByLabel("Email", { exact: true }).fill("kay.lee@example.com");
  await page.getByLabel("Mobile Phone", { exact: true }).fill("(609) 555-0142");
  // A department with one pickup location leaves nothing to choose.
  if (await pickupLocationOpener(page).count()) await choosePickupLocation(page);
}

/** A select's options as the shopper sees them: each value and its text. */
export async function optionValues(select: Locator, { withDisabled = false } = {}) {
  const options = await select.locator("option").evaluateAll((all) =>
    (all as HTMLOptionElement[]).map((o) => ({
      value: o.value,
      label: o.textContent ?? "",
      disabled: o.disabled,
    })),
  );
  // A full time slot is listed but disabled: what a shopper can choose leaves it out.
  return options
    .filter((o) => withDisabled || !o.disabled)
    .map(({ value, label }) => ({ value, label }));
}

/** The values of a select's options that can be chosen (a full time slot cannot). */
export async function choosableValues(select: Locator) {
  return (await optionValues(select)).map((option) => option.value);
}

/**
 * /fulfillment-time: a time a while ahead chosen and Next pressed; a slow run must not outlive
 * the soonest time (gone by placement). The suite's demo slots have room for every test
 * (global-setup.ts), but a time can still go between the page showing it and Next (it passes, or
 * a test closes it): the page then says 'That pickup time is no longer available.' and offers the
 * rest, and the shopper chooses again, as here (at most three times).
 */
export async function chooseTimeAhead(page: Page) {
  const time = page.getByLabel("Time", { exact: true });
  const gone = page.getByText("That pickup time is no longer available.");
  const onTimePage = () => new URL(page.url()).pathname === "/fulfillment-time";
  for (let attempt = 1; ; attempt++) {
    const times = await choosableValues(time);
    await time.selectOption(times[Math.min(6, times.length - 1)]!);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    // The answer: the next page, or this one again saying the time is gone (with scripts, once
    // the router has finished: the message may show while the post is still on its way).
    await expect
      .poll(async () => {
        if (!onTimePage()) return "moved on";
        if ((await gone.count()) === 0) return "waiting";
        await routerSettled(page);
        return onTimePage() ? "gone" : "moved on";
      })
      .not.toBe("waiting");
    if (!onTimePage() || attempt === 3) return;
    await waitForHydration(page);
  }
}
