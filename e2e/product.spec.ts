/**
 * The product page (spec §2, §4, §5, §8): configuring items and adding them to the cart, with
 * and without JavaScript. Products are found through the API by SKU, never by guessed ids.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { demoProduct } from "./support/api";
import { sessionOf } from "./support/session";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  routerSettled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

/** The items of the shopper's order, read with the shopper's own API key. */
async function orderItems(request: APIRequestContext, context: BrowserContext) {
  const { apiKey, orderId } = await sessionOf(context);
  if (!apiKey || !orderId) return [];
  const answer = await request.get(`/api/1/orders/${orderId}?include=items.preferences`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const order = (await answer.json()) as {
    data: {
      status: string;
      items: {
        data: {
          id: number;
          product_id: number;
          quantity: number;
          notes: string | null;
          image_url: string | null;
          preferences: { data: { name: string; value: string | null }[] };
        }[];
      };
    };
  };
  return order.data.status === "incomplete" ? order.data.items.data : [];
}

const cartLink = (page: Page) => page.getByRole("link", { name: /^Cart/ });

/** With scripts a step is opened by its heading button; without them every step is open. */
async function openStep(page: Page, title: string) {
  if (!jsEnabled()) return;
  const toggle = page.getByRole("button", { name: new RegExp(`Step \\d+: ${title}\\b`) });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** Adds to the cart and waits for the sign of success each shopper gets. */
async function addToCart(page: Page) {
  if (jsEnabled()) {
    // The notice shows for about 1.1 s; on a loaded machine polling can step over that window, so
    // the page records the moment it appears.
    await page.evaluate(() => {
      const seen = window as unknown as { itemAddedSeen?: boolean };
      seen.itemAddedSeen = false;
      new MutationObserver(() => {
        const statuses = document.querySelectorAll('[role="status"]');
        if ([...statuses].some((el) => el.textContent?.includes("Item Added"))) {
          seen.itemAddedSeen = true;
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }
  await page.getByRole("button", { name: "Add to Cart" }).click();
  if (jsEnabled()) {
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { itemAddedSeen?: boolean }).itemAddedSeen),
      )
      .toBe(true);
  } else {
    await waitForHydration(page);
    // One notice: the confirmation opens with the spec's words, no flash message stacked above.
    await expect(page.locator("#added")).toContainText("Item Added");
    await expect(page.getByText("Item Added", { exact: true })).toHaveCount(1);
  }
}

/** A choice by its value (its accessible name goes on with its description and price). */
function choice(page: Page, value: string): Locator {
  const name = new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);
  return page.getByRole("radio", { name }).or(page.getByRole("checkbox", { name }));
}

test("a deli item by the pound: 1 1/4 lbs sliced thin, and the Cart shows 1", async ({
  page,
  request,
  context,
}) => {
  const turkey = await demoProduct(request, "Deli", "Oven Roasted Turkey Breast", "DL-1000");
  await visit(page, turkey.path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Oven Roasted Turkey Breast" }),
  ).toBeVisible();
  await expect(page).toHaveTitle(
    /^Stonebridge Provisions Oven Roasted Turkey Breast - Order Express/,
  );
  await expect(page.getByText("Requires 30 minutes to prepare")).toBeVisible();
  await expect(page.getByText(/60 Calories/)).toBeVisible();
  await expect(cartLink(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await choice(page, "Thin").check();
  // Each quantity says what it costs, with or without scripts to update the price bar.
  await expect(page.getByLabel("Quantity").locator("option[value='1.25']")).toHaveText(
    "1 1/4 lbs \u2014 $11.24",
  );
  await page.getByLabel("Quantity").selectOption({ label: "1 1/4 lbs \u2014 $11.24" });
  await page.getByLabel(/Special Instructions/).fill("Please wrap in two packs");
  if (jsEnabled()) await expect(page.locator(".sticky-preview")).toContainText("$11.24");
  await addToCart(page);

  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
  await expect(cartLink(page).locator(".badge")).toHaveText("1");
  const items = await orderItems(request, context);
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    product_id: turkey.productId,
    quantity: 1.25,
    notes: "Please wrap in two packs",
  });
  expect(items[0]!.preferences.data.map((p) => p.name)).toContain("Thin");
  await expectNoAxeViolations(page);
});

test("a required choice left empty: the fields say so, and every other entry is kept", async ({
  page,
  request,
  context,
}) => {
  // A long journey with several accessibility scans: room for a busy machine.
  test.slow();
  const wings = await demoProduct(request, "Catering", "Buffalo Wings", "CT-3405");
  await visit(page, wings.path);
  await choice(page, "Buffalo").uncheck();
  await page.getByLabel("Quantity").selectOption("2");
  await page.getByLabel(/Special Instructions/).fill("Extra napkins");
  await page.getByRole("button", { name: "Add to Cart" }).click();

  const summary = page.locator(".error-summary");
  await expect(
    summary.getByRole("heading", { name: "Please complete all required fields" }),
  ).toBeVisible();
  const summaryLink = summary.getByRole("link", { name: "The Sauce field is required" });
  await expect(summaryLink).toHaveAttribute("href", /^#choice-\d+-\d+$/);
  const sauce = page.getByRole("group", { name: /Sauce/ }).first();
  await expect(sauce.locator(".field-error")).toHaveText("Error: The Sauce field is required");
  await expect(sauce).toHaveAttribute("aria-describedby", /-error/);
  if (jsEnabled()) await expect(summary).toBeFocused();
  // The shopper's other entries are all still there.
  await expect(page.getByLabel("Quantity")).toHaveValue("2");
  await expect(page.getByLabel(/Special Instructions/)).toHaveValue("Extra napkins");
  await openStep(page, "Dipping Sauce");
  await expect(choice(page, "Blue Cheese")).toBeChecked();
  await expect(cartLink(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await summaryLink.click();
  await choice(page, "Honey BBQ").check();
  await addToCart(page);
  await expect(cartLink(page).locator(".badge")).toHaveText("1");
  const items = await orderItems(request, context);
  expect(items[0]).toMatchObject({
    product_id: wings.productId,
    quantity: 2,
    notes: "Extra napkins",
  });
});

test("a choice limit: scripts drop the oldest choice, the server names the limit", async ({
  page,
  request,
}) => {
  const wings = await demoProduct(request, "Catering", "Buffalo Wings", "CT-3405");
  await visit(page, wings.path);
  // Sauce: up to 2, Buffalo preselected.
  await choice(page, "Honey BBQ").check();
  await choice(page, "Garlic Parmesan").check();
  if (jsEnabled()) {
    await expect(choice(page, "Buffalo")).not.toBeChecked();
    await expect(choice(page, "Honey BBQ")).toBeChecked();
    await expect(choice(page, "Garlic Parmesan")).toBeChecked();
  } else {
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.locator(".error-summary")).toContainText(
      "The Sauce field allows at most 2 choices",
    );
    for (const name of ["Buffalo", "Honey BBQ", "Garlic Parmesan"])
      await expect(choice(page, name)).toBeChecked();
    await expectNoAxeViolations(page);
  }
});

test("a celebration cake: builder, a message, a name, and a photo placement only with a photo", async ({
  page,
  request,
  context,
}) => {
  // A long journey with several accessibility scans: room for a busy machine.
  test.slow();
  const cake = await demoProduct(request, "Bakery", "Celebration Cake", "BK-2000");
  await visit(page, cake.path);
  await expect(
    page.getByRole("heading", { level: 1, name: '8" Round Celebration Cake' }),
  ).toBeVisible();
  // The brand is hidden for this product: the title is the name alone.
  await expect(page).toHaveTitle(/^8" Round Celebration Cake - Order Express/);
  await expect(page.getByText("Requires 1 day to prepare")).toBeVisible();
  // Its sizes each say how many they serve ('Serves 8–10'): no one serving size beside them.
  await expect(page.getByText(/^Serves \d+$/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  const placement = page.getByRole("group", { name: /Photo Placement/ });
  await openStep(page, "Decoration");
  if (jsEnabled()) {
    await expect(page.getByTestId("builder-preview")).toBeVisible();
    await expect(placement).toHaveCount(0);
  } else {
    // Every facet is on the page without scripts, with the condition said.
    await expect(placement).toContainText("Only when you choose Add a Photo.");
  }
  await choice(page, "Chocolate Buttercream").check();
  await choice(page, "Add a Photo").check();
  await expect(placement).toBeVisible();
  await expect(choice(page, "Center")).toBeChecked();
  await choice(page, "Left").check();

  await openStep(page, "Message");
  await page.getByLabel("Your message").fill("Happy Birthday Emma!");
  await choice(page, "Royal Blue").check();
  await page.getByLabel("Name on Cake").fill("Emma");
  if (jsEnabled()) {
    // The preview shows once the step is confirmed (e2e/product-dialogs.spec.ts).
    await page
      .locator("li.step", { has: page.getByRole("button", { name: /Step \d+: Message\b/ }) })
      .getByRole("button", { name: /^(Next|Done)$/ })
      .click();
    const preview = page.getByTestId("message-preview-text");
    await expect(preview).toHaveText("Happy Birthday Emma!");
    await expect(preview).toHaveCSS("color", "rgb(29, 78, 216)");
    const size = await preview.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(11);
    expect(size).toBeLessThanOrEqual(28);
    await expect(page.locator(".sticky-preview")).toContainText("$30.98");
  } else {
    await expect(page.getByTestId("message-preview-text")).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  await addToCart(page);
  await expect(cartLink(page).locator(".badge")).toHaveText("1");
  const [item] = await orderItems(request, context);
  expect(item?.preferences.data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: "Chocolate Buttercream" }),
      expect.objectContaining({ name: "Add a Photo" }),
      expect.objectContaining({ name: "Left" }),
      expect.objectContaining({ name: "Royal Blue", value: "Happy Birthday Emma!" }),
      expect.objectContaining({ name: "Name on Cake", value: "Emma" }),
    ]),
  );
});

test("a cake's step says Complete only once its choices are made; the summary follows the steps", async ({
  page,
  request,
}) => {
  const cake = await demoProduct(request, "Bakery", "Celebration Cake", "BK-2000");
  await visit(page, cake.path);
  const step = (title: string) =>
    page.locator("li.step", { has: page.getByRole("heading", { name: new RegExp(title) }) });
  const heading = (title: string) => step(title).locator(".step__title");
  // Nothing chosen yet (the sizes, flavours and icings are preselected): no step is Complete.
  await expect(page.locator(".step__status", { hasText: "Complete" })).toHaveCount(0);
  await expect(heading("Size & Flavor")).toContainText("Required");
  await expect(heading("Decoration")).toContainText("Required");
  await expect(heading("Message")).not.toContainText(/Complete|Required/);

  // Chosen out of the steps' order: the decoration first, then the flavour.
  await openStep(page, "Decoration");
  await choice(page, "Balloons").check();
  await openStep(page, "Size & Flavor");
  await choice(page, "Chocolate").first().check();
  await choice(page, '10" Double Layer').check();
  const summary = page.locator(".sticky-preview__detail");
  const inStepOrder = [
    "1 ea",
    '10" Double Layer',
    "Chocolate",
    "No Filling",
    "Whipped Vanilla",
    "White Border",
    "Balloons",
  ].join(" · ");
  if (jsEnabled()) {
    await expect(summary).toHaveText(inStepOrder);
    // Both required choices of the first step made: it is Complete. The second's icing was only
    // preselected, until Next takes it.
    await expect(heading("Size & Flavor")).toContainText("Complete");
    await expect(heading("Decoration")).toContainText("Required");
    await openStep(page, "Decoration");
    await step("Decoration").getByRole("button", { name: "Next" }).click();
    await expect(heading("Decoration")).toContainText("Complete");
    await expect(heading("Message")).not.toContainText("Complete");
  } else {
    // Without scripts the page says what the server saw: after a round trip, the same order.
    await page.getByRole("button", { name: "Preview Message" }).click();
    await expect(summary).toHaveText(inStepOrder);
    await expect(page.locator(".step__status", { hasText: "Complete" })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});

test("a text file as the cake's photo is refused next to the field, and nothing is added", async ({
  page,
  request,
  context,
}) => {
  const cake = await demoProduct(request, "Bakery", "Celebration Cake", "BK-2000");
  await visit(page, cake.path);
  const photo = page.getByLabel(/^Photo \(JPEG/);
  // The disclaimer first: its dialog with JS, its checkbox without (e2e/product-dialogs.spec.ts).
  if (jsEnabled()) {
    await page.getByRole("button", { name: "Add a Photo", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Photo upload disclaimer" })
      .getByRole("button", { name: "Accept" })
      .click();
  } else {
    await page.getByLabel("I accept the photo upload disclaimer").check();
  }
  await expect(photo).toBeEnabled();
  await photo.setInputFiles({
    name: "cake.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await page.getByRole("button", { name: "Add to Cart" }).click();

  await expect(page.locator("#item-photo-error")).toHaveText(
    "Error: The photo must be a JPEG, PNG, GIF or WebP image.",
  );
  await expect(photo).toHaveAttribute("aria-invalid", "true");
  if (jsEnabled())
    await expect(page.getByText("You accepted the photo upload disclaimer.")).toBeVisible();
  else await expect(page.getByLabel("I accept the photo upload disclaimer")).toBeChecked();
  expect(await orderItems(request, context)).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a party pack shows its bundle and goes into the cart", async ({ page, request, context }) => {
  const pack = await demoProduct(request, "Catering", "Game Day Party Pack", "CT-3700");
  await visit(page, pack.path);
  await expect(page.getByText("Requires 2 days to prepare")).toBeVisible();
  const bundle = page.getByRole("region", { name: "Game Day Party Pack includes" });
  await expect(bundle.getByRole("link")).toHaveCount(4);
  await expect(bundle.getByRole("link", { name: /Buffalo Wings, 50 Pieces/ })).toHaveAttribute(
    "href",
    new RegExp(`/stores/${pack.storeId}/departments/${pack.departmentId}/products/\\d+$`),
  );
  await expectNoAxeViolations(page);
  await addToCart(page);
  await expect(cartLink(page).locator(".badge")).toHaveText("1");
  expect((await orderItems(request, context))[0]).toMatchObject({
    product_id: pack.productId,
    quantity: 1,
  });
});

test("a cart item is edited with ?item= and Update Cart", async ({ page, request, context }) => {
  // A long journey with several accessibility scans: room for a busy machine.
  test.slow();
  const turkey = await demoProduct(request, "Deli", "Oven Roasted Turkey Breast", "DL-1000");
  await visit(page, turkey.path);
  await page.getByLabel("Quantity").selectOption("1.25");
  await addToCart(page);
  const items = await orderItems(request, context);
  expect(items.map((item) => [item.product_id, item.quantity])).toEqual([[turkey.productId, 1.25]]);
  const added = items[0];

  await visit(page, `${turkey.path}?item=${added!.id}`);
  await expect(page.getByRole("button", { name: "Update Cart" })).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("1.25");
  // Editing shows every step open.
  await expect(choice(page, "Regular")).toBeChecked();
  await expect(choice(page, "Stacked")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Quantity").selectOption("2");
  await choice(page, "Shaved").check();
  await page.getByRole("button", { name: "Update Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The cart's own reads finish before the test leaves it (left in flight, they log a network error).
  await routerSettled(page);
  const [updated] = await orderItems(request, context);
  expect(updated).toMatchObject({ id: added!.id, quantity: 2 });
  expect(updated!.preferences.data.map((p) => p.name)).toContain("Shaved");

  // An item that is not in the order: the page without the query.
  await visit(page, `${turkey.path}?item=999999`);
  await expect(page).toHaveURL(new RegExp(`${turkey.path}$`));
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
});

test("the nutrition facts panel opens from the product page", async ({ page, request }) => {
  const turkey = await demoProduct(request, "Deli", "Oven Roasted Turkey Breast", "DL-1000");
  await visit(page, turkey.path);
  await page.getByRole("link", { name: "Nutrition Facts" }).click();
  const dialog = page.getByRole("dialog", { name: "Nutrition Facts" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("row", { name: /Sodium/ })).toContainText("480mg");
  await expectNoAxeViolations(page);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("a product without nutrition facts says they are unavailable", async ({ page, request }) => {
  const olives = await demoProduct(request, "Deli", "Mediterranean Olive Medley", "DL-1950");
  await visit(page, olives.path);
  await expect(
    page.getByText("Nutrition facts for this product are currently unavailable."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Nutrition Facts" })).toHaveCount(0);
});

test("a product that is gone shows the Product Error page with a way back", async ({
  page,
  request,
}) => {
  const turkey = await demoProduct(request, "Deli", "Oven Roasted Turkey Breast", "DL-1000");
  const gone = turkey.path.replace(/\d+$/, "999999");
  const response = await visit(page, gone);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Error" })).toBeVisible();
  await expect(
    page.getByText("The requested product is currently out of stock or no longer available."),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Product Error - Order Express/);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: `Back to ${turkey.departmentName}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/stores/${turkey.storeId}/departments/${turkey.departmentId}$`),
  );
});
