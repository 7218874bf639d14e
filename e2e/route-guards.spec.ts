/**
 * The route guard's answers (spec §2 route-meta flags, §5 messages), with and without JavaScript,
 * on the e2e server's default features (the order-system switch off): a guest in Catering, whose
 * department requires sign-in (demo seed), is asked to sign in and never reaches checkout or a
 * placed order; past orders need the MWG integration; checkout needs an order. On the server with
 * the integration, a signed-out shopper on a page for signed-in shoppers signs in and comes back
 * to it. Axe on every page.
 */
import type { APIRequestContext } from "@playwright/test";
import { demoDepartment, demoStore, oneClickProduct } from "./support/api";
import { FIXED_STORE_URL } from "./support/servers";
import { sessionOf } from "./support/session";
import { registerOnProvider } from "./support/sign-in";
import { chooseTimeThroughApi, oneClickOf, startAs } from "./support/start";
import { expect, expectNoAxeViolations, test, visit, waitForHydration } from "./support/test";

const SIGN_IN_MESSAGE = "Please sign in to your account to place an order in this department.";

interface CateringProduct {
  storeId: number;
  departmentId: number;
  productId: number;
  name: string;
}

/** A Catering product of the demo store with no required choice and no stock limit. */
async function cateringProduct(request: APIRequestContext): Promise<CateringProduct> {
  const catering = await demoDepartment(request, "Catering");
  // The seed's premise: Catering takes orders from signed-in shoppers only.
  expect(catering.requiresSignIn).toBe(true);
  const product = await oneClickProduct(request, catering.departmentId, { anyLeadTime: true });
  return {
    storeId: catering.storeId,
    departmentId: catering.departmentId,
    productId: product.id,
    name: product.name,
  };
}

test("a guest is turned away where the department requires sign-in (Catering) and never places the order", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const product = await cateringProduct(request);
  await visit(
    page,
    `/stores/${product.storeId}/departments/${product.departmentId}/products/${product.productId}`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toContainText(product.name);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName(
    /1 item/,
  );

  // The cart says it first, before a time is chosen, with the way to sign in.
  await visit(page, "/cart");
  const notice = page.getByRole("region", { name: "Sign in to order from Catering" });
  await expect(notice).toContainText("Catering takes orders from signed-in shoppers only.");
  await expect(notice.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The pickup time is open to guests; after it, Catering asks them to sign in (spec §4).
  await visit(page, "/fulfillment-time");
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose Your Pickup Time" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/auth-request$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Please Sign In" })).toBeVisible();
  await expect(
    page.getByText("This department needs you to sign in before you place an order."),
  ).toBeVisible();
  // Spec §2: 'Checkout As Guest' only where guest checkout is allowed.
  await expect(page.getByRole("link", { name: "Checkout As Guest" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Going to /checkout anyway: back to the cart, which says why.
  await visit(page, "/checkout");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(SIGN_IN_MESSAGE)).toBeVisible();
  await expectNoAxeViolations(page);

  // The order is still the shopper's open cart: nothing was placed.
  const { apiKey, orderId } = await sessionOf(context);
  expect(orderId, "the session's working order").toBeGreaterThan(0);
  const order = await request.get(`/api/1/orders/${orderId}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(order.ok()).toBe(true);
  expect(((await order.json()) as { data: { status: string } }).data.status).toBe("incomplete");
});

test("past orders need the order-system integration: without it, the MWG message", async ({
  page,
  request,
}) => {
  const store = await demoStore(request);
  // Home offers no 'See Previous Orders' without the integration (spec §2).
  await visit(page, "/");
  await expect(page.getByRole("button", { name: "See Previous Orders" })).toHaveCount(0);

  const response = await visit(page, `/stores/${store.id}/orders`);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Error 404: Not Found." }),
  ).toBeVisible();
  await expect(
    page.getByText("This page requires MWG API support, but this brand does NOT support it."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("checkout without an order: the order-required message", async ({ page }) => {
  const response = await visit(page, "/checkout");
  expect(response?.status()).toBe(400);
  await expect(
    page.getByRole("heading", { level: 1, name: "Error 400: Bad Request." }),
  ).toBeVisible();
  await expect(
    page.getByText("This page requires an existing order but no order has been started."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("with the order-system integration", () => {
  test.use({ baseURL: FIXED_STORE_URL });

  test("a signed-out shopper on /payment-options is asked to sign in to pay online, and comes back there signed in", async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    const product = await oneClickOf(request, "Grocery");
    const started = await startAs(context, request, {
      department: "Grocery",
      products: [{ id: product.id }],
    });
    await chooseTimeThroughApi(request, started.headers, started.orderId!);

    await visit(page, "/payment-options");
    await expect(page).toHaveURL(/\/auth-request\?returnTo=%2Fpayment-options$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Please Sign In" })).toBeVisible();
    await expect(page.getByText("Please sign in to your account to pay online.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await registerOnProvider(page);
    await expect(page).toHaveURL(/\/payment-options$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Options" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay Online" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
