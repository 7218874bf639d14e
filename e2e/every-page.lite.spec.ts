/**
 * Lite mode on every kind of page (issue 12, decision 014): with 'Lite version' chosen in the
 * footer, each page is loaded in a browser that could run scripts, and none is there to run: no
 * script fetched over the network, no <script> element, no script preload, no inline `on…=`
 * handler and no `javascript:` link. The shopper's state (a cart, a chosen time, a placed order, a
 * signed-in shopper) is made through the API and the sealed session cookie, or over HTTP at the
 * sign-in provider, not by walking the pages. Runs in the JavaScript project only (the no-JS
 * project strips scripts itself, so it could not tell).
 */
import { demoDepartment, oneClickProduct } from "./support/api";
import {
  cartOrder,
  choosePickup,
  placeOrder,
  registeredShopperSession,
  useSession,
} from "./support/orders";
import { FIXED_STORE_URL } from "./support/servers";
import { expect, test, waitForHydration, type Page } from "./support/test";

// Some twenty pages each, on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 });

/** Every script the page asks the network for, as it happens (kept for the whole test). */
function watchScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (["script", "worker"].includes(request.resourceType())) seen.push(request.url());
  });
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/javascript|ecmascript/i.test(type)) seen.push(response.url());
  });
  return seen;
}

/** What on the page could run a script, as the browser parsed it. */
function scriptsInDocument(page: Page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll("*")];
    const preload = (link: HTMLLinkElement) => {
      const rel = link.rel.toLowerCase().split(/\s+/);
      return (
        rel.includes("modulepreload") ||
        (rel.includes("preload") && link.getAttribute("as")?.toLowerCase() === "script")
      );
    };
    return {
      scripts: [...document.querySelectorAll("script")].map((s) => s.outerHTML.slice(0, 120)),
      preloads: [...document.querySelectorAll("link")].filter(preload).map((l) => l.outerHTML),
      handlers: all.flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((attribute) => `<${element.localName} ${attribute.name}>`),
      ),
      scriptLinks: [...document.querySelectorAll("a[href], form[action]")]
        .map((element) => element.getAttribute("href") ?? element.getAttribute("action") ?? "")
        .filter((address) => /^\s*javascript:/i.test(address)),
    };
  });
}

/**
 * Loads `path` in lite mode and checks it: the page asked for (no redirect elsewhere), with the
 * footer's 'Full version' (lite mode is on), its status, and nothing on it or fetched for it that
 * is a script.
 */
async function expectLitePage(page: Page, scripts: string[], path: string, status = 200) {
  const before = scripts.length;
  const response = await page.goto(path);
  await page.waitForLoadState("load");
  expect(response?.status(), `status of ${path}`).toBe(status);
  const url = new URL(page.url());
  expect(url.pathname + url.search, "the page asked for, not a redirect").toBe(path);
  await expect(
    page.getByRole("contentinfo").getByRole("button", { name: "Full version" }),
    `lite mode on ${path}`,
  ).toBeVisible();
  expect(await scriptsInDocument(page), `scripts on ${path}`).toEqual({
    scripts: [],
    preloads: [],
    handlers: [],
    scriptLinks: [],
  });
  expect(scripts.slice(before), `scripts fetched for ${path}`).toEqual([]);
  // The HTML as sent, too: the parsed page would lose Remix's preloads to a hydration.
  expect(scriptsInHtml(await response!.text()), `scripts in the HTML of ${path}`).toEqual([]);
  // Clean for axe too (a page without scripts needs no hydration: this only settles and scans).
  await waitForHydration(page);
}

/** Script tags, script preloads and inline handlers in a page's HTML as the server sent it. */
function scriptsInHtml(html: string): string[] {
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  return tags.filter(
    (tag) =>
      /^<script\b/i.test(tag) ||
      (/^<link\b/i.test(tag) &&
        (/\brel\s*=\s*["']?[^"'>]*\bmodulepreload\b/i.test(tag) ||
          (/\brel\s*=\s*["']?[^"'>]*\bpreload\b/i.test(tag) &&
            /\bas\s*=\s*["']?script\b/i.test(tag)))) ||
      /\son[a-z]+\s*=/i.test(tag),
  );
}

/** The footer's 'Lite version', from the home page: the choice is kept for the whole visit. */
async function chooseLite(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Lite version" }).click();
  await expect(
    page.getByRole("contentinfo").getByRole("button", { name: "Full version" }),
  ).toBeVisible();
  await waitForHydration(page);
}

/**
 * The footer's 'Full version' on the last page: the same page again, and this time its scripts
 * run (the browser always could; lite mode was what left them out).
 */
async function chooseFullVersion(page: Page, path: string) {
  await page.getByRole("contentinfo").getByRole("button", { name: "Full version" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
  await waitForHydration(page);
}

/** The href of the first link in `scope` matching `pattern` (read off a lite page). */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const found = hrefs.find((href) => pattern.test(href));
  if (!found) throw new Error(`no link like ${pattern} on ${page.url()}`);
  return found;
}

test("browsing, the cart, every checkout step and the confirmation come without a script", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const scripts = watchScripts(page);
  const grocery = await demoDepartment(request, "Grocery");
  const product = await oneClickProduct(request, grocery.departmentId);
  const store = `/stores/${grocery.storeId}`;
  const department = `${store}/departments/${grocery.departmentId}`;
  const catalogs = await request.get(`/api/1/catalogs?department=${grocery.departmentId}`, {
    headers: grocery.headers,
  });
  expect(catalogs.ok()).toBe(true);
  const catalog = ((await catalogs.json()) as { data: { id: number }[] }).data[0];
  if (!catalog) throw new Error("the demo Grocery has no catalog");

  await chooseLite(page);
  // Browsing, as a guest.
  for (const path of [
    "/",
    "/stores",
    `${store}/orders/new`,
    `${store}/departments`,
    department,
    `${department}/products`,
    `${department}/products?query=milk`,
    `${department}/products/${product.id}`,
    `${department}/catalogs/${catalog.id}`,
    `${department}/catalogs/${catalog.id}/pages/1`,
    "/policies/privacy",
  ])
    await expectLitePage(page, scripts, path);
  await page.goto(department);
  await waitForHydration(page);
  await expectLitePage(page, scripts, await firstHref(page, /\/categories\/\d+$/));

  // Error pages.
  await expectLitePage(page, scripts, "/no-such-page", 404);
  await expectLitePage(page, scripts, "/oops", 500);

  // A guest's cart (made through the API), then its checkout steps.
  const cart = await cartOrder(request, grocery.departmentId, product.id);
  await useSession(context, baseURL!, { apiKey: cart.apiKey, orderId: cart.orderId });
  for (const path of [
    "/cart",
    `/cart/items/${cart.itemId}/substitute`,
    "/fulfillment-time",
    "/auth-request",
  ])
    await expectLitePage(page, scripts, path);
  await choosePickup(request, cart);
  await expectLitePage(page, scripts, "/checkout");

  // A placed order's confirmation.
  const placed = await cartOrder(request, grocery.departmentId, product.id);
  await placeOrder(request, placed);
  await useSession(context, baseURL!, { apiKey: placed.apiKey, orderId: placed.orderId });
  await expectLitePage(page, scripts, "/confirmation");
  await chooseFullVersion(page, "/confirmation");
});

test.describe("a signed-in shopper, with the order-system integration", () => {
  test.use({ baseURL: FIXED_STORE_URL });

  test("past orders, favorites, payment options, billing addresses and delivery information come without a script", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const scripts = watchScripts(page);
    const grocery = await demoDepartment(request, "Grocery");
    const floral = await demoDepartment(request, "Floral");
    const product = await oneClickProduct(request, grocery.departmentId);
    const flowers = await oneClickProduct(request, floral.departmentId, { anyLeadTime: true });

    // A shopper of this test alone, registered at the provider over HTTP.
    const signedIn = await registeredShopperSession(baseURL!);
    const apiKey = signedIn.apiKey;

    // One order placed (for the past orders), one cart with a time chosen (to pay for).
    await placeOrder(request, await cartOrder(request, grocery.departmentId, product.id, apiKey));
    const cart = await cartOrder(request, grocery.departmentId, product.id, apiKey);
    await choosePickup(request, cart);
    await chooseLite(page);
    await useSession(context, baseURL!, { ...signedIn, orderId: cart.orderId });
    const store = `/stores/${grocery.storeId}`;
    for (const path of [
      `${store}/orders`,
      `${store}/departments/${grocery.departmentId}/products?favorites=1`,
      "/payment-options",
      "/addresses",
    ])
      await expectLitePage(page, scripts, path);

    // A delivery from Floral: its delivery information.
    const delivery = await cartOrder(request, floral.departmentId, flowers.id, apiKey);
    await choosePickup(request, delivery);
    await useSession(context, baseURL!, { ...signedIn, orderId: delivery.orderId });
    await expectLitePage(page, scripts, "/delivery-info");
    await chooseFullVersion(page, "/delivery-info");
  });
});
