/**
 * Paying online for a pickup order (spec §2 /payment-options, /card-authorization/*, §4 "Card
 * authorization", §8), with and without JavaScript, on the server with the order-system
 * integration (online payment needs it): a new shopper signs in, fills a Grocery cart, chooses a
 * pickup time, and is asked how to pay. 'Pay Online' goes (through the billing address picker,
 * e2e/addresses.spec.ts) to the payment provider's page (the in-process sandbox); its test cards
 * approve, decline or are cancelled. A delivery's declined card is said on its delivery
 * information, another card the first way on (it cannot be paid at the store).
 */
import { demoDepartment } from "./support/api";
import { expectThankYou, fillCustomer } from "./support/checkout";
import { fillAddress, storePlace } from "./support/delivery";
import {
  APPROVES,
  authorizeOnProvider,
  DECLINES,
  payAtStoreFromCart,
  payOnline,
  payWithCard,
  pickUpOneProduct,
  toPaymentOptions,
} from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, expectNoAxeViolations, jsEnabled, test, waitForHydration } from "./support/test";

test.use({ baseURL: FIXED_STORE_URL });

test("pickup paid online: the provider's page approves the card, the checkout says so, the order is placed", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await toPaymentOptions(page, request);
  await payWithCard(page, APPROVES);

  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByText("Your card is authorized.")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Paid online with Visa ending in 4242");
  await fillCustomer(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expectThankYou(page);
});

test("a declined card: back on the cart, told so; Pay At Store then checks out as before", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await toPaymentOptions(page, request);
  await payWithCard(page, DECLINES);

  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(
    page.getByText("Your card was declined. Try another card, or pay at the store."),
  ).toBeVisible();

  await payAtStoreFromCart(page);
  await expect(page.getByRole("main")).toContainText("Pay at the store");
});

test("cancelled on the provider's page: back on the cart, nothing paid", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await toPaymentOptions(page, request);
  await payOnline(page);
  await page.getByRole("link", { name: /^Cancel and return to/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toContainText(product.name);
});

test("a department that takes payment online only: the pickup time leads straight to the provider, and a declined card says what is left", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const catering = await demoDepartment(request, "Catering");
  const read = await request.get(`/api/1/departments/${catering.departmentId}`, {
    headers: catering.headers,
  });
  // The seed's premise: this store's Catering takes remote orders paid online only.
  expect(
    ((await read.json()) as { data: { remote_orders_require_online_payment: boolean } }).data
      .remote_orders_require_online_payment,
  ).toBe(true);
  await pickUpOneProduct(page, request, catering);

  // No choice to make: the provider's page, as a whole page with or without scripts.
  await authorizeOnProvider(page, DECLINES);
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expect(
    page.getByText(
      "Your card was declined. This department takes payment online only: please try another card.",
    ),
  ).toBeVisible();
});

test("a delivery's declined card: back on its delivery information, told so, 'Try Another Card' first and pickup second; another card is authorized", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const grocery = await demoDepartment(request, "Grocery");
  await pickUpOneProduct(page, request, grocery, { way: "delivery" });
  await expect(page).toHaveURL(/\/delivery-info$/);
  await waitForHydration(page);
  await fillAddress(page, await storePlace(request, grocery));
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await authorizeOnProvider(page, DECLINES);

  await expect(page).toHaveURL(/\/delivery-info$/);
  await waitForHydration(page);
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Your card was declined.");
  await expect(alert).toContainText(
    "A delivery is paid online: try another card, or pick up your order at the store instead.",
  );
  // Nothing a delivery cannot do: no paying at the store, not the cart's pickup choice.
  await expect(page.getByRole("main")).not.toContainText("pay at the store");
  await expect(page.getByRole("button", { name: "Pick Up in Store" })).toHaveCount(0);
  // Another card first (the primary button), pickup second.
  await expect(alert.getByRole("button")).toHaveText(["Try Another Card", "Pick Up Instead"]);
  await expect(alert.getByRole("button", { name: "Try Another Card" })).toHaveClass(
    /button--primary/,
  );
  await expect(alert.getByRole("button", { name: "Pick Up Instead" })).toHaveClass(
    /button--secondary/,
  );
  // With scripts the alert takes focus, so the news is read first.
  if (jsEnabled()) await expect(alert).toBeFocused();
  // The entries are the order's delivery: nothing to type again.
  await expect(page.getByLabel("Street Address")).toHaveValue("12 Nassau Street");
  await expectNoAxeViolations(page);

  await alert.getByRole("button", { name: "Try Another Card" }).click();
  await authorizeOnProvider(page, APPROVES);
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
  await expect(page.getByRole("main")).toContainText("Paid online with Visa ending in 4242");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});
