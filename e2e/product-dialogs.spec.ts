/**
 * The product's dialogs and confirmations (spec §2, §4, §5, §8, §9), with and without JavaScript:
 * the quick view's 'Product Error' when the product is gone, the photo upload disclaimer, the
 * custom-message preview after its step is confirmed, and the single-select list's height.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import {
  demoProduct,
  demoStore,
  departmentsOf,
  e2eDatabase,
  newApiKey,
  ownProduct,
} from "./support/api";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

/** The celebration cake (BK-2000) of the demo store's Bakery: a message, a photo, steps. */
async function cakePage(request: APIRequestContext): Promise<string> {
  return (await demoProduct(request, "Bakery", "Celebration Cake", "BK-2000")).path;
}

// Several scans and round trips per test, on a machine shared with other runs.
test.slow();

/** Is the element with focus inside the open dialog? */
const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null);

test("a product gone since the listing loaded: 'Product Error' in the quick view, the 404 view without JS", async ({
  page,
  request,
}) => {
  // A product of its own in another store than the demo home store other specs use, first in
  // the listing: taking it off the shelf changes no row another spec reads.
  const apiKey = await newApiKey(request);
  const stores = await request.get("/api/1/stores?limit=1000", {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const list = ((await stores.json()) as { data: { id: number }[] }).data;
  const home = await demoStore(request);
  const store = list.filter((s) => s.id !== home.id).at(-1);
  if (!store) throw new Error("the demo data has a single store");
  const grocery = (
    await departmentsOf(request, store.id, { authorization: `Bearer ${apiKey}` })
  ).get("Grocery");
  if (!grocery) throw new Error(`no Grocery at store ${store.id}`);
  const name = `Gone Jam ${test.info().testId.slice(0, 8)} ${test.info().project.name}`;
  const own = ownProduct(store.id, grocery.id, { remaining: null, leadTime: 0, name });
  const db = e2eDatabase();
  const setActive = (active: 0 | 1) =>
    db
      .prepare(
        "UPDATE department_products SET active = ? WHERE department_id = ? AND product_id = ?",
      )
      .run(active, grocery.id, own.id);
  try {
    db.prepare(
      `UPDATE department_products SET sticky = 1,
         popularity = (SELECT MAX(popularity) + 1 FROM department_products WHERE department_id = ?)
       WHERE department_id = ? AND product_id = ?`,
    ).run(grocery.id, grocery.id, own.id);

    await visit(page, `/stores/${store.id}/departments/${grocery.id}/products`);
    await closeStoreAlerts(page);
    const card = page.locator(`#product-${own.id} .product-card__link`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(name);
    const href = (await card.getAttribute("href"))!;
    // Opened directly, the quick view's read answers its own status, not 200 around a failure.
    expect((await page.request.get(`${href}/quick-view`)).status()).toBe(200);
    expect(setActive(0).changes).toBe(1);
    const direct = await page.request.get(`${href}/quick-view`);
    expect(direct.status()).toBe(404);
    expect(await direct.json()).toMatchObject({ quickView: "not-found" });
    await card.click();

    if (jsEnabled()) {
      const dialog = page.getByRole("dialog", { name: "Product Error" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("alert")).toHaveText(
        "Sorry, this product is out of stock or no longer available.",
      );
      await expect(dialog.getByRole("link", { name: "View Details" })).toHaveCount(0);
      expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
      expect(await focusInDialog(page)).toBe(true);
      await expectNoAxeViolations(page);
      // The listing stays; the dialog closes back to the card.
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(card).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/departments/${grocery.id}/products$`));
      await expectNoAxeViolations(page);
    } else {
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Product Error" })).toBeVisible();
      await expect(
        page.getByText("The requested product is currently out of stock or no longer available."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Grocery" })).toHaveAttribute(
        "href",
        `/stores/${store.id}/departments/${grocery.id}`,
      );
      await expect(page).toHaveTitle(/^Product Error/);
      await expectNoAxeViolations(page);
    }
  } finally {
    db.close();
  }
});

test("a photo needs the disclaimer accepted: a dialog with JS, a required checkbox without", async ({
  page,
  request,
}) => {
  await visit(page, await cakePage(request));
  const photo = page.getByLabel(/^Photo \(JPEG/);
  const disclaimer = /^By adding a photo you confirm that you took it/;

  if (jsEnabled()) {
    // No file input until the disclaimer is accepted.
    await expect(photo).toHaveCount(0);
    const opener = page.getByRole("button", { name: "Add a Photo", exact: true });
    await opener.click();
    let dialog = page.getByRole("dialog", { name: "Photo upload disclaimer" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await expect(dialog.getByText(disclaimer)).toBeVisible();
    expect(await focusInDialog(page)).toBe(true);
    await expectNoAxeViolations(page);

    // Cancel: no photo, back where the shopper was.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(photo).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Escape is a cancel too.
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(photo).toHaveCount(0);

    await opener.click();
    dialog = page.getByRole("dialog", { name: "Photo upload disclaimer" });
    await dialog.getByRole("button", { name: "Accept" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(photo).toBeEnabled();
    await expect(photo).toBeFocused();
    await expect(page.getByText("You accepted the photo upload disclaimer.")).toBeVisible();
    await expectNoAxeViolations(page);

    // The acceptance goes with the form: the server's verdict is about the file, not the consent.
    await photo.setInputFiles({
      name: "cake.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.locator("#item-photo-error")).toHaveText(
      "Error: The photo must be a JPEG, PNG, GIF or WebP image.",
    );
    await expect(page.locator("#item-photo-consent-error")).toHaveCount(0);
    return;
  }

  // Without JS: the disclaimer on the page, and a checkbox a photo requires.
  await expect(page.getByText(disclaimer)).toBeVisible();
  const consent = page.getByRole("checkbox", {
    name: "I accept the photo upload disclaimer (required to add a photo)",
  });
  await expect(consent).not.toBeChecked();
  await page.getByLabel("Your message").fill("Happy Birthday Emma!");
  await page.getByRole("radio", { name: /^Royal Blue/ }).check();
  await page.getByLabel("Name on Cake").fill("Emma");
  await photo.setInputFiles({
    name: "cake.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await page.getByRole("button", { name: "Add to Cart" }).click();

  await expect(page.locator("#item-photo-consent-error")).toHaveText(
    "Error: Please accept the photo disclaimer before adding a photo.",
  );
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  // Every entry kept.
  await expect(page.getByLabel("Your message")).toHaveValue("Happy Birthday Emma!");
  await expect(page.getByRole("radio", { name: /^Royal Blue/ })).toBeChecked();
  await expect(page.getByLabel("Name on Cake")).toHaveValue("Emma");
  await expect(page.getByRole("link", { name: /Cart/ }).locator(".badge")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the message preview shows once the message step is confirmed", async ({ page, request }) => {
  await visit(page, await cakePage(request));
  const preview = page.getByTestId("message-preview-text");

  const toggle = page.getByRole("button", { name: /Step \d+: Message\b/ });
  const messageStep = page.locator("li.step", { has: toggle });
  if (jsEnabled()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  const message = page.getByLabel("Your message");
  const blue = page.getByRole("radio", { name: /^Royal Blue/ });
  await message.fill("Happy Birthday Emma!");
  await blue.check();
  // A chosen colour and text are not yet a confirmed selection. With JS both are the form's own
  // state once they show (the field and the radio are controlled), and a preview would render
  // with that state: its frame, which the island loads into, is not there. Without JS the page
  // is as the server sent it.
  if (jsEnabled()) {
    await expect(message).toHaveValue("Happy Birthday Emma!");
    await expect(blue).toBeChecked();
    await expect(page.locator(".item-form__preview")).toHaveCount(0);
  }
  await expect(preview).toHaveCount(0);
  await expectNoAxeViolations(page);

  if (jsEnabled()) {
    await messageStep.getByRole("button", { name: /^(Next|Done)$/ }).click();
    await expect(preview).toHaveText("Happy Birthday Emma!");
    await expect(preview).toHaveCSS("color", "rgb(29, 78, 216)");
  } else {
    await page.getByRole("button", { name: "Preview Message" }).click();
    await expect(page).toHaveURL(/#message-preview-\d+$/);
    await expect(preview).toHaveText("Happy Birthday Emma!");
    await expect(preview).toHaveAttribute("fill", "#1d4ed8");
    await expect(
      page.getByText("Preview of your message on cake: “Happy Birthday Emma!”"),
    ).toBeVisible();
    // The round trip kept the entries and added nothing.
    await expect(page.getByLabel("Your message")).toHaveValue("Happy Birthday Emma!");
    await expect(page.getByRole("radio", { name: /^Royal Blue/ })).toBeChecked();
    await expect(page.getByRole("link", { name: /Cart/ }).locator(".badge")).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});

test("a single-select list is at most 300 px tall and reachable by keyboard", async ({
  page,
  request,
}) => {
  await visit(page, await cakePage(request));
  await waitForHydration(page);
  const list = page.locator(".choices--single").first();
  await expect(list).toBeVisible();
  const style = await list.evaluate((el) => {
    const s = getComputedStyle(el);
    return { maxHeight: s.maxHeight, overflowY: s.overflowY };
  });
  expect(style).toEqual({ maxHeight: "300px", overflowY: "auto" });

  // Arrow keys reach the last choice, and it is scrolled into the list's view.
  const radios = list.getByRole("radio");
  const count = await radios.count();
  await radios.first().focus();
  await radios.first().check();
  for (let i = 1; i < count; i++) await page.keyboard.press("ArrowDown");
  await expect(radios.last()).toBeFocused();
  const [box, tile] = await Promise.all([
    list.boundingBox(),
    radios.last().locator("xpath=ancestor::label[1]").boundingBox(),
  ]);
  expect(tile!.y).toBeGreaterThanOrEqual(box!.y);
  expect(tile!.y + tile!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
  await expectNoAxeViolations(page);
});

test("the cake's message is drawn on the design as it is typed, or by 'Preview Message' without JS", async ({
  page,
  request,
}) => {
  await visit(page, await cakePage(request));
  const message = page.getByLabel("Your message");
  if (!jsEnabled()) {
    // Without scripts the server draws it once asked (the round trip is held above); the
    // design picture is the gallery's photos.
    await expect(page.getByTestId("builder-preview")).toHaveCount(0);
    await message.fill("Happy Birthday Emma!");
    await page.getByRole("button", { name: "Preview Message" }).click();
    await expect(page.getByTestId("message-preview-text")).toHaveText("Happy Birthday Emma!");
    await expectNoAxeViolations(page);
    return;
  }

  const design = page.getByTestId("builder-preview");
  const writing = design.getByTestId("builder-message");
  await expect(design).toBeVisible();
  await expect(writing).toBeHidden();
  const toggle = page.getByRole("button", { name: /Step \d+: Message\b/ });
  await toggle.click();
  await page.getByRole("radio", { name: /^Royal Blue/ }).check();
  await message.fill("Happy Birthday Emma!");
  // Drawn once typing pauses (500 ms), in the chosen colour, at a size from 11 to 28 px; the
  // picture's text alternative says it; and the shopper is still in the field they typed in.
  await expect(writing).toHaveText("Happy Birthday Emma!");
  await expect(writing).toHaveCSS("color", "rgb(29, 78, 216)");
  const sizeOf = () => writing.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const short = await sizeOf();
  expect(short).toBeGreaterThanOrEqual(11);
  expect(short).toBeLessThanOrEqual(28);
  await expect(design).toHaveAttribute(
    "aria-label",
    /the message “Happy Birthday Emma!”, writing color Royal Blue/,
  );
  await expect(message).toBeFocused();
  // On a phone's narrower picture (refitted once resizing pauses) a long message is written
  // smaller to stay on the cake, never under 11 px.
  await message.fill("Congratulations on your graduation Alex!");
  await expect(writing).toHaveText("Congratulations on your graduation Alex!");
  const wide = await sizeOf();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(sizeOf).toBeLessThan(wide);
  expect(await sizeOf()).toBeGreaterThanOrEqual(11);
  await design.scrollIntoViewIfNeeded();
  const [box, line] = await Promise.all([design.boundingBox(), writing.boundingBox()]);
  expect(line!.x).toBeGreaterThanOrEqual(box!.x);
  expect(line!.x + line!.width).toBeLessThanOrEqual(box!.x + box!.width);

  // 'Preview Message' shows the message's own preview at once, with no round trip, and
  // leaves focus on the button.
  const url = page.url();
  const previewButton = page.getByRole("button", { name: "Preview Message" });
  await previewButton.click();
  await expect(page.getByTestId("message-preview-text")).toHaveText(
    "Congratulations on your graduation Alex!",
  );
  await expect(previewButton).toBeFocused();
  expect(page.url()).toBe(url);
  await expectNoAxeViolations(page);

  // Cleared, the writing goes from the design.
  await message.fill("");
  await expect(writing).toBeHidden();
});

for (const width of [320, 375]) {
  test(`at ${width} px the cake's lists are not cut off and their labels wrap between words`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, await cakePage(request));
    const steps = ["Size & Flavor", "Decoration", "Message"];
    for (const title of steps) {
      if (jsEnabled()) {
        const toggle = page.getByRole("button", { name: new RegExp(`Step \\d+: ${title}\\b`) });
        if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
      }
      const lists = page.locator(".step__panel:not([hidden]) .choices");
      await expect(lists.first()).toBeVisible();
      // Each list is as tall as its tiles: nothing scrolls inside it, its last tile whole.
      for (const list of await lists.all()) {
        const fit = await list.evaluate((el) => {
          const last = el.lastElementChild!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return {
            name: el.lastElementChild!.textContent,
            scrolls: el.scrollHeight > el.clientHeight + 1,
            lastCut: last.bottom > box.bottom + 1,
          };
        });
        expect(fit, `${title}: ${fit.name}`).toMatchObject({ scrolls: false, lastCut: false });
      }
      // Every word of every choice's name sits on one line ('Decorator's', not 'Decorato r's').
      const split = await page
        .locator(".step__panel:not([hidden]) .choice__value")
        .evaluateAll((names) =>
          names.flatMap((el) => {
            const text = el.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return [];
            const words: string[] = [];
            const range = document.createRange();
            for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
              range.setStart(text, match.index);
              range.setEnd(text, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) words.push(match[0]);
            }
            return words;
          }),
        );
      expect(split, title).toEqual([]);
    }
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoAxeViolations(page);
  });
}
