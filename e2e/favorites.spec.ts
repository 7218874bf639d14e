/**
 * Favorites and the Price Plus Club line (spec §2 product page and cart row, §4 "Favorite", §6,
 * §9 favorites filter), with and without JavaScript: a signed-in shopper stars a product on its
 * page, finds it starred in the listing and under the Favorites filter, and unstars it there;
 * guests get no star and their post is refused; one shopper never sees another's favorites; a club
 * member sees the club discount in the cart and at checkout, a shopper without a card and guests
 * do not.
 *
 * Tests share one database and run two at a time: every test's shoppers are its own. The first
 * walks the sign-in (the provider's 'Create an account') and the star through the pages; the
 * others start signed in, their carts and stars made through the API (e2e/support/start.ts).
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { closeStoreAlerts } from "./support/alerts";
import { clubPricedProduct, demoDepartment, newApiKey } from "./support/api";
import { productCards } from "./support/page";
import { registerShopper } from "./support/sign-in";
import { newCardNumber, startAs } from "./support/start";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  visit,
  waitForHydration,
} from "./support/test";

const FAILED = "We could not update your favorites. Please try again.";
const SIGN_IN_FIRST = "Please sign in to keep favorites.";
const NO_FAVORITES =
  "You have no favorites here yet. Use the star on a product to add it to your favorites.";
const CLUB = /Price Plus Club savings −\$\d+\.\d\d/;

interface ListedProduct {
  id: number;
  name: string;
  discount_amount: number | null;
}

interface Grocery {
  storeId: number;
  departmentId: number;
  /** The first page of the listing, as the storefront sorts it (Most Popular). */
  products: ListedProduct[];
  listingPath: string;
  productPath: (id: number) => string;
}

async function grocery(request: APIRequestContext): Promise<Grocery> {
  const department = await demoDepartment(request, "Grocery");
  const answer = await request.get(
    `/api/1/products?department_id=${department.departmentId}&sort=popular&limit=50`,
    { headers: { authorization: `Bearer ${await newApiKey(request)}` } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  const base = `/stores/${department.storeId}/departments/${department.departmentId}`;
  return {
    storeId: department.storeId,
    departmentId: department.departmentId,
    products: ((await answer.json()) as { data: ListedProduct[] }).data,
    listingPath: `${base}/products`,
    productPath: (id) => `${base}/products/${id}`,
  };
}

/** The product page's star (its accessible name names the product). */
const pageStar = (page: Page, product: ListedProduct) =>
  page.getByRole("main").getByRole("button", { name: `Favorite ${product.name}`, exact: true });

/** A listing card's star. */
const cardStar = (page: Page, product: ListedProduct) =>
  page
    .locator(`#product-${product.id}`)
    .getByRole("button", { name: `Favorite ${product.name}`, exact: true });

/**
 * Presses a star and waits for the server's answer: with scripts the star changes at once (the
 * post goes in the background); without, the post comes back to the page. Then the page settles.
 */
async function pressStar(page: Page, star: Locator, pressed: boolean, { leavesList = false } = {}) {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith("/favorites/") &&
      response.request().method() === "POST",
  );
  await star.click();
  if (jsEnabled()) await expect(star).toHaveAttribute("aria-pressed", String(pressed));
  await answered;
  await waitForHydration(page);
  // Unstarred under the Favorites filter, the product leaves the list (the star with it).
  if (!leavesList) await expect(star).toHaveAttribute("aria-pressed", String(pressed));
  await expectNoAxeViolations(page);
}

/** The listing's Favorites filter, as a shopper turns it on (a menu with scripts, Apply without). */
async function filterFavorites(page: Page) {
  await page.locator(".filter-menu__toggle").click();
  const favorites = page.getByRole("checkbox", { name: "Favorites" });
  // With scripts the box applies itself at once (a navigation): a click, not a checked check.
  if (jsEnabled()) await favorites.click();
  else {
    await favorites.check();
    await page.getByRole("button", { name: "Apply" }).click();
  }
  await expect(page).toHaveURL(/[?&]favorites=1/);
  await waitForHydration(page);
}

test("a signed-in shopper stars a product on its page, finds it starred in the listing and under Favorites, and unstars it there", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const shop = await grocery(request);
  const [starred, other] = [shop.products[2]!, shop.products[3]!];

  await visit(page, shop.productPath(starred.id));
  await closeStoreAlerts(page);
  // Guests have no star (spec §6).
  await expect(pageStar(page, starred)).toHaveCount(0);

  await registerShopper(page, "Robin");
  await expect(page).toHaveURL(new RegExp(`${shop.productPath(starred.id)}$`));
  await expect(pageStar(page, starred)).toHaveAttribute("aria-pressed", "false");
  await pressStar(page, pageStar(page, starred), true);
  // Kept by the API: the page read again shows it starred.
  await visit(page, shop.productPath(starred.id));
  await expect(pageStar(page, starred)).toHaveAttribute("aria-pressed", "true");

  await visit(page, shop.listingPath);
  await closeStoreAlerts(page);
  await expect(cardStar(page, starred)).toHaveAttribute("aria-pressed", "true");
  await expect(cardStar(page, other)).toHaveAttribute("aria-pressed", "false");

  await filterFavorites(page);
  await expect(productCards(page)).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: /^1 product$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Unstarred under the filter, it leaves the list: nothing starred here any more.
  if (jsEnabled()) await page.keyboard.press("Escape"); // the filter menu closes
  await pressStar(page, cardStar(page, starred), false, { leavesList: true });
  await expect(productCards(page)).toHaveCount(0);
  await expect(page.getByText(NO_FAVORITES)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a star whose change fails stays as it was and says so", async ({ page, request }) => {
  test.setTimeout(90_000);
  const shop = await grocery(request);
  const product = shop.products[4]!;
  await startAs(page.context(), request, {
    department: "Grocery",
    signedIn: { firstName: "Alex" },
  });
  await visit(page, shop.productPath(product.id));
  const star = pageStar(page, product);
  await expect(star).toHaveAttribute("aria-pressed", "false");

  if (jsEnabled()) {
    // The request never arrives: the star goes back.
    await page.route("**/favorites/**", (route) => route.abort("connectionrefused"));
    await star.click();
  } else {
    // Without scripts the post is a page of its own: the server's failure is what can happen,
    // here a product the API no longer has (gone while the page was open).
    await star
      .locator("xpath=ancestor::form")
      .evaluate((form) => form.setAttribute("action", "/favorites/999999999"));
    await star.click();
    await waitForHydration(page);
    await expect(page).toHaveURL(new RegExp(`${shop.productPath(product.id)}$`));
  }
  await expect(page.getByRole("status").filter({ hasText: FAILED })).toBeVisible();
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await expectNoAxeViolations(page);
  if (jsEnabled()) await page.unroute("**/favorites/**");

  // Tried again, it works (and the notice stays until then).
  await pressStar(page, star, true);
});

test("guests get no star and no Favorites filter; a guest's post is refused with a message", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const shop = await grocery(request);
  const product = shop.products[0]!;
  await visit(page, shop.listingPath);
  await closeStoreAlerts(page);
  await expect(productCards(page).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Favorite / })).toHaveCount(0);
  await page.locator(".filter-menu__toggle").click();
  await expect(page.getByRole("checkbox", { name: "Specials" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Favorites" })).toHaveCount(0);

  await visit(page, shop.productPath(product.id));
  await expect(pageStar(page, product)).toHaveCount(0);

  // A post anyway (a stale page, a forged form): refused, never a 500.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const form = { csrf, intent: "favorite", favorite: "1" };
  const headers = { origin: baseURL! };
  const refused = await page.request.post(`/favorites/${product.id}`, { form, headers });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(SIGN_IN_FIRST);
  // Without scripts: back to the page, which says why.
  const back = await page.request.post(`/favorites/${product.id}`, {
    form: { ...form, redirectTo: shop.productPath(product.id) },
    headers,
    maxRedirects: 0,
  });
  expect(back.status()).toBe(303);
  expect(back.headers().location).toBe(shop.productPath(product.id));
  await visit(page, shop.productPath(product.id));
  await expect(page.getByText(SIGN_IN_FIRST)).toBeVisible();
  // Another site's address is never followed.
  const elsewhere = await page.request.post(`/favorites/${product.id}`, {
    form: { ...form, redirectTo: "//evil.example/" },
    headers,
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(403);
});

test("one shopper's favorite is theirs alone: another shopper sees it unstarred, a guest sees no star", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const shop = await grocery(request);
  const product = shop.products[10]!;
  const first = await startAs(context, request, { department: "Grocery", signedIn: {} });
  const starred = await request.put(`/api/1/products/${product.id}/favorite`, {
    headers: first.headers,
    data: { favorite: true },
  });
  expect(starred.ok(), await starred.text()).toBe(true);
  // Starred for its shopper, as the page shows it.
  await visit(page, shop.productPath(product.id));
  await expect(pageStar(page, product)).toHaveAttribute("aria-pressed", "true");

  await context.clearCookies();
  await startAs(context, request, { department: "Grocery" });
  await visit(page, shop.productPath(product.id));
  await expect(pageStar(page, product)).toHaveCount(0);

  await startAs(context, request, { department: "Grocery", signedIn: { firstName: "Sam" } });
  await visit(page, shop.productPath(product.id));
  await expect(page.getByRole("banner")).toContainText("Hi, Sam");
  await expect(pageStar(page, product)).toHaveAttribute("aria-pressed", "false");
  await visit(page, `${shop.listingPath}?favorites=1`);
  await expect(page.locator(`#product-${product.id}`)).toHaveCount(0);
  await expect(page.getByText(NO_FAVORITES)).toBeVisible();
});

/** A club-priced product with no choices to make (the seed prices a few in Grocery: butter). */
const clubProduct = (request: APIRequestContext, shop: Grocery) =>
  clubPricedProduct(request, shop.departmentId, "salted butter");

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("a club member sees the Price Plus Club line on the cart row, in the totals and at checkout", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const shop = await grocery(request);
  const product = await clubProduct(request, shop);
  await startAs(page.context(), request, {
    department: "Grocery",
    products: [product],
    signedIn: { firstName: "Pat", cardNumber: newCardNumber() },
  });
  await visit(page, "/cart");

  const saving = `Price Plus Club savings −${money(product.discount_amount)}`;
  const row = page.locator(".cart-item").filter({ hasText: product.name });
  await expect(row).toContainText(saving);
  const totals = page.getByRole("definition").filter({ hasText: "−" });
  await expect(totals.first()).toHaveText(`−${money(product.discount_amount)}`);
  await expect(page.locator(".totals")).toContainText("Price Plus Club savings");
  await expectNoAxeViolations(page);

  // The checkout's summary shows the same (the pickup time is asked first).
  await visit(page, "/checkout");
  if (/\/fulfillment-time$/.test(page.url())) {
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForHydration(page);
  }
  await expect(page.getByRole("main")).toContainText(saving);
  await expect(page.locator(".totals")).toContainText("Price Plus Club savings");
});

test("a signed-in shopper without a club card and a guest see no Price Plus Club line", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const shop = await grocery(request);
  const product = await clubProduct(request, shop);
  await startAs(context, request, { department: "Grocery", products: [product] });
  await visit(page, "/cart");
  await expect(page.locator(".cart-item").filter({ hasText: product.name })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Price Plus Club");

  await startAs(context, request, {
    department: "Grocery",
    products: [product],
    signedIn: { firstName: "Sam" },
  });
  await visit(page, "/cart");
  await expect(page.getByRole("banner")).toContainText("Hi, Sam");
  await expect(page.locator(".cart-item").filter({ hasText: product.name })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(CLUB);
  await expect(page.getByRole("main")).not.toContainText("Price Plus Club");
});
