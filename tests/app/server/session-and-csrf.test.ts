import { createSession } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CSRF_FAILURE_MESSAGE,
  ensureCsrfToken,
  isSameOrigin,
  readCheckedPost,
} from "~/.server/csrf";
import {
  addFlashMessage,
  clearShoppingTrip,
  forgetOrder,
  redirectTo,
  type StorefrontSession,
} from "~/.server/session";
import { SAVE_SUBSTITUTIONS } from "~/lib/quiet-posts";
import { committedCookies, shopperOf } from "../../support/storefront";

beforeAll(() => {
  process.env.SESSION_SECRET = "session-test-secret";
});

const args = (cookie?: string, url = "http://localhost/") => ({
  request: new Request(url, { headers: cookie ? { cookie } : {} }),
  context: {},
});

/** The cookie header a browser would send back after these Set-Cookie values. */
const cookieHeader = (setCookies: string[]) =>
  setCookies.map((value) => value.split(";")[0]).join("; ");

describe("shopper state", () => {
  it("is read once per request and shared by its loaders", async () => {
    const shared = args();
    const [a, b] = await Promise.all([shopperOf(shared), shopperOf(shared)]);
    expect(a).toBe(b);
  });

  it("writes back only the cookies that changed, signed, httpOnly and SameSite=Lax", async () => {
    const first = args();
    expect(await committedCookies(first.context)).toEqual([]);
    const state = await shopperOf(first);
    state.session.set("apiKey", "key-1");
    state.preferences.homeStoreId = 4;
    const written = await committedCookies(first.context);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^oe_session=.+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(written[1]).toMatch(/^oe_prefs=.+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);

    const second = args(cookieHeader(written));
    const again = await shopperOf(second);
    expect(again.session.get("apiKey")).toBe("key-1");
    expect(again.preferences.homeStoreId).toBe(4);
    expect(await committedCookies(second.context)).toEqual([]);
  });

  it("marks cookies Secure over HTTPS", async () => {
    const secure = args(undefined, "https://shop.example.com/");
    (await shopperOf(secure)).session.set("apiKey", "k");
    expect((await committedCookies(secure.context))[0]).toContain("; Secure");
  });

  it("ignores tampered cookies", async () => {
    const forged = args("oe_prefs=eyJob21lU3RvcmVJZCI6OTl9.bad; oe_session=abc.def");
    const state = await shopperOf(forged);
    expect(state.preferences).toEqual({ seenAlerts: [] });
    expect(state.session.get("apiKey")).toBeUndefined();
  });

  it("replaces earlier copies of its cookies on a finished response with the final state", async () => {
    const request = args();
    const state = await shopperOf(request);
    state.session.set("orderId", 1);
    const early = await committedCookies(request.context);
    state.session.set("orderId", 2);
    const headers = new Headers();
    headers.append("Set-Cookie", early[0]!);
    headers.append("Set-Cookie", "other=1; Path=/");
    await (await shopperOf(request)).commitTo(headers, { status: 200, redirected: false });
    const values = headers.getSetCookie();
    expect(values.filter((value) => value.startsWith("oe_session="))).toHaveLength(1);
    expect(values).toContain("other=1; Path=/");
    const next = await shopperOf(args(cookieHeader(values)));
    expect(next.session.get("orderId")).toBe(2);
  });

  it("a failed answer (5xx) changes neither cookie: the session stays as the request brought it", async () => {
    const earlier = args();
    const before = await shopperOf(earlier);
    before.session.set("orderId", 7);
    before.preferences.homeStoreId = 3;
    const cookies = cookieHeader(await committedCookies(earlier.context));

    // The request that fails let go of the order and the store (as a page that could not read
    // them might), and a loader attached a copy of its cookies already.
    const failing = args(cookies);
    const state = await shopperOf(failing);
    forgetOrder(state.session);
    delete state.preferences.homeStoreId;
    const attached = await committedCookies(failing.context);
    for (const status of [503, 500, 502]) {
      const headers = new Headers();
      for (const value of attached) headers.append("Set-Cookie", value);
      headers.append("Set-Cookie", "other=1; Path=/");
      await (await shopperOf(failing)).commitTo(headers, { status: status, redirected: false });
      expect(headers.getSetCookie()).toEqual(["other=1; Path=/"]);
    }
    const next = await shopperOf(args(cookies));
    expect(next.session.get("orderId")).toBe(7);
    expect(next.preferences.homeStoreId).toBe(3);
  });

  it("a failed page keeps the CSRF token it gave its forms, and nothing else it changed", async () => {
    const earlier = args();
    (await shopperOf(earlier)).session.set("orderId", 7);
    const cookies = cookieHeader(await committedCookies(earlier.context));

    const failing = args(cookies);
    const state = await shopperOf(failing);
    const token = ensureCsrfToken(state.session);
    forgetOrder(state.session);
    state.session.set("apiKey", "registered-on-the-failed-page");
    const headers = new Headers();
    await (await shopperOf(failing)).commitTo(headers, { status: 503, redirected: false });
    const values = headers.getSetCookie();
    expect(values).toHaveLength(1);
    const next = await shopperOf(args(cookieHeader(values)));
    expect(next.session.data).toEqual({ orderId: 7, csrfToken: token });
  });

  it("redirects carry the request's cookie changes", async () => {
    const request = args();
    (await shopperOf(request)).preferences.homeStoreId = 3;
    const response = redirectTo("/stores/3/orders/new");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/stores/3/orders/new");
    const committed = await committedCookies(request.context, { status: 302, redirected: true });
    expect(committed[0]).toMatch(/^oe_prefs=/);
  });

  it("a redirect puts back the flash messages the page's shell took", async () => {
    const earlier = args();
    addFlashMessage((await shopperOf(earlier)).session, { kind: "success", text: "Welcome" });
    const cookies = cookieHeader(await committedCookies(earlier.context));
    for (const [redirected, shown] of [
      [true, ["Welcome"]],
      [false, []],
    ] as const) {
      const request = args(cookies);
      expect((await shopperOf(request)).takeFlash().map((message) => message.text)).toEqual([
        "Welcome",
      ]);
      const written = await committedCookies(request.context, { status: 200, redirected });
      // Nothing written: the browser keeps the cookie it has.
      const next = await shopperOf(args(written.length > 0 ? cookieHeader(written) : cookies));
      expect(next.takeFlash().map((message) => message.text)).toEqual(shown);
    }
  });

  it("home clears the shopping trip but keeps the key, token and preferences", async () => {
    // A shopper mid-trip, as the browser sends it back...
    const earlier = args();
    const { session: trip, preferences: chosen } = await shopperOf(earlier);
    trip.set("apiKey", "k");
    trip.set("csrfToken", "t");
    trip.set("orderId", 9);
    trip.set("deliveryInfo", { first_name: "Ada" });
    trip.set("cardAuthorizationFailed", true);
    trip.set("oauthState", "s");
    trip.set("returnPath", "/cart");
    chosen.homeStoreId = 2;
    const tripCookies = cookieHeader(await committedCookies(earlier.context));

    // ...comes home: only the session cookie is rewritten, the preferences cookie is left alone.
    const home = args(tripCookies);
    clearShoppingTrip((await shopperOf(home)).session);
    const written = await committedCookies(home.context);
    expect(written.map((value) => value.split("=")[0])).toEqual(["oe_session"]);

    const keptPrefs = tripCookies.split("; ").find((value) => value.startsWith("oe_prefs="));
    const after = await shopperOf(args(`${cookieHeader(written)}; ${keptPrefs}`));
    expect(after.session.data).toEqual({ apiKey: "k", csrfToken: "t" });
    expect(after.preferences.homeStoreId).toBe(2);
  });

  it("flash messages queue up and are shown once", async () => {
    const shopper = await shopperOf(args());
    addFlashMessage(shopper.session, { kind: "info", text: "one" });
    shopper.addFlash({ kind: "error", text: "two" });
    expect(shopper.takeFlash().map((message) => message.text)).toEqual(["one", "two"]);
    expect(shopper.takeFlash()).toEqual([]);
  });
});

describe("readCheckedPost", () => {
  const session = () => createSession({}) as unknown as StorefrontSession;
  /** A request's shopper around `s`; `quiet` says whether the post was marked quiet. */
  const shopper = (s: StorefrontSession) => {
    const marks = { quiet: false };
    return { session: s, keepQuiet: () => void (marks.quiet = true), marks };
  };
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/change-store", {
      method: "POST",
      // A browser's form post carries the page's origin.
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        ...headers,
      },
      body,
    });

  async function rejection(promise: Promise<unknown>) {
    const thrown = (await promise.catch((error: unknown) => error)) as {
      data: unknown;
      init: ResponseInit | null;
    };
    return { status: thrown.init?.status, data: thrown.data };
  }

  it("accepts the session's token from the form, and answers the form it read", async () => {
    const s = session();
    const token = ensureCsrfToken(s);
    expect(ensureCsrfToken(s)).toBe(token);
    const request = post(`csrf=${encodeURIComponent(token)}&name=value`);
    const { form } = await readCheckedPost(request, shopper(s));
    expect(form.get("name")).toBe("value");
  });

  it("reads the body with the route's own reader, and never another site's body", async () => {
    const s = session();
    const token = ensureCsrfToken(s);
    let reads = 0;
    const reader = async (request: Request) => {
      reads += 1;
      return { form: await request.formData(), photoTooLarge: false };
    };
    const post1 = await readCheckedPost(post(`csrf=${token}&a=1`), shopper(s), reader);
    expect(post1).toMatchObject({ photoTooLarge: false });
    expect(post1.form.get("a")).toBe("1");
    expect(reads).toBe(1);
    const foreign = post(`csrf=${token}`, { origin: "https://evil.example" });
    expect((await rejection(readCheckedPost(foreign, shopper(s), reader))).status).toBe(403);
    expect(reads).toBe(1);
  });

  it("marks a post the page sends on its own quiet, and no other post", async () => {
    const s = session();
    const token = ensureCsrfToken(s);
    const quiet = shopper(s);
    await readCheckedPost(post(`csrf=${token}&intent=${SAVE_SUBSTITUTIONS}`), quiet);
    expect(quiet.marks.quiet).toBe(true);
    const pressed = shopper(s);
    await readCheckedPost(post(`csrf=${token}&intent=apply-promo`), pressed);
    expect(pressed.marks.quiet).toBe(false);
  });

  it("accepts the token in an X-CSRF-Token header", async () => {
    const s = session();
    const token = ensureCsrfToken(s);
    const { form } = await readCheckedPost(
      post("name=value", { "x-csrf-token": token }),
      shopper(s),
    );
    expect(form.get("name")).toBe("value");
  });

  it.each([
    ["no token", "name=value"],
    ["a wrong token", "csrf=wrong"],
    ["an empty token", "csrf="],
  ])("answers %s with the 403 page", async (_case, body) => {
    const s = session();
    ensureCsrfToken(s);
    expect(await rejection(readCheckedPost(post(body), shopper(s)))).toEqual({
      status: 403,
      data: { code: 403, message: CSRF_FAILURE_MESSAGE, name: "CsrfError" },
    });
  });

  it("refuses a post from a session that never got a token", async () => {
    expect(
      (await rejection(readCheckedPost(post("csrf=anything"), shopper(session())))).status,
    ).toBe(403);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["an opaque origin", "null"],
    ["this host over another scheme", "https://localhost"],
    ["another port", "http://localhost:8080"],
    ["a malformed origin", "http://[::1"],
  ])("refuses a post with the right token from %s", async (_case, origin) => {
    const s = session();
    const token = ensureCsrfToken(s);
    const request = post(`csrf=${token}`, { origin });
    expect((await rejection(readCheckedPost(request, shopper(s)))).status).toBe(403);
  });

  it("refuses a post with the right token but no Origin", async () => {
    const s = session();
    const request = new Request("http://localhost/change-store", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `csrf=${ensureCsrfToken(s)}`,
    });
    expect((await rejection(readCheckedPost(request, shopper(s)))).status).toBe(403);
  });
});

describe("isSameOrigin", () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it("compares with the request's own origin, ignoring forwarding headers by default", () => {
    const url = "http://shop.test:3000/cart";
    expect(isSameOrigin(url, headers({ origin: "http://shop.test:3000" }), false)).toBe(true);
    expect(isSameOrigin(url, headers({ origin: "HTTP://SHOP.TEST:3000" }), false)).toBe(true);
    expect(
      isSameOrigin(
        url,
        headers({ origin: "https://evil.example", "x-forwarded-host": "evil.example" }),
        false,
      ),
    ).toBe(false);
  });

  it("with TRUST_PROXY compares with the forwarded scheme and host", () => {
    const url = "http://10.0.0.5:3000/cart";
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example.com" };
    expect(
      isSameOrigin(url, headers({ origin: "https://shop.example.com", ...forwarded }), true),
    ).toBe(true);
    expect(
      isSameOrigin(url, headers({ origin: "http://shop.example.com", ...forwarded }), true),
    ).toBe(false);
    expect(
      isSameOrigin(url, headers({ origin: "https://shop.example.com:443", ...forwarded }), true),
    ).toBe(true);
    // The first proxy's value when several appended theirs.
    expect(
      isSameOrigin(
        url,
        headers({
          origin: "https://shop.example.com",
          "x-forwarded-proto": "https, http",
          "x-forwarded-host": "shop.example.com, 10.0.0.5:3000",
        }),
        true,
      ),
    ).toBe(true);
    expect(
      isSameOrigin(
        url,
        headers({ origin: "http://shop.example.com", host: "shop.example.com" }),
        true,
      ),
    ).toBe(true);
  });
});
