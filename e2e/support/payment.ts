/**
 * Paying online (decision 021), the steps several journeys share: a new shopper signed in with a
 * product in the cart presses the pickup time's Next; 'Pay Online' (through /addresses, where the
 * billing address is chosen); and the sandbox provider's page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { demoDepartment, e2eDatabase, oneClickProduct, type E2eServer } from "./api";
import { cartLink } from "./cart";
import { control } from "./page";
import { chooseTimeAhead } from "./checkout";
import { sessionOf } from "./session";
import { registerShopper, signIn } from "./sign-in";
import { startAs } from "./start";
import { expect, expectNoAxeViolations, visit, waitForHydration } from "./test";

export const APPROVES = "4242 4242 4242 4242";
export const DECLINES = "4000 0000 0000 0002";

/**
 * A new shopper (or `shopper`) signed in, with one of the department's products in the cart, goes
 * on from the cart (Pick Up in Store, or Delivery) and presses the time's Next. Answers the
 * product. A new shopper starts signed in with the cart made through the API (e2e/support/start.ts);
 * `shopper` (a provider account, with its profile's addresses), or a new provider account when
 * `register` (the provider's address page knows only its own accounts), signs in on the product
 * page and adds it there.
 */
export async function pickUpOneProduct(
  page: Page,
  request: APIRequestContext,
  department: { storeId: number; departmentId: number },
  {
    shopper,
    register = false,
    way = "pickup",
    beforeTime,
  }: {
    shopper?: { email: string; password: string; firstName: string };
    register?: boolean;
    way?: "pickup" | "delivery";
    /** Done once the order exists, before the time's Next (which may start the payment). */
    beforeTime?: () => Promise<unknown>;
  } = {},
) {
  const product = await oneClickProduct(request, department.departmentId, { anyLeadTime: true });
  if (shopper || register) {
    await visit(
      page,
      `/stores/${department.storeId}/departments/${department.departmentId}/products/${product.id}`,
    );
    if (shopper) await signIn(page, shopper);
    else await registerShopper(page, "Robin");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
    await waitForHydration(page);
  } else {
    await startAs(page.context(), request, {
      department,
      products: [product],
      signedIn: { firstName: "Robin" },
    });
  }
  await visit(page, "/cart");
  // The cart offers more products once per order, in a dialog over it: the session is new (a
  // new shopper, or a sign-in, which begins one) and every seeded department has more products
  // than the one in the cart, so the offer is there, and is waited for.
  const offers = page.getByRole("dialog", { name: "You May Also Like" });
  await expect(offers).toBeVisible();
  await control(offers, "Close").click();
  await expect(offers).toBeHidden();
  // Without JavaScript, Close is a link back to the cart: a page of its own, waited on.
  await waitForHydration(page);
  await page
    .getByRole("button", { name: way === "delivery" ? "Delivery" : /^(Next|Pick Up in Store)$/ })
    .click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await beforeTime?.();
  await chooseTimeAhead(page);
  return product;
}

/**
 * The payment gateway down for the browser's order alone, as one that times out or answers
 * garbage is to the API: the sandbox cannot record the order's payment page (a trigger in the
 * server's database refuses it). Answers the gateway's recovery.
 */
export async function gatewayDownForOrder(
  page: Page,
  server: E2eServer = "fixed-store",
): Promise<() => void> {
  const { orderId } = await sessionOf(page.context());
  if (!orderId) throw new Error("the browser has no order");
  // The API's attempt keys are oe_{order id}_{random}.
  const prefix = `oe_${orderId}_`;
  const trigger = `e2e_gateway_down_${orderId}`;
  const run = (sql: string) => {
    const db = e2eDatabase(server);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };
  run(
    `CREATE TRIGGER ${trigger} BEFORE INSERT ON sandbox_payment_sessions
     WHEN substr(NEW.idempotency_key, 1, ${prefix.length}) = '${prefix}'
     BEGIN SELECT RAISE(ABORT, 'payment gateway down'); END`,
  );
  return () => run(`DROP TRIGGER IF EXISTS ${trigger}`);
}

/**
 * A new shopper, signed in, with one Grocery item in the cart: on /payment-options. `register`
 * makes the shopper an account of the provider's (see `pickUpOneProduct`).
 */
export async function toPaymentOptions(
  page: Page,
  request: APIRequestContext,
  { register = false }: { register?: boolean } = {},
) {
  const grocery = await demoDepartment(request, "Grocery");
  const product = await pickUpOneProduct(page, request, grocery, { register });
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Payment Options" })).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Payment Options" }),
  ).toHaveAttribute("aria-current", "page");
  // Cart, time, payment, review.
  await expect(page.getByText("Step 3 of 4", { exact: true })).toBeVisible();
  // The hold is said before the card is asked for.
  await expect(page.getByText(/^We hold up to \$\d+\.\d\d on your card/)).toBeVisible();
  await expectNoAxeViolations(page);
  return product;
}

/**
 * 'Pay Online' on /payment-options: the billing address picker first (FEATURE_BILLING_ADDRESSES,
 * on in the e2e servers), whose 'Continue to Payment' goes on to the provider's page.
 */
export async function payOnline(page: Page) {
  await page.getByRole("button", { name: "Pay Online" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pay Online" })).toBeVisible();
  // Still the payment stage of a pickup: cart, time, payment, review.
  await expect(page.getByText("Step 3 of 4", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
}

/** On the provider's page: the card typed and authorized. */
export async function payWithCard(page: Page, card: string) {
  await payOnline(page);
  await authorizeOnProvider(page, card);
}

/** The provider's page, reached: the card typed and authorized. */
export async function authorizeOnProvider(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry date (MM/YY)").fill("12/35");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Robin Shopper");
  await page.getByRole("button", { name: /^Authorize \$/ }).click();
}

/**
 * From the cart of a Grocery pickup, signed in: its pickup button, the time as it stands, 'Pay At
 * Store' on the payment options; on /checkout.
 */
export async function payAtStoreFromCart(page: Page) {
  await page.getByRole("button", { name: /^(Next|Pick Up in Store)$/ }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Pay At Store" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page);
}
