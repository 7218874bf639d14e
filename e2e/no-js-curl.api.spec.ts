/**
 * The signed-in half without any script, as the issue asks it to be shown: curl with one cookie
 * jar, from the checkout to the provider's sign-in and back, signed in; cookies copied before the
 * sign-in or before Sign Out open nothing after it; a forged or missing state at /sso-return
 * signs nobody in. (HTTP only: the "api" project, no browser.)
 */
import { test, expect } from "@playwright/test";
import { deliAndBakeryOf, plainDeliProduct } from "./support/cart";
import { demoStore } from "./support/api";
import { CurlShopper, pageText, type CurlPage } from "./support/curl";

const says = (page: CurlPage, text: string) =>
  expect(pageText(page), `${page.url.pathname}: ${text}`).toContain(text);

test("curl and one cookie jar: checkout, Sign In on the provider, back signed in", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const store = await demoStore(request);
  const { deli } = await deliAndBakeryOf(request, store.id);
  const product = await plainDeliProduct(request, deli);
  const shopper = new CurlShopper(baseURL!);

  let page = await shopper.get(`/stores/${store.id}/departments/${deli.id}/products/${product.id}`);
  expect(page.status).toBe(200);
  page = await shopper.press(page, "Add to Cart");
  expect(page.status, pageText(page)).toBe(200);
  page = await shopper.get("/cart");
  says(page, product.name);
  page = await shopper.press(page, "Next");
  expect(page.url.pathname).toBe("/fulfillment-time");
  page = await shopper.press(page, "Next");
  // A guest may check out in the Deli: the checkout, with the header's Sign In.
  expect(page.url.pathname).toBe("/checkout");
  says(page, "Review and Place Order");
  expect(page.html).not.toContain('value="pat@example.com"');

  const copiedBeforeSignIn = shopper.copy();
  page = await shopper.press(page, "Sign In");
  expect(page.url.pathname).toMatch(/^\/sandbox\/sso\/interaction\//);
  says(page, "Sign in");
  page = await shopper.press(page, "Sign in", {
    email: "pat@example.com",
    password: "pat-password",
  });
  // Back on the checkout, signed in, filled from Pat's profile.
  expect(page.url.pathname).toBe("/checkout");
  says(page, "Welcome back, Pat. You are signed in.");
  says(page, "Hi, Pat");
  expect(page.html).toContain('value="pat@example.com"');

  // The session began anew at sign-in: a copy of the cookies from before opens neither Pat's
  // account nor the order, which is Pat's now.
  const stale = await copiedBeforeSignIn.get("/checkout");
  expect(pageText(stale)).not.toContain("Hi, Pat");
  expect(stale.html).not.toContain("pat@example.com");

  // Sign Out ends it on both sides: a copy taken while signed in opens nothing afterwards.
  const copiedSignedIn = shopper.copy();
  page = await shopper.press(page, "Sign Out");
  says(page, "You are signed out.");
  for (const jar of [shopper, copiedSignedIn]) {
    const after = await jar.get("/checkout");
    expect(pageText(after)).not.toContain("Hi, Pat");
    expect(after.html).not.toContain("pat@example.com");
  }
});

test("curl: a forged or missing state at /sso-return signs nobody in", async ({ baseURL }) => {
  const shopper = new CurlShopper(baseURL!);
  for (const query of ["?state=forged&code=abc", "?code=abc", ""]) {
    const page = await shopper.get(`/sso-return${query}`);
    expect(page.url.pathname).toBe("/");
    says(page, "We could not sign you in. Please try again.");
    expect(pageText(page)).not.toContain("Hi, ");
  }
});
