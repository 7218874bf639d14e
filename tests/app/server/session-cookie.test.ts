/**
 * The session cookie as a shopper or an attacker holding it sees it: unreadable, unforgeable,
 * useless after its lifetime, `__Host-` and Secure when the site is HTTPS only, and never larger
 * than a browser keeps, however many items are added without a page view.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type SessionModule = typeof import("~/.server/session");

/** The session module afresh, with this environment (its config and keys are read once). */
async function sessionModule(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  process.env.LOG_LEVEL = "silent";
  process.env.SESSION_SECRET = "cookie-test-secret";
  process.env.API_SECRET = "cookie-test-api-secret";
  delete process.env.COOKIE_SECURE;
  delete process.env.APP_ENV;
  Object.assign(process.env, env);
  return (await import("~/.server/session")) as SessionModule;
}

/** A request as the browser sends it, with `cookie` if given. */
const args = (cookie?: string, url = "http://localhost/") =>
  new Request(url, { headers: cookie ? { cookie } : {} });

/** The Cookie header a browser sends back after these Set-Cookie values. */
const cookieHeader = (setCookies: string[]) =>
  setCookies.map((value) => value.split(";")[0]).join("; ");

/** A shopper's session with a key, an order and a CSRF token, as the browser then holds it. */
async function shopperCookie(session: SessionModule, url?: string) {
  const first = args(undefined, url);
  const state = await session.readShopper(first);
  state.session.set("apiKey", "secret-api-key-123");
  state.session.set("orderId", 42);
  state.session.set("csrfToken", "csrf-token-456");
  return state.changedCookies();
}

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the session cookie", () => {
  it("does not show the API key, the order or the CSRF token to whoever holds it", async () => {
    const session = await sessionModule();
    const [written] = await shopperCookie(session);
    const value = written!.split(";")[0]!.split("=")[1]!;
    const decoded = [
      value,
      decodeURIComponent(value),
      Buffer.from(value.replace(/^v1\./, ""), "base64url").toString("latin1"),
      Buffer.from(value.replace(/^v1\./, ""), "base64").toString("latin1"),
    ].join("\n");
    for (const secret of ["secret-api-key-123", "csrf-token-456", "orderId", "apiKey"]) {
      expect(decoded).not.toContain(secret);
    }
    // The shopper's next request still has it all.
    const next = await session.readShopper(args(cookieHeader([written!])));
    expect(next.session.get("apiKey")).toBe("secret-api-key-123");
    expect(next.session.get("orderId")).toBe(42);
  });

  it("is refused when changed, and replaced on the answer", async () => {
    const session = await sessionModule();
    const [written] = await shopperCookie(session);
    const value = written!.split(";")[0]!.split("=")[1]!;
    const flipped = value.slice(0, 20) + (value[20] === "A" ? "B" : "A") + value.slice(21);
    const request = args(`oe_session=${flipped}`);
    const state = await session.readShopper(request);
    expect(state.session.get("apiKey")).toBeUndefined();
    // An unusable cookie is removed rather than sent on every request.
    expect(await state.changedCookies()).toEqual([
      "oe_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    ]);
  });

  const START = Date.parse("2030-01-01T08:00:00Z");
  const HOUR = 3600_000;

  it("stops working after its lifetime even if the browser keeps sending it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(START);
    const session = await sessionModule();
    const lifetime = session.SESSION_LIFETIME_SECONDS * 1000;
    expect(lifetime).toBe(7 * 24 * HOUR);
    const cookie = cookieHeader(await shopperCookie(session));

    vi.setSystemTime(START + lifetime - HOUR);
    expect((await session.readShopper(args(cookie))).session.get("orderId")).toBe(42);

    vi.setSystemTime(START + lifetime + 1000);
    expect((await session.readShopper(args(cookie))).session.get("apiKey")).toBeUndefined();
  });

  it("keeps its lifetime from when the session began, however often it is rewritten", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(START);
    const session = await sessionModule();
    const lifetime = session.SESSION_LIFETIME_SECONDS * 1000;
    let cookie = cookieHeader(await shopperCookie(session));
    for (const at of [lifetime / 4, lifetime / 2, lifetime - HOUR]) {
      vi.setSystemTime(START + at);
      const request = args(cookie);
      const shopper = await session.readShopper(request);
      shopper.session.set("orderId", at);
      cookie = cookieHeader(await shopper.changedCookies());
    }
    vi.setSystemTime(START + lifetime + 1000);
    expect((await session.readShopper(args(cookie))).session.get("orderId")).toBeUndefined();
  });

  it("still opens after the secret is rotated (new first, old kept)", async () => {
    const before = await sessionModule({ SESSION_SECRET: "old-secret" });
    const cookie = cookieHeader(await shopperCookie(before));
    const rotated = await sessionModule({ SESSION_SECRET: "new-secret,old-secret" });
    const state = await rotated.readShopper(args(cookie));
    expect(state.session.get("apiKey")).toBe("secret-api-key-123");
    const gone = await sessionModule({ SESSION_SECRET: "new-secret" });
    expect((await gone.readShopper(args(cookie))).session.get("apiKey")).toBeUndefined();
  });
});

describe("over HTTPS only (COOKIE_SECURE, on in production)", () => {
  it("names both cookies __Host-, Secure, Path=/ and without Domain", async () => {
    const session = await sessionModule({ APP_ENV: "production" });
    const request = args(undefined, "http://localhost/");
    const state = await session.readShopper(request);
    state.session.set("apiKey", "k");
    state.preferences.homeStoreId = 3;
    const written = await state.changedCookies();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(
      /^__Host-oe_session=v1\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(written[1]).toMatch(
      /^__Host-oe_prefs=.+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    for (const value of written) expect(value).not.toMatch(/Domain=/i);

    const next = await session.readShopper(args(cookieHeader(written)));
    expect(next.session.get("apiKey")).toBe("k");
    expect(next.preferences.homeStoreId).toBe(3);
  });

  it("keeps plain names over http://localhost by default (development and tests)", async () => {
    const session = await sessionModule();
    expect(session.cookieNames()).toEqual({ session: "oe_session", preferences: "oe_prefs" });
  });
});

describe("the preferences cookie", () => {
  it("drops a home store id beyond the ids' bound (MAX_ID), as other ids are", async () => {
    const session = await sessionModule();
    const { MAX_ID } = await import("@core/rules/ids");
    const home = async (id: number) => {
      const state = await session.readShopper(args());
      state.preferences.homeStoreId = id;
      const written = await state.changedCookies();
      return (await session.readShopper(args(cookieHeader(written)))).preferences.homeStoreId;
    };
    expect(await home(MAX_ID)).toBe(MAX_ID);
    expect(await home(MAX_ID + 1)).toBeUndefined();
  });
});

describe("many adds to the cart without a page view", () => {
  it("keep the session cookie under 4 KB, and the next page still works", async () => {
    const session = await sessionModule();
    let cookie = cookieHeader(await shopperCookie(session));
    for (let add = 1; add <= 150; add += 1) {
      const request = args(cookie);
      const shopper = await session.readShopper(request);
      const { session: data } = shopper;
      session.addFlashMessage(data, { kind: "success", text: "Item Added" });
      if (add % 10 === 0) {
        session.addFlashMessage(data, {
          kind: "error",
          text: `Item ${add} problem: ${"x".repeat(2000)}`,
        });
      }
      const written = await shopper.changedCookies();
      for (const value of written) expect(value.length).toBeLessThan(4096);
      // Nothing new to write (the same message again): the browser keeps what it has.
      if (written.length > 0) cookie = cookieHeader(written);
    }
    const page = await session.readShopper(args(cookie));
    expect(page.session.get("apiKey")).toBe("secret-api-key-123");
    expect(page.session.get("orderId")).toBe(42);
    const shown = page.takeFlash();
    expect(shown.length).toBeLessThanOrEqual(session.MAX_FLASH_MESSAGES);
    expect(shown.at(-1)).toMatchObject({ kind: "error" });
    expect(shown.map((message) => message.text)).toContain("Item Added");
  });

  it("shows the same message once", async () => {
    const session = await sessionModule();
    const shopper = await session.readShopper(args());
    for (let add = 0; add < 5; add += 1) {
      session.addFlashMessage(shopper.session, { kind: "success", text: "Item Added" });
    }
    expect(shopper.takeFlash()).toEqual([{ kind: "success", text: "Item Added" }]);
  });
});
