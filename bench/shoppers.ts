/**
 * Shoppers for the load and audit scripts, made as a browser without scripts makes them: a
 * product to add with one click, and cookies of shoppers with an item in the cart (and a pickup
 * time chosen), with a placed order, or signed in (the sandbox provider's demo shopper) with a
 * placed order, for past orders.
 */
import { renderedForm } from "./forms";
import { CookieJar, get } from "./server";

/** A product of the department that a shopper adds with one click (no choice, lead time or stock limit). */
export async function oneClickProductPath(
  base: string,
  auth: Record<string, string>,
  storeId: number,
  departmentId: number,
): Promise<string> {
  const listing = (await (
    await get(`${base}/api/1/products?department_id=${departmentId}&limit=50`, auth)
  ).json()) as { data: { id: number; lead_time: number; remaining_quantity: number | null }[] };
  for (const product of listing.data) {
    if (product.lead_time !== 0 || product.remaining_quantity !== null) continue;
    const detail = (await (
      await get(
        `${base}/api/1/products/${product.id}?department_id=${departmentId}&include=facets`,
        auth,
      )
    ).json()) as { data: { facets?: { data: { required: boolean }[] } } };
    if ((detail.data.facets?.data ?? []).every((facet) => !facet.required)) {
      return `/stores/${storeId}/departments/${departmentId}/products/${product.id}`;
    }
  }
  throw new Error(`department ${departmentId} has no product to add with one click`);
}

/** The demo's shopper at the sandbox provider (api/integrations/identity/sandbox/accounts.ts). */
const DEMO_SHOPPER = { email: "pat@example.com", password: "pat-password" };

/**
 * Cookies of shoppers further along: one with an item in the cart and a pickup time chosen (for
 * the cart, pickup time and checkout pages), one whose order is placed (for the confirmation),
 * and, when `pastOrders` asks and the server has the sandbox provider and the order system on,
 * one signed in whose order is placed (for past orders; null otherwise). Made as a browser
 * without scripts makes them, through the pages' own forms.
 */
export async function shoppersWithOrders(
  base: string,
  storeId: number,
  productPath: string,
  { pastOrders = false } = {},
) {
  const walk = async (place: boolean, signIn = false) => {
    const jar = new CookieJar();
    const send = async (pagePath: string, form?: FormData) => {
      const response = await fetch(base + pagePath, {
        method: form ? "POST" : "GET",
        body: form,
        headers: { cookie: jar.header, origin: base },
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      });
      jar.update(response);
      const html = await response.text();
      if (response.status >= 400) {
        const title = /<title>([^<]*)/.exec(html)?.[1] ?? html.slice(0, 200);
        throw new Error(`${form ? "POST" : "GET"} ${pagePath}: HTTP ${response.status} (${title})`);
      }
      return html;
    };
    /** Follows redirects as a browser does (a post's answer is fetched with GET). */
    const follow = async (pagePath: string, form?: FormData | URLSearchParams) => {
      let url = new URL(pagePath, base);
      let body = form;
      for (let hops = 0; hops < 10; hops++) {
        const response = await fetch(url, {
          method: body ? "POST" : "GET",
          body,
          headers: { cookie: jar.header, origin: url.origin },
          redirect: "manual",
          signal: AbortSignal.timeout(15_000),
        });
        jar.update(response);
        const location = response.headers.get("location");
        if (response.status < 300 || response.status >= 400 || !location) {
          return { url, html: await response.text() };
        }
        await response.arrayBuffer();
        url = new URL(location, url);
        body = undefined;
      }
      throw new Error(`${pagePath}: too many redirects`);
    };
    const formOf = (html: string, marker: string, pagePath: string) => {
      const form = renderedForm(html, marker);
      if (!form) throw new Error(`${pagePath}: no form with '${marker}'`);
      return form.data;
    };
    const home = await send("/");
    if (signIn) {
      // The header's Sign In, the provider's form, and back on the storefront, signed in.
      const provider = await follow("/sign-in", formOf(home, ">Sign In<", "/"));
      const signInForm = renderedForm(provider.html, "Password");
      if (!signInForm?.action) throw new Error(`${provider.url.href}: no sign-in form`);
      const fields = new URLSearchParams();
      for (const [name, value] of signInForm.data) fields.append(name, String(value));
      fields.set("email", DEMO_SHOPPER.email);
      fields.set("password", DEMO_SHOPPER.password);
      const back = await follow(new URL(signInForm.action, provider.url).href, fields);
      if (!back.html.includes("Hi, ")) throw new Error(`sign-in ended at ${back.url.href}`);
    }
    await send(`/stores/${storeId}/departments`);
    await send(productPath, formOf(await send(productPath), "Add to Cart", productPath));
    await send("/cart");
    const pickup = await send("/fulfillment-time");
    await send("/fulfillment-time", formOf(pickup, ">Next", "/fulfillment-time"));
    const checkout = await send("/checkout");
    if (place) {
      const form = formOf(checkout, ">Place Order", "/checkout");
      for (const [name, value] of Object.entries({
        first_name: "Bench",
        last_name: "Shopper",
        email: "bench@example.com",
        phone: "(555) 555-0100",
      })) {
        form.set(name, value);
      }
      // The shopper picks a pickup location where the department has several.
      const location = /name="pickup_location_id" value="(\d+)"/.exec(checkout)?.[1];
      if (location && !form.has("pickup_location_id")) form.set("pickup_location_id", location);
      await send("/checkout", form);
    }
    return jar.header;
  };
  // Past orders answer 404 without the order system (spec §2): then there is no one to sign in.
  const pastOrdersShown =
    pastOrders &&
    (await fetch(`${base}/stores/${storeId}/orders`, {
      signal: AbortSignal.timeout(15_000),
    }).then(async (response) => (await response.arrayBuffer(), response.ok)));
  return {
    withCart: await walk(false),
    placed: await walk(true),
    signedIn: pastOrdersShown ? await walk(true, true) : null,
  };
}
