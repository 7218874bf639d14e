/**
 * The signed-in half without any script, as the issue asks it to be shown: curl with one cookie
 * jar, from the checkout to the provider's sign-in and back, signed in; the star; a placed order
 * on 'Past Orders at …' with Edit, Cancel and Reorder (on the server with the integration); cookies copied before the
 * sign-in or before Sign Out open nothing after it; a forged or missing state at /sso-return
 * signs nobody in. (HTTP only: the "api" project, no browser.)
 */
import { test, expect } from "@playwright/test";
import { deliAndBakeryOf, plainDeliProduct } from "./support/cart";
import { demoDepartment, demoStore, oneClickProduct } from "./support/api";
import { CurlShopper, pageText, type CurlPage } from "./support/curl";
import { FIXED_STORE_URL } from "./support/servers";

const says = (page: CurlPage, text: string) =>
  expect(pageText(page), `${page.url.pathname}: ${text}`).toContain(text);

/** The breadcrumb's last crumb, the page the shopper is on. */
const currentCrumb = (page: CurlPage) =>
  /<nav aria-label="Breadcrumb"[\s\S]*?aria-current="page"[^>]*>([^<]*)</.exec(page.html)?.[1];

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

/** The star's pressed state for `name` on the page (true, false), or null when there is none. */
function starOf(page: CurlPage, name: string): boolean | null {
  for (const match of page.html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)) {
    if (!pageText({ ...page, html: match[2] ?? "" }).includes(`Favorite ${name}`)) continue;
    return /aria-pressed="true"/.test(match[1] ?? "");
  }
  return null;
}

/** The newest order on 'Past Orders at …': its number and id (from its own forms). */
function newestOrder(page: CurlPage): { number: string; id: string } {
  // The card runs to the next card (its item lines are a list of their own, so not to a `</li>`).
  const start = page.html.indexOf('<li class="card past-order"');
  const next = start < 0 ? -1 : page.html.indexOf('<li class="card past-order"', start + 1);
  const card = start < 0 ? "" : page.html.slice(start, next < 0 ? undefined : next);
  const heading = /<h2\b[^>]*>([\s\S]*?)<\/h2>/.exec(card)?.[1] ?? "";
  const number = /^Order (.+)$/.exec(pageText({ ...page, html: heading }))?.[1];
  const id = /name="orderId" value="(\d+)"/.exec(card)?.[1];
  if (!number || !id)
    throw new Error(`no past order on ${page.url.pathname}: ${card.slice(0, 600)}`);
  return { number, id };
}

/** From the cart: the pickup time, Pay At Store where asked, then Place Order. Answers the confirmation. */
async function placeFromCart(shopper: CurlShopper, cart: CurlPage): Promise<CurlPage> {
  // 'Pick Up in Store' where the department also delivers, else 'Next'.
  let page = await shopper.press(cart, /^(Next|Pick Up in Store)$/);
  expect(page.url.pathname).toBe("/fulfillment-time");
  expect(currentCrumb(page)).toBe("Pickup Time");
  // A day or two ahead, so the store has not started the order and it may still be changed.
  const days = /<select\b[^>]*name="day"[^>]*>([\s\S]*?)<\/select>/.exec(page.html)?.[1] ?? "";
  const dayValues = [...days.matchAll(/<option\b[^>]*value="([^"]+)"/g)].map((m) => m[1]!);
  const later = dayValues[2] ?? dayValues.at(-1);
  if (later) page = await shopper.press(page, "Update times", { day: later });
  page = await shopper.press(page, "Next");
  // A department that takes payment online asks first; this shopper pays at the store.
  if (page.url.pathname === "/payment-options") {
    expect(currentCrumb(page)).toBe("Payment Options");
    page = await shopper.press(page, "Pay At Store");
  }
  expect(page.url.pathname, pageText(page)).toBe("/checkout");
  // Where the department has several pickup locations, the shopper picks one: the first.
  const location =
    /<fieldset\b[\s\S]*?Pickup Location[\s\S]*?<input type="radio"[^>]*name="([^"]+)"[^>]*value="(\d+)"/.exec(
      page.html,
    );
  const choice: Record<string, string> = location ? { [location[1]!]: location[2]! } : {};
  page = await shopper.press(page, "Place Order", choice);
  expect(page.url.pathname, pageText(page)).toBe("/confirmation");
  says(page, "Thank You!");
  return page;
}

test.describe("with the order-system integration", () => {
  test.use({ baseURL: FIXED_STORE_URL });

  test("curl: Pat's star, her placed order on 'Past Orders at …', Edit, Cancel and Reorder", async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const department = await demoDepartment(request, "Grocery");
    const product = await oneClickProduct(request, department.departmentId);
    const productPath = `/stores/${department.storeId}/departments/${department.departmentId}/products/${product.id}`;
    const ordersPath = `/stores/${department.storeId}/orders`;
    const shopper = new CurlShopper(baseURL!);

    let page = await shopper.get(productPath);
    expect(starOf(page, product.name), "a guest has no star").toBeNull();
    page = await shopper.press(page, "Sign In");
    page = await shopper.press(page, "Sign in", {
      email: "pat@example.com",
      password: "pat-password",
    });
    expect(page.url.pathname).toBe(productPath);
    says(page, "Hi, Pat");

    // The star appears, and a press sets it (and sets it back) on the page it came from.
    expect(starOf(page, product.name)).toBe(false);
    page = await shopper.press(page, `Favorite ${product.name}`);
    expect(page.url.pathname).toBe(productPath);
    expect(starOf(page, product.name)).toBe(true);
    page = await shopper.press(page, `Favorite ${product.name}`);
    expect(starOf(page, product.name)).toBe(false);

    // A placed order shows on 'Past Orders at …', newest first.
    page = await shopper.press(page, "Add to Cart");
    page = await placeFromCart(shopper, await shopper.get("/cart"));
    page = await shopper.get(ordersPath);
    says(page, "Past Orders at");
    const placed = newestOrder(page);
    expect(pageText(page)).toContain(`Order ${placed.number}`);

    // Edit: 'Important!', then the order is back in the cart, to be placed again.
    page = await shopper.follow(page, `Edit order ${placed.number}`, `order=${placed.id}`);
    says(page, "Important!");
    page = await shopper.press(page, "Edit Order", {}, ["orderId", placed.id]);
    expect(page.url.pathname).toBe("/cart");
    says(page, product.name);
    await placeFromCart(shopper, page);

    // Cancel: asked first, then cancelled.
    page = await shopper.get(ordersPath);
    // Placed again: the same order, under a new number.
    const again = newestOrder(page);
    expect(again.id).toBe(placed.id);
    page = await shopper.follow(page, `Cancel order ${again.number}`, `order=${placed.id}`);
    says(page, "Are You Sure You Want To Cancel This Order?");
    page = await shopper.press(page, "Yes, Cancel Order", {}, ["orderId", placed.id]);
    expect(page.url.pathname).toBe(ordersPath);
    says(page, "cancelled");

    // Reorder: a new cart with the same items.
    page = await shopper.press(page, `Reorder order ${again.number}`, {}, ["orderId", placed.id]);
    expect(page.url.pathname).toBe("/cart");
    says(page, product.name);
  });

  test("curl: Pat's delivery from Floral, a 10% tip, card 4242 on the provider's page, placed with its delivery description", async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const department = await demoDepartment(request, "Floral");
    const product = await oneClickProduct(request, department.departmentId, { anyLeadTime: true });
    const store = await request.get(`/api/1/stores/${department.storeId}`, {
      headers: department.headers,
    });
    const place = ((await store.json()) as { data: { state: string; zip_code: string } }).data;
    const shopper = new CurlShopper(baseURL!);

    let page = await shopper.get(
      `/stores/${department.storeId}/departments/${department.departmentId}/products/${product.id}`,
    );
    page = await shopper.press(page, "Sign In");
    page = await shopper.press(page, "Sign in", {
      email: "pat@example.com",
      password: "pat-password",
    });
    says(page, "Hi, Pat");
    page = await shopper.press(page, "Add to Cart");
    page = await shopper.press(await shopper.get("/cart"), "Delivery");
    expect(page.url.pathname).toBe("/fulfillment-time");
    says(page, "Delivery Time");
    expect(currentCrumb(page)).toBe("Delivery Time");
    // A day ahead: the slot is still there when the order is placed.
    const days = /<select\b[^>]*name="day"[^>]*>([\s\S]*?)<\/select>/.exec(page.html)?.[1] ?? "";
    const later = [...days.matchAll(/<option\b[^>]*value="([^"]+)"/g)].map((m) => m[1]!)[1];
    if (later) page = await shopper.press(page, "Update times", { day: later });
    page = await shopper.press(page, "Next");
    expect(page.url.pathname, pageText(page)).toBe("/delivery-info");
    says(page, "Delivery Information");

    const address = {
      address: "12 Nassau Street",
      city: "Princeton",
      state: place.state,
      zip_code: place.zip_code,
      phone: "(609) 555-0142",
      tip_choice: "10",
    };
    // 'Update' shows the 10% tip in the summary, the entries kept.
    page = await shopper.press(page, "Update", address);
    expect(page.html).toContain('value="12 Nassau Street"');
    const orderTotal = /Order Total<\/dt><dd>\$([\d.]+)/.exec(page.html)?.[1];
    const tip = /Tip<\/dt><dd>\$([\d.]+)/.exec(page.html)?.[1];
    expect(Math.round(Number(tip) * 100)).toBe(Math.round(Number(orderTotal) * 10));

    page = await shopper.press(page, "Proceed to Checkout", address);
    expect(page.url.pathname, pageText(page)).toMatch(/^\/sandbox\/pay\//);
    page = await shopper.press(page, /^Authorize \$/, {
      card_number: "4242 4242 4242 4242",
      expiry: "12/35",
      cvc: "123",
      name: "Pat Shopper",
    });
    expect(page.url.pathname, pageText(page)).toBe("/checkout");
    says(page, "Delivery Address");
    says(page, "12 Nassau Street");
    says(page, "Paid online with Visa ending in 4242");
    page = await shopper.press(page, "Place Order");
    expect(page.url.pathname, pageText(page)).toBe("/confirmation");
    says(page, "Thank You!");
    says(page, "Someone should be home to receive the flowers.");
  });
});
