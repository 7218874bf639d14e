/**
 * A card payment that cannot start, or no longer covers the order, never strands the shopper
 * (issue 26; spec §8 "Payment", "Card failed"), with and without JavaScript, on the server with
 * the order-system integration: with the payment gateway down for the shopper's order the pages
 * say so in §8's words and offer the ways on (another try, which reaches the gateway once it is
 * back; the store where the department allows it; pickup for a delivery); a hold the cart outgrew
 * is said at the checkout with a way to authorize again.
 */
import type { APIRequestContext } from "@playwright/test";
import { demoDepartment, e2eDatabase, oneClickProduct } from "./support/api";
import { fillAddress, storePlace } from "./support/delivery";
import { gatewayDownForOrder, pickUpOneProduct, toPaymentOptions } from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { sessionOf } from "./support/session";
import { chooseTimeThroughApi, startAs } from "./support/start";
import {
  expect,
  expectNoAxeViolations,
  test,
  visit,
  waitForHydration,
  type Page,
} from "./support/test";

test.use({ baseURL: FIXED_STORE_URL });

const GATEWAY = "There was a problem connecting to the payment gateway.";
const UNAVAILABLE = "Online payment is currently unavailable. Pay at the store instead.";
const REQUIRED =
  "This department requires online payment: please pay online before placing your order.";
const DELIVERY_PAID_ONLINE =
  "A delivery is paid online: please authorize your card before placing your order.";
const OUTGROWN =
  "Your order total has changed since your card was authorized: please authorize your card again.";

/** The page's own alert (not the shell's notices). */
const alertOf = (page: Page) => page.getByRole("main").getByRole("alert");

async function onPaymentOptions(page: Page) {
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Options" })).toBeVisible();
}

/** On the billing address picker (on in the e2e servers): 'Continue to Payment'. */
async function continueToPayment(page: Page) {
  await expect(page).toHaveURL(/\/addresses$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pay Online" })).toBeVisible();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
}

/** The provider's page reached (the start got through), scanned. */
async function onProviderPage(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expectNoAxeViolations(page);
}

/**
 * A new shopper's cart in the department, the gateway down for its order from before the time's
 * Next (which may start the payment). Answers the gateway's recovery.
 */
async function shopWithGatewayDown(
  page: Page,
  request: APIRequestContext,
  departmentName: string,
  way: "pickup" | "delivery",
) {
  let recover = () => {};
  await pickUpOneProduct(page, request, await demoDepartment(request, departmentName), {
    way,
    beforeTime: async () => (recover = await gatewayDownForOrder(page)),
  });
  return recover;
}

/**
 * On the payment options after a start failed: what is `said` (and not), 'Pay Online' off and
 * 'Pay At Store' offered; then the gateway recovers and 'Try Again' reaches its page.
 */
async function failedThenTryAgain(
  page: Page,
  recover: () => void,
  { said, unsaid }: { said: string[]; unsaid: string[] },
) {
  try {
    await onPaymentOptions(page);
    for (const sentence of said) await expect(alertOf(page)).toContainText(sentence);
    for (const sentence of unsaid) await expect(alertOf(page)).not.toContainText(sentence);
    await expect(page.getByRole("button", { name: "Pay Online" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Pay At Store" })).toBeEnabled();
    await expectNoAxeViolations(page);
  } finally {
    recover();
  }
  await page.getByRole("button", { name: "Try Again" }).click();
  await continueToPayment(page);
  await onProviderPage(page);
}

test("the gateway down: the payment options say so in §8's words, 'Pay Online' off, 'Pay At Store' offered; once it is back 'Try Again' reaches its page", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await toPaymentOptions(page, request);
  const recover = await gatewayDownForOrder(page);
  await page.getByRole("button", { name: "Pay Online" }).click();
  await continueToPayment(page);
  await failedThenTryAgain(page, recover, { said: [GATEWAY, UNAVAILABLE], unsaid: [REQUIRED] });
});

test("a department that takes payment online only: the failed start is said with 'Try Again', and 'Pay At Store' says why on the page", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Its pickup time goes straight to the gateway: down for this order from the start.
  const recover = await shopWithGatewayDown(page, request, "Catering", "pickup");
  await failedThenTryAgain(page, recover, { said: [GATEWAY, REQUIRED], unsaid: [UNAVAILABLE] });
  await page.getByRole("link", { name: /^Cancel and return to/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);

  // Back on the choice: the store is no way round the department's rule, and the page says so.
  await visit(page, "/payment-options");
  await onPaymentOptions(page);
  await expect(alertOf(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Pay At Store" }).click();
  await expect(alertOf(page)).toContainText(REQUIRED);
  await expect(page).toHaveURL(/\/payment-options$/);
  await expectNoAxeViolations(page);
});

test("a delivery whose card cannot be authorized: told why on its delivery information, the checkout no way round, 'Pick Up Instead' the way on", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const recover = await shopWithGatewayDown(page, request, "Grocery", "delivery");
  try {
    await expect(page).toHaveURL(/\/delivery-info$/);
    await waitForHydration(page);
    await fillAddress(page, await storePlace(request, await demoDepartment(request, "Grocery")));
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();

    await expect(alertOf(page)).toContainText(GATEWAY);
    await expect(alertOf(page)).toContainText(DELIVERY_PAID_ONLINE);
    await expect(page).toHaveURL(/\/delivery-info$/);
    await waitForHydration(page);
    // The entries are the order's delivery now: nothing to type again.
    await expect(page.getByLabel("Street Address")).toHaveValue("12 Nassau Street");
    await expectNoAxeViolations(page);

    // Another try, the gateway still down: said again.
    await alertOf(page).getByRole("button", { name: "Try Again" }).click();
    await expect(alertOf(page)).toContainText(GATEWAY);
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    // A delivery is paid online: the checkout sends it back here.
    await visit(page, "/checkout");
    await expect(page).toHaveURL(/\/delivery-info$/);
    await expect(alertOf(page)).toContainText(DELIVERY_PAID_ONLINE);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  } finally {
    recover();
  }

  await alertOf(page).getByRole("button", { name: "Pick Up Instead" }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Pickup/i);
});

test("a hold the cart outgrew: the checkout says it no longer covers the order, and 'Authorize Again' goes on to pay", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const grocery = await demoDepartment(request, "Grocery");
  const started = await startAs(page.context(), request, {
    department: grocery,
    products: [await oneClickProduct(request, grocery.departmentId, { anyLeadTime: true })],
    signedIn: { firstName: "Robin" },
  });
  await chooseTimeThroughApi(request, started.headers, started.orderId!);
  // Approved for one cent: the order's total has grown past it since.
  approvedHold(started.orderId!, 1);

  await visit(page, "/checkout");
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Review and Place Order" }),
  ).toBeVisible();
  const payment = page.locator("section", { has: page.getByRole("heading", { name: "Payment" }) });
  await expect(payment).toContainText(OUTGROWN);
  await expect(payment).not.toContainText("Paid online");
  await expectNoAxeViolations(page);

  await payment.getByRole("button", { name: "Authorize Again" }).click();
  await continueToPayment(page);
  await onProviderPage(page);
  expect((await sessionOf(page.context())).orderId).toBe(started.orderId);
});

/** The order's card authorized on the gateway's page for `amount` cents (as its notice leaves it). */
function approvedHold(orderId: number, amount: number) {
  const db = e2eDatabase("fixed-store");
  const now = new Date().toISOString();
  try {
    db.prepare(
      `INSERT INTO card_authorizations (order_id, attempt_key, gateway, gateway_reference,
         redirect_url, status, amount, card_brand, card_last_four, return_url, cancel_url,
         billing_address, created_at, updated_at)
       VALUES (?, ?, 'sandbox', ?, NULL, 'approved', ?, 'visa', '4242', ?, ?, NULL, ?, ?)`,
    ).run(
      orderId,
      `oe_${orderId}_e2e`,
      `ref_e2e_${orderId}`,
      amount,
      `${FIXED_STORE_URL}/card-authorization/process`,
      `${FIXED_STORE_URL}/card-authorization/cancel`,
      now,
      now,
    );
  } finally {
    db.close();
  }
}
