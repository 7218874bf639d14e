/**
 * Lite mode (issue 12): with 'Lite version' chosen in the footer, or a browser that asks to save
 * data, every page comes without a single script, and a guest still orders from the home page
 * to the confirmation. Runs in the JavaScript project only: the browser could run scripts, the
 * storefront sends none (the no-JS project strips them anyway, so it could not tell).
 */
import { demoDepartment, oneClickProduct } from "./support/api";
import { control } from "./support/page";
import { expect, expectNoAxeViolations, test, waitForHydration, type Page } from "./support/test";

// A whole checkout with axe on every page, on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 });

/** A page as the browser shows it: loaded, no script in it, and clean for axe. */
async function expectLitePage(page: Page) {
  await page.waitForLoadState("load");
  await expect(page.locator("script")).toHaveCount(0);
  // Held preloads (decision 049) count too: lite mode renders none at all.
  await expect(page.locator("link[rel*=modulepreload]")).toHaveCount(0);
  await expect(
    page.getByRole("contentinfo").getByRole("button", { name: "Full version" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
}

/** The store's alerts, shown one at a time as plain pages' dialogs: close each (no script). */
async function closeAlerts(page: Page) {
  for (let shown = 0; shown < 10; shown += 1) {
    const close = page
      .getByRole("dialog")
      .getByRole("link", { name: "Close" })
      .or(page.getByRole("dialog").getByRole("button", { name: "Close" }));
    if ((await close.count()) === 0) return;
    await close.first().click();
    // A page of its own (no script closes it in place): waited on and scanned.
    await waitForHydration(page);
  }
}

test("the Lite version serves every page without a script, and a guest orders through it", async ({
  page,
  request,
}) => {
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  await page.getByRole("contentinfo").getByRole("button", { name: "Lite version" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectLitePage(page);

  await page.goto(`/stores/${grocery.storeId}/departments`);
  await expectLitePage(page);
  await closeAlerts(page);
  await page.goto(
    `/stores/${grocery.storeId}/departments/${grocery.departmentId}/products/${product.id}`,
  );
  await expectLitePage(page);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await expect(cartLink).toHaveAccessibleName(/1 item/);
  await expectLitePage(page);

  await cartLink.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expectLitePage(page);
  const recommendations = page.getByRole("dialog", { name: "You May Also Like" });
  if (await recommendations.count()) {
    await control(recommendations, "Close").click();
    await waitForHydration(page);
  }
  await page.getByRole("button", { name: "Next", exact: true }).click();

  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await expectLitePage(page);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expectLitePage(page);
  await page.getByLabel("First Name", { exact: true }).fill("Lee");
  await page.getByLabel("Last Name", { exact: true }).fill("Light");
  await page.getByLabel("Email", { exact: true }).fill("lee.light@example.com");
  await page.getByLabel("Mobile Phone", { exact: true }).fill("(609) 555-0199");
  const locations = page.getByRole("group", { name: "Pickup Location" });
  if (await locations.count()) await locations.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  await expectLitePage(page);

  // The full version comes back with the shopper's own choice, on the same page.
  await page.getByRole("contentinfo").getByRole("button", { name: "Full version" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
});

test.describe("a browser that saves data", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("gets the lite version until the shopper chooses the full one", async ({ page }) => {
    await page.goto("/stores");
    await expectLitePage(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Full version" }).click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await expect(
      page.getByRole("contentinfo").getByRole("button", { name: "Lite version" }),
    ).toBeVisible();
  });
});
