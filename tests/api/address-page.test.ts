/**
 * The identity provider's address page (spec §2 /addresses '+ Add New Billing Address'): the
 * sandbox's page for the person signed in there, which adds an address to their profile. A
 * browser without JavaScript signs Pat in, opens the page as the shop links it (and as its dialog
 * frames it), and the API's profile then answers the new address. Bad input never answers 500;
 * a post from another site, without the page's token or without a sign-in is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { ssoBrowser, type Landing } from "../support/sso-browser";

let api: TestApi;
let shop: string;
beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox" });
  shop = `${api.origin}/addresses`;
});
afterAll(() => api.close());

const NEW_ADDRESS = {
  address_line_1: "77 Harbor Road",
  city: "Troy",
  state: "ny",
  zip_code: "12180-1234",
};

/** Pat signed in through the provider in `browser`: answers the device's signed-in key. */
async function signInPat(browser: ReturnType<typeof ssoBrowser>) {
  const key = await api.newKey();
  const redirectUri = `${api.origin}/sso-return`;
  const res = await api.call(
    "GET",
    `/oauth/authorize?redirect_uri=${encodeURIComponent(redirectUri)}`,
    { key },
  );
  const { authorization_url } = (await res.json()).data;
  const form = await browser.open(authorization_url);
  const back = await browser.submit(form, { email: "pat@example.com", password: "pat-password" });
  expect(back.url.pathname).toBe("/sso-return");
  const done = await api.call("POST", "/oauth/authenticate", {
    key,
    body: {
      code: back.url.searchParams.get("code"),
      state: back.url.searchParams.get("state"),
      redirect_uri: redirectUri,
      iss: back.url.searchParams.get("iss") ?? undefined,
    },
  });
  expect(done.status, await done.clone().text()).toBe(200);
  return (await done.json()).meta.api_key as string;
}

async function profile(key: string) {
  const res = await api.call("GET", "/profile", { key });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    data: {
      addresses: { address_line_1: string; city: string; state: string; zip_code: string }[];
    };
    meta: { address_page_url: string | null };
  };
}

const tokenOf = (page: Landing) => /name="token" value="([^"]+)"/.exec(page.html)?.[1] ?? "";

/** Posts the page's address form straight (the test's own origin and token unless given). */
function postAddress(
  browser: ReturnType<typeof ssoBrowser>,
  page: Landing,
  fields: Record<string, string>,
) {
  return browser.submit(page, { token: tokenOf(page), ...fields });
}

describe("the address page", () => {
  it("is named by the profile, and adds an address the profile then answers (and a later sign-in keeps)", async () => {
    const browser = ssoBrowser();
    const key = await signInPat(browser);
    const before = await profile(key);
    expect(before.meta.address_page_url).toBe(`${api.origin}/sandbox/sso/profile/addresses`);
    expect(before.data.addresses.map((a) => a.address_line_1)[0]).toBe("12 Orchard Lane");

    const page = await browser.open(
      `${before.meta.address_page_url}?return=${encodeURIComponent(shop)}`,
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1>Your addresses</h1>");
    expect(page.html).toContain("12 Orchard Lane, Albany, NY 12203");
    expect(page.html).toContain(`href="${shop}"`);

    const saved = await postAddress(browser, page, NEW_ADDRESS);
    // Back to the shop's /addresses (which this test server does not serve).
    expect(saved.url.href).toBe(shop);
    const after = await profile(key);
    expect(after.data.addresses).toEqual([
      expect.objectContaining({ address_line_1: "12 Orchard Lane", zip_code: "12203" }),
      expect.objectContaining({
        address_line_1: "77 Harbor Road",
        city: "Troy",
        state: "NY",
        zip_code: "12180-1234",
      }),
    ]);

    // The same address again is not kept twice.
    const again = await browser.open(`${before.meta.address_page_url}`);
    await postAddress(browser, again, NEW_ADDRESS);
    expect((await profile(key)).data.addresses).toHaveLength(2);

    // The provider's claims carry the whole book: a new sign-in keeps both addresses.
    const later = await signInPat(ssoBrowser());
    expect((await profile(later)).data.addresses.map((a) => a.address_line_1)).toEqual([
      "12 Orchard Lane",
      "77 Harbor Road",
    ]);
  });

  it("framed in the shop's dialog: the shop's origin alone may frame it, and the saved page tells the shop", async () => {
    const browser = ssoBrowser();
    await signInPat(browser);
    const url = `${api.origin}/sandbox/sso/profile/addresses?embedded=1&return=${encodeURIComponent(shop)}`;
    const res = await fetch(url, {
      headers: { cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join("; ") },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain(`frame-ancestors ${api.origin}`);
    expect(res.headers.get("x-frame-options")).toBeNull();
    const page = await browser.open(url);
    // Inside the dialog the shop's Done leads back, not a link of the page.
    expect(page.html).not.toContain(`href="${shop}"`);
    const saved = await postAddress(browser, page, { ...NEW_ADDRESS, address_line_1: "5 Elm St" });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(
      `window.parent.postMessage({"type":"address-added","status":"success"}, "${api.origin}")`,
    );

    // Framed for no shop: refused, and not frameable by anyone.
    const nowhere = await browser.open(
      `${api.origin}/sandbox/sso/profile/addresses?embedded=1&return=${encodeURIComponent("https://evil.example/addresses")}`,
    );
    expect(nowhere.status).toBe(400);
  });

  it("keeps a return only to the shop's own /addresses", async () => {
    const browser = ssoBrowser();
    await signInPat(browser);
    for (const target of [
      "https://evil.example/addresses",
      `${api.origin}/checkout`,
      `${api.origin}/addresses?next=https://evil.example`,
      "javascript:alert(1)",
    ]) {
      const page = await browser.open(
        `${api.origin}/sandbox/sso/profile/addresses?return=${encodeURIComponent(target)}`,
      );
      expect(page.status, target).toBe(200);
      expect(page.html, target).not.toContain("Back to the shop");
    }
  });

  it("answers bad input with its own page and the errors beside the fields, never a 500", async () => {
    const browser = ssoBrowser();
    const key = await signInPat(browser);
    const kept = (await profile(key)).data.addresses.length;
    const page = await browser.open(`${api.origin}/sandbox/sso/profile/addresses`);
    for (const fields of [
      {} as Record<string, string>,
      { address_line_1: "", city: "", state: "", zip_code: "" },
      { ...NEW_ADDRESS, zip_code: "123" },
      { ...NEW_ADDRESS, zip_code: "1234567890" },
      { ...NEW_ADDRESS, state: "New York" },
      { ...NEW_ADDRESS, city: "x".repeat(150) },
      { ...NEW_ADDRESS, address_line_1: "<script>alert(1)</script>", zip_code: "abcde" },
    ]) {
      const answer = await postAddress(browser, page, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.html).toContain('aria-invalid="true"');
      expect(answer.html).not.toContain("<script>alert(1)</script>");
    }
    const odd = await fetch(`${api.origin}/sandbox/sso/profile/addresses`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: api.origin,
        cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join("; "),
      },
      body: `token=a&token=b&city[x]=1&${"a=1&".repeat(50)}`,
    });
    expect(odd.status).toBe(413);
    const huge = await fetch(`${api.origin}/sandbox/sso/profile/addresses`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.origin },
      body: `city=${"x".repeat(20_000)}`,
    });
    expect(huge.status).toBe(413);
    expect((await profile(key)).data.addresses).toHaveLength(kept);
  });

  it("refuses a post from another site, one without the page's token, and anyone not signed in", async () => {
    const browser = ssoBrowser();
    const key = await signInPat(browser);
    const kept = (await profile(key)).data.addresses.length;
    const page = await browser.open(`${api.origin}/sandbox/sso/profile/addresses`);
    const cookie = [...browser.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    const body = new URLSearchParams({ token: tokenOf(page), ...NEW_ADDRESS }).toString();
    const send = (headers: Record<string, string>, form = body) =>
      fetch(`${api.origin}/sandbox/sso/profile/addresses`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: form,
      });

    expect((await send({ cookie, origin: "https://evil.example" })).status).toBe(403);
    const noToken = await send(
      { cookie, origin: api.origin },
      new URLSearchParams(NEW_ADDRESS).toString(),
    );
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toContain("This form has expired");
    // Another browser's token is not this one's.
    const other = ssoBrowser();
    await signInPat(other);
    const otherPage = await other.open(`${api.origin}/sandbox/sso/profile/addresses`);
    const foreignToken = new URLSearchParams({ token: tokenOf(otherPage), ...NEW_ADDRESS });
    expect((await send({ cookie, origin: api.origin }, foreignToken.toString())).status).toBe(403);
    // No provider session: nobody to add it to.
    expect((await send({ origin: api.origin })).status).toBe(401);
    const signedOut = await ssoBrowser().open(`${api.origin}/sandbox/sso/profile/addresses`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.html).toContain("You are not signed in here");

    expect((await profile(key)).data.addresses).toHaveLength(kept);
  });
});
