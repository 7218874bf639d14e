/**
 * Paying online for a pickup order (spec §2 /payment-options, /card-authorization/*, §4 "Card
 * authorization", §8), with and without JavaScript, on the server with the order-system
 * integration (online payment needs it): a new shopper signs in, fills a Grocery cart, chooses a
 * pickup time, and is asked how to pay. 'Pay Online' goes (through the billing address picker,
 * e2e/addresses.spec.ts) to the payment provider's page (the in-process sandbox); its test cards
 * approve, decline or are cancelled.
 */
import { demoDepartment } from "./support/api";
import { fillCustomer } from "./support/checkout";
import {
  APPROVES,
  authorizeOnProvider,
  DECLINES,
  payOnline,
  payWithCard,
  pickUpOneProduct,
  toPaymentOptions,
} from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, test, waitForHydration } from "./support/test";

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
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
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

  await page.getByRole("button", { name: /^(Next|Pick Up in Store)$/ }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Pay At Store" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
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
