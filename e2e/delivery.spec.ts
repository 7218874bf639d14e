/**
 * Delivery (spec §2 /delivery-info, /checkout's delivery address, /confirmation's delivery
 * description; §4 "Checkout flow after choosing pickup time", "Delivery info submit"; §5 tip and
 * delivery form; §8), with and without JavaScript, on the server with the order-system
 * integration: a new shopper signs in, fills a cart, chooses Delivery and a time, gives the
 * address and a tip, authorizes the card on the provider's page and places the order. Floral
 * delivers with the store's own drivers, Grocery through the delivery partner (its sandbox
 * refuses the test zip code 99999 as outside its area).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { demoDepartment } from "./support/api";
import { expectThankYou } from "./support/checkout";
import { fillAddress, storePlace } from "./support/delivery";
import { APPROVES, authorizeOnProvider, pickUpOneProduct } from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, expectNoAxeViolations, jsEnabled, test, waitForHydration } from "./support/test";

test.use({ baseURL: FIXED_STORE_URL });

/** On /delivery-info, reached from the delivery time's Next. */
async function toDeliveryInfo(page: Page, request: APIRequestContext, name: string) {
  const department = await demoDepartment(request, name);
  const product = await pickUpOneProduct(page, request, department, { way: "delivery" });
  await expect(page).toHaveURL(/\/delivery-info$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Delivery Information" })).toBeVisible();
  // Cart, time, these details (paid from here), review.
  await expect(page.getByText("Step 3 of 4", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  return { department, product, place: await storePlace(request, department) };
}

const summaryFigure = (page: Page, name: string) =>
  page
    .getByRole("complementary")
    .locator(".totals__row", { has: page.getByText(name, { exact: true }) })
    .locator("dd");

/** The 10 % tip chosen; the summary shows it (live with scripts, after 'Update' without). */
async function chooseTenPercent(page: Page) {
  const orderTotal = await summaryFigure(page, "Order Total").innerText();
  const cents = Math.round(Number(orderTotal.replace(/[^\d.]/g, "")) * 100);
  await page.getByRole("radio", { name: "10%" }).check();
  if (!jsEnabled()) await page.getByRole("button", { name: "Update" }).click();
  await expect(summaryFigure(page, "Tip")).toHaveText(
    `$${(Math.round(cents / 10) / 100).toFixed(2)}`,
  );
}

for (const { name, partner } of [
  { name: "Floral", partner: false },
  { name: "Grocery", partner: true },
]) {
  test(`delivery from ${name}: address and a 10% tip, the card authorized, the order placed with its delivery description`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { place } = await toDeliveryInfo(page, request, name);
    await fillAddress(page, place);
    await chooseTenPercent(page);
    // The entries are kept across the summary's update (without scripts it is a post).
    await expect(page.getByLabel("Street Address")).toHaveValue("12 Nassau Street");

    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await authorizeOnProvider(page, APPROVES);

    await expect(page).toHaveURL(/\/checkout$/);
    await waitForHydration(page);
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { name: "Delivery Address" })).toBeVisible();
    await expect(main).toContainText("12 Nassau Street");
    await expect(page.getByRole("heading", { name: "Delivery Time" })).toBeVisible();
    await expect(main).toContainText("Paid online with Visa ending in 4242");
    await expect(page.getByText("Step 4 of 4", { exact: true })).toBeVisible();
    // The fee and the tip are lines of the estimated total.
    await expect(page.getByRole("complementary")).toContainText("Delivery Fee");
    await expect(page.getByRole("complementary")).toContainText("Tip");
    // Who receives it was given on the delivery form: no pickup person or location is asked.
    await expect(page.getByLabel("Mobile Phone")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Pickup Location" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/confirmation$/);
    await expectThankYou(page);
    await expect(page.getByRole("heading", { name: "Delivery Address" })).toBeVisible();
    await expect(main).toContainText("12 Nassau Street");
    // Spec §9: the partner's image shows for a DoorDash delivery.
    if (partner) await expect(main.getByRole("img", { name: "DoorDash" })).toBeVisible();
    else await expect(main).toContainText("Someone should be home to receive the flowers.");
    await expectNoAxeViolations(page);
  });
}

test("an address outside the delivery area: the partner's error beside the street address, every entry and the tip kept for the next try", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { place } = await toDeliveryInfo(page, request, "Grocery");
  await fillAddress(page, { ...place, zip: "99999" });
  await page.getByRole("radio", { name: "Other" }).check();
  await page.getByLabel("Other tip amount, in dollars").fill("3.50");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();

  await expect(page).toHaveURL(/\/delivery-info$/);
  const street = page.getByLabel("Street Address");
  await expect(street).toHaveAccessibleDescription(/outside the delivery area/);
  await expect(street).toHaveValue("12 Nassau Street");
  await expect(page.getByLabel("Zip Code")).toHaveValue("99999");
  await expect(page.getByRole("radio", { name: "Other" })).toBeChecked();
  await expect(page.getByLabel("Other tip amount, in dollars")).toHaveValue("3.50");
  await expect(summaryFigure(page, "Tip")).toHaveText("$3.50");
  await expectNoAxeViolations(page);

  // Sent again with the zip code mended, the tip goes with it.
  await page.getByLabel("Zip Code").fill(place.zip);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await authorizeOnProvider(page, APPROVES);
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(
    page.getByRole("complementary").locator(".totals__row", { hasText: "Tip" }),
  ).toContainText("$3.50");
  await expectNoAxeViolations(page);
});

test("the delivery form's own checks: required fields and a zip code of 5 or 5+4 digits", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { place } = await toDeliveryInfo(page, request, "Floral");
  await fillAddress(page, { ...place, zip: "123" });
  await page.getByLabel("City").fill("");
  await page.getByRole("radio", { name: "Other" }).check();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();

  await expect(page.getByLabel("City")).toHaveAccessibleDescription(/The city field is required/);
  await expect(page.getByLabel("Zip Code")).toHaveAccessibleDescription(
    /Please input a 5 digit zip code, or 5\+4 digits/,
  );
  await expect(page.getByLabel("Other tip amount, in dollars")).toHaveAccessibleDescription(
    /Please enter a tip amount\./,
  );
  await expect(page.getByLabel("Street Address")).toHaveValue("12 Nassau Street");
  await expectNoAxeViolations(page);
});
