/**
 * A sign-in that works, the storefront's half (decision 018, 039): the sign-in action sends the
 * shopper to the provider with the state kept in the session; /sso-return, given the state back,
 * begins a new session with the new key and the person, and goes back to the return path. Against
 * a real API and its sandbox provider, walked by a browser without scripts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { CSRF_FIELD } from "~/lib/csrf";
import { action as signIn } from "~/routes/sign-in";
import { loader as ssoReturn } from "~/routes/sso-return";
import { startTestApi, type TestApi } from "../../support/api";
import { ssoBrowser } from "../../support/sso-browser";
import { committedCookies, testContext } from "../../support/storefront";

const SITE = "http://localhost";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox" });
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "sign-on-test-secret";
  process.env.LOG_LEVEL = "silent";
});
afterAll(() => api?.close());

describe("a sign-in from the cart", () => {
  it("goes to the provider, comes back signed in with a new key, on the cart, welcomed", async () => {
    const context = await testContext(`/sign-in`);
    const { session } = context.shopper;
    const guestKey = await api.newKey();
    session.set("apiKey", guestKey);

    const start = await signIn({
      request: new Request(`${SITE}/sign-in`, {
        method: "POST",
        body: new URLSearchParams({ returnTo: "/cart", [CSRF_FIELD]: ensureCsrfToken(session) }),
        headers: { origin: SITE },
      }),
      context,
      params: {},
    } as ActionFunctionArgs);
    expect(start.status).toBe(303);
    const provider = new URL(start.headers.get("location")!);
    expect(provider.href.startsWith(`${api.origin}/sandbox/sso/`)).toBe(true);
    expect(provider.searchParams.get("redirect_uri")).toBe(`${SITE}/sso-return`);
    expect(session.get("oauthState")).toBe(provider.searchParams.get("state"));
    expect(session.get("returnPath")).toBe("/cart");
    expect(
      (await committedCookies(context, { status: 303, redirected: true })).length,
    ).toBeGreaterThan(0);

    const browser = ssoBrowser();
    const page = await browser.open(provider);
    const back = await browser.submit(page, {
      email: "pat@example.com",
      password: "pat-password",
    });
    expect(back.url.pathname).toBe("/sso-return");

    const returnContext = await testContext(`/sso-return${back.url.search}`);
    const returned = returnContext.shopper;
    for (const [key, value] of Object.entries(session.data))
      returned.session.set(key as never, value as never);
    const finish = await ssoReturn({
      request: new Request(`${SITE}/sso-return${back.url.search}`),
      context: returnContext,
      params: {},
    } as LoaderFunctionArgs);
    expect((finish as Response).status).toBe(303);
    expect((finish as Response).headers.get("location")).toBe("/cart");
    const signedIn = returned.session;
    expect(signedIn.get("user")).toMatchObject({ email: "pat@example.com", firstName: "Pat" });
    expect(signedIn.get("apiKey")).toBeTruthy();
    expect(signedIn.get("apiKey")).not.toBe(guestKey);
    expect(signedIn.get("oauthState")).toBeFalsy();
    expect(returned.takeFlash().map((m) => m.text)).toEqual([
      "Welcome back, Pat. You are signed in.",
    ]);
    // The guest's key was retired by the API: it opens nothing now.
    expect((await api.call("GET", "/brand", { key: guestKey })).status).toBe(401);
  });
});
