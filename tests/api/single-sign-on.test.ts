/**
 * Single sign-on end to end in one process (decision 016): the API starts a sign-in, a browser
 * without JavaScript signs in on the sandbox provider's form, comes back with a code, the API
 * exchanges it and binds the device's key to the person, whose profile the key then reads.
 */
import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { loadServerConfig } from "../../api/config";
import { createIdentityClient } from "../../api/integrations/identity";
import { startTestApi, type TestApi } from "../support/api";
import { addItem, newOrder, place, plainProduct, prepareForPlacement } from "../support/orders";
import { ssoBrowser } from "../support/sso-browser";

let api: TestApi;
let returnUri: string;
beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox" });
  returnUri = `${api.origin}/sso-return`;
});
afterAll(() => api.close());

async function authorize(key: string, redirectUri = returnUri) {
  const res = await api.call(
    "GET",
    `/oauth/authorize?redirect_uri=${encodeURIComponent(redirectUri)}`,
    {
      key,
    },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { authorization_url: string; state: string } }).data;
}

/** Signs in on the provider's form; answers where the provider sent the browser back. */
async function signInOnProvider(authorizationUrl: string, email: string, password: string) {
  const browser = ssoBrowser();
  const page = await browser.open(authorizationUrl);
  expect(page.status).toBe(200);
  expect(page.html).toContain("<h1>Sign in</h1>");
  const back = await browser.submit(page, { email, password });
  expect(back.url.pathname, back.html).toBe("/sso-return");
  return back.url;
}

const returned = (url: URL, state?: string) => ({
  code: url.searchParams.get("code")!,
  state: state ?? url.searchParams.get("state")!,
  redirect_uri: returnUri,
  iss: url.searchParams.get("iss") ?? undefined,
});

const authenticate = (key: string, body: unknown) =>
  api.call("POST", "/oauth/authenticate", { key, body });

async function signIn(key: string, email: string, password: string) {
  const { authorization_url } = await authorize(key);
  const back = await signInOnProvider(authorization_url, email, password);
  return authenticate(key, returned(back));
}

/** The key a finished sign-in answers: the device's key from then on. */
async function signedInKey(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { meta: { api_key: string } }).meta.api_key;
}

describe("GET /oauth/authorize", () => {
  it("answers the provider's URL with a fresh state, a PKCE S256 challenge and a nonce", async () => {
    const key = await api.newKey();
    const first = await authorize(key);
    const second = await authorize(key);
    const url = new URL(first.authorization_url);
    expect(url.href.startsWith(`${api.origin}/sandbox/sso/`)).toBe(true);
    expect(url.searchParams.get("state")).toBe(first.state);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe(returnUri);
    expect(second.state).not.toBe(first.state);
    // The verifier stays on the server: nothing in the answer but the challenge.
    const row = await api.db.kysely
      .selectFrom("sso_sign_ins")
      .select(["code_verifier", "nonce"])
      .where("state", "=", first.state)
      .executeTakeFirstOrThrow();
    expect(first.authorization_url).not.toContain(row.code_verifier);
    expect(url.searchParams.get("nonce")).toBe(row.nonce);
  });

  it("refuses a return address that is not the storefront's /sso-return", async () => {
    for (const uri of [
      "https://evil.example/sso-return",
      `${api.origin}/elsewhere`,
      `${api.origin}/sso-return?next=/x`,
      "not a url",
    ]) {
      const res = await api.call("GET", `/oauth/authorize?redirect_uri=${encodeURIComponent(uri)}`);
      expect(res.status, uri).toBe(422);
      const body = await res.json();
      expect(body.code).toBe("invalid");
      expect(body.errors.redirect_uri, uri).toEqual([
        uri === "not a url"
          ? "The redirect uri must be a URL."
          : "The redirect uri is not a sign-in return of this shop.",
      ]);
    }
  });

  it("answers 422 for a missing, repeated or oversized redirect_uri, and 401 without a key", async () => {
    for (const query of [
      "",
      "?redirect_uri=",
      `?redirect_uri=${"a".repeat(3000)}`,
      "?redirect_uri=a&redirect_uri=b",
    ]) {
      const res = await api.call("GET", `/oauth/authorize${query}`);
      expect(res.status, query).toBe(422);
      expect((await res.json()).code).toBe("invalid");
    }
    const anonymous = await api.call("GET", `/oauth/authorize?redirect_uri=${returnUri}`, {
      key: null,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("signing in", () => {
  it("signs Pat in: a new key bound to Pat reads Pat's profile, card and address", async () => {
    const key = await api.newKey();
    const res = await signIn(key, "pat@example.com", "pat-password");
    expect(res.status, await res.clone().text()).toBe(200);
    const { data, meta } = await res.json();
    expect(meta.api_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(meta.api_key).not.toBe(key);
    expect(data).toMatchObject({
      email: "pat@example.com",
      first_name: "Pat",
      last_name: "Rivera",
      phone: "(555) 010-2030",
      card_number: "4400012345678",
      addresses: [
        { address_line_1: "12 Orchard Lane", city: "Albany", state: "NY", zip_code: "12203" },
      ],
      mi9_uuid: null,
      mwg_uuid: null,
    });
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const profile = await api.call("GET", "/profile", { key: meta.api_key });
    expect(profile.status).toBe(200);
    expect((await profile.json()).data).toEqual(data);

    // Signing in again links the same person, not a second user.
    const again = await signIn(meta.api_key, "pat@example.com", "pat-password");
    expect(again.status).toBe(200);
    expect((await again.json()).data.id).toBe(data.id);
  });

  it("signs Sam in with no card and no address", async () => {
    const key = await api.newKey();
    const res = await signIn(key, "sam@example.com", "sam-password");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ email: "sam@example.com", card_number: null, addresses: [] });
  });

  it("keeps the shopper on the form with a wrong password", async () => {
    const key = await api.newKey();
    const { authorization_url } = await authorize(key);
    const browser = ssoBrowser();
    const page = await browser.open(authorization_url);
    const again = await browser.submit(page, { email: "pat@example.com", password: "nope" });
    expect(again.status).toBe(401);
    expect(again.html).toContain("The email or password is not right.");
    expect(again.html).toContain('value="pat@example.com"');
  });

  it("registers a new shopper who is signed in at once", async () => {
    const key = await api.newKey();
    const { authorization_url } = await authorize(key);
    const browser = ssoBrowser();
    const signInPage = await browser.open(authorization_url);
    const form = await browser.open(browser.registerLink(signInPage));
    expect(form.html).toContain("<h1>Create an account</h1>");
    const fields = {
      given_name: "Robin",
      family_name: "Lee",
      email: "robin@example.com",
      phone: "555-123-4567",
      password: "robin-password",
    };
    const short = await browser.submit(form, { ...fields, password: "short" });
    expect(short.status).toBe(422);
    const taken = await browser.submit(form, { ...fields, email: "pat@example.com" });
    expect(taken.html).toContain("already exists");
    const back = await browser.submit(form, fields);
    expect(back.url.pathname, back.html).toBe("/sso-return");
    const res = await api.call("POST", "/oauth/authenticate", { key, body: returned(back.url) });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({
      email: "robin@example.com",
      first_name: "Robin",
      last_name: "Lee",
      phone: "555-123-4567",
    });
    // And the new password signs in on a fresh browser.
    const other = await signIn(await api.newKey(), "robin@example.com", "robin-password");
    expect(other.status).toBe(200);
  });

  it("opens the registration form first when the shopper asked to register (prompt=create)", async () => {
    const key = await api.newKey();
    const res = await api.call(
      "GET",
      `/oauth/authorize?redirect_uri=${encodeURIComponent(returnUri)}&prompt=create`,
      { key },
    );
    expect(res.status).toBe(200);
    const { authorization_url } = (await res.json()).data as { authorization_url: string };
    expect(new URL(authorization_url).searchParams.get("prompt")).toBe("create");
    const browser = ssoBrowser();
    const form = await browser.open(authorization_url);
    expect(form.html).toContain("<h1>Create an account</h1>");
    // 'Sign in instead' leads to the sign-in form, and signing in there finishes the sign-in.
    const signInHref = /<a href="([^"]+\/login)"/.exec(form.html)?.[1];
    expect(signInHref).toMatch(/^\/sandbox\/sso\/interaction\/[\w-]+\/login$/);
    const signInPage = await browser.open(new URL(signInHref!, form.url));
    expect(signInPage.html).toContain("<h1>Sign in</h1>");
    const back = await browser.submit(signInPage, {
      email: "sam@example.com",
      password: "sam-password",
    });
    expect(back.url.pathname, back.html).toBe("/sso-return");
    expect((await authenticate(key, returned(back.url))).status).toBe(200);

    const unknown = await api.call(
      "GET",
      `/oauth/authorize?redirect_uri=${encodeURIComponent(returnUri)}&prompt=login`,
      { key: await api.newKey() },
    );
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.prompt).toEqual([
      "Invalid enum value. Expected 'create', received 'login'",
    ]);
  });

  it("refuses a forged post to the provider's form from another site", async () => {
    const key = await api.newKey();
    const { authorization_url } = await authorize(key);
    const browser = ssoBrowser();
    const page = await browser.open(authorization_url);
    const action = new URL(/action="([^"]+)"/.exec(page.html)![1]!, page.url);
    // Without the interaction cookie (another site's post carries none), and with its cookie
    // but a foreign Origin.
    for (const headers of [
      { origin: api.origin } as Record<string, string>,
      {
        origin: "https://evil.example",
        cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join("; "),
      },
    ]) {
      const res = await fetch(action, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "email=pat%40example.com&password=pat-password",
      });
      expect(res.status).toBe(400);
    }
  });
});

describe("the provider's forms with bad input", () => {
  it("answer their own page, never a 500: an oversized body, odd fields, an unknown interaction", async () => {
    const key = await api.newKey();
    const { authorization_url } = await authorize(key);
    const browser = ssoBrowser();
    const page = await browser.open(authorization_url);
    const huge = await browser.submit(page, {
      email: "a@example.com",
      password: "p".repeat(20_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.html).toContain("<h1>Sign-in problem</h1>");
    const odd = await browser.submit(page, { "email[]": "x", password: "" });
    expect(odd.status).toBe(401);
    const unknown = await browser.open(`${api.origin}/sandbox/sso/interaction/nope`);
    expect(unknown.status).toBe(400);
    const register = await browser.open(browser.registerLink(page));
    for (const fields of [
      {} as Record<string, string>,
      { given_name: "A", family_name: "B", email: "not-an-email", password: "long-enough" },
      {
        given_name: "A",
        family_name: "B",
        email: "a@example.com",
        phone: "12",
        password: "long-enough",
      },
    ]) {
      const res = await browser.submit(register, fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
    }
  });
});

describe("POST /oauth/authenticate refuses", () => {
  const expectCode = async (res: Response, status: number, code: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    expect((await res.json()).code).toBe(code);
  };

  it("a state it never issued, another key's state, and a state used once already", async () => {
    const key = await api.newKey();
    const { authorization_url, state } = await authorize(key);
    const back = await signInOnProvider(authorization_url, "sam@example.com", "sam-password");
    await expectCode(
      await api.call("POST", "/oauth/authenticate", { key, body: returned(back, "made-up") }),
      422,
      "sso_state_invalid",
    );
    const thief = await api.newKey();
    await expectCode(
      await api.call("POST", "/oauth/authenticate", { key: thief, body: returned(back) }),
      422,
      "sso_state_invalid",
    );
    expect((await api.call("GET", "/profile", { key: thief })).status).toBe(401);
    // A failed attempt by another key does not spend it for its owner.
    const ok = await api.call("POST", "/oauth/authenticate", { key, body: returned(back, state) });
    const signedIn = await signedInKey(ok);
    // Used once: the retired key opens nothing, and the signed-in key cannot spend it again.
    expect(
      (await api.call("POST", "/oauth/authenticate", { key, body: returned(back, state) })).status,
    ).toBe(401);
    await expectCode(
      await api.call("POST", "/oauth/authenticate", { key: signedIn, body: returned(back, state) }),
      422,
      "sso_state_invalid",
    );
  });

  it("an expired state, and a return address other than the one the sign-in began with", async () => {
    const key = await api.newKey();
    const { authorization_url, state } = await authorize(key);
    const back = await signInOnProvider(authorization_url, "sam@example.com", "sam-password");
    await expectCode(
      await api.call("POST", "/oauth/authenticate", {
        key,
        body: { ...returned(back), redirect_uri: "http://localhost:1/sso-return" },
      }),
      422,
      "sso_state_invalid",
    );
    const second = await authorize(key);
    await api.db.kysely
      .updateTable("sso_sign_ins")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("state", "=", second.state)
      .execute();
    const back2 = await signInOnProvider(
      second.authorization_url,
      "sam@example.com",
      "sam-password",
    );
    await expectCode(
      await api.call("POST", "/oauth/authenticate", { key, body: returned(back2) }),
      422,
      "sso_state_invalid",
    );
    expect(state).not.toBe(second.state);
  });

  /** Pat signs in after what the API kept for the sign-in was changed behind its back. */
  async function signInAfterTampering(kept: { code_verifier?: string; nonce?: string }) {
    const key = await api.newKey();
    const { authorization_url, state } = await authorize(key);
    await api.db.kysely.updateTable("sso_sign_ins").set(kept).where("state", "=", state).execute();
    const back = await signInOnProvider(authorization_url, "pat@example.com", "pat-password");
    await expectCode(await authenticate(key, returned(back)), 422, "sso_code_rejected");
    expect((await api.call("GET", "/profile", { key })).status).toBe(401);
  }

  it("a code exchanged with the wrong PKCE verifier (the kept verifier is what is sent)", () =>
    signInAfterTampering({ code_verifier: "x".repeat(43) }));

  it("an ID token whose nonce is not the one kept", () =>
    signInAfterTampering({ nonce: "another-nonce" }));

  it("a code used twice", async () => {
    const key = await api.newKey();
    const { authorization_url } = await authorize(key);
    const back = await signInOnProvider(authorization_url, "sam@example.com", "sam-password");
    const signedIn = await signedInKey(
      await api.call("POST", "/oauth/authenticate", { key, body: returned(back) }),
    );
    // The state is spent first; the provider would refuse the code too.
    await expectCode(
      await api.call("POST", "/oauth/authenticate", { key: signedIn, body: returned(back) }),
      422,
      "sso_state_invalid",
    );
  });

  it("missing, oversized and malformed fields with the contract's 422", async () => {
    const key = await api.newKey();
    const good = { code: "c", state: "s", redirect_uri: returnUri };
    for (const body of [
      {},
      { ...good, code: "" },
      { ...good, state: undefined },
      { ...good, code: "c".repeat(3000) },
      { ...good, state: "s".repeat(500) },
      { ...good, redirect_uri: 42 },
      { ...good, iss: ["a"] },
    ]) {
      await expectCode(
        await api.call("POST", "/oauth/authenticate", { key, body }),
        422,
        "invalid",
      );
    }
    await expectCode(
      await api.call("POST", "/oauth/authenticate", { key, body: "{oops" }),
      422,
      "invalid",
    );
  });
});

describe("keys and people", () => {
  it("never rebinds a key bound to someone else, and one person never reads another's profile", async () => {
    const patKey = await signedInKey(
      await signIn(await api.newKey(), "pat@example.com", "pat-password"),
    );
    const samKey = await signedInKey(
      await signIn(await api.newKey(), "sam@example.com", "sam-password"),
    );
    const pat = (await (await api.call("GET", "/profile", { key: patKey })).json()).data;
    const sam = (await (await api.call("GET", "/profile", { key: samKey })).json()).data;
    expect(pat.email).toBe("pat@example.com");
    expect(sam.email).toBe("sam@example.com");

    const res = await signIn(patKey, "sam@example.com", "sam-password");
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("sso_key_bound_to_other_user");
    expect((await (await api.call("GET", "/profile", { key: patKey })).json()).data.email).toBe(
      "pat@example.com",
    );
  });

  it("signs out: the key opens nothing again, and a new key may sign someone in", async () => {
    const key = await signedInKey(
      await signIn(await api.newKey(), "pat@example.com", "pat-password"),
    );
    expect((await api.call("DELETE", "/oauth/session", { key })).status).toBe(204);
    const profile = await api.call("GET", "/profile", { key });
    expect(profile.status).toBe(401);
    expect((await profile.json()).code).toBe("unauthenticated");
    expect((await api.call("GET", "/orders", { key })).status).toBe(401);
    expect((await signIn(await api.newKey(), "sam@example.com", "sam-password")).status).toBe(200);
  });

  it("retires the key that signed in: its cart moves to the new key, a copy of the old one opens nothing", async () => {
    const guest = await api.newKey();
    const departmentId = await api.db.kysely
      .selectFrom("departments")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow()
      .then((d) => d.id);
    const created = await api.call("POST", "/orders", {
      key: guest,
      body: { department_id: departmentId, source: "website" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const orderId = (await created.json()).data.id as number;

    const signedIn = await signedInKey(await signIn(guest, "sam@example.com", "sam-password"));
    // The copy taken before the sign-in (a planted cookie) is a key nobody can use.
    expect((await api.call("GET", `/orders/${orderId}`, { key: guest })).status).toBe(401);
    expect((await api.call("GET", "/profile", { key: guest })).status).toBe(401);
    const order = await api.call("GET", `/orders/${orderId}`, { key: signedIn });
    expect(order.status).toBe(200);
    const owner = await api.db.kysely
      .selectFrom("orders")
      .innerJoin("users", "users.id", "orders.user_id")
      .select("users.email")
      .where("orders.id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(owner.email).toBe("sam@example.com");
  });

  it("never makes an order the device placed as a guest the account's: it stays the guest's, still on this device", async () => {
    const guest = await api.newKey();
    const product = await plainProduct(api, 0);
    const placed = await newOrder(api, product.department_id, guest);
    expect((await addItem(api, placed.id, product, 1, guest)).status).toBe(201);
    await prepareForPlacement(api, placed.id, { key: guest });
    expect((await place(api, placed.id, undefined, guest)).status).toBe(200);
    const cart = await newOrder(api, product.department_id, guest);

    // Signed in on the guest's confirmation page.
    const signedIn = await signedInKey(await signIn(guest, "pat@example.com", "pat-password"));
    const owners = await api.db.kysely
      .selectFrom("orders")
      .select(["id", "user_id", "api_key_id"])
      .where("id", "in", [placed.id, cart.id])
      .orderBy("id")
      .execute();
    const pat = await api.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", "pat@example.com")
      .executeTakeFirstOrThrow();
    // The cart becomes Pat's; the placed order keeps its guest customer and no account.
    expect(owners.map((o) => [o.id, o.user_id])).toEqual([
      [placed.id, null],
      [cart.id, pat.id],
    ]);
    // This device still shows its confirmation.
    const confirmation = await api.call("GET", `/orders/${placed.id}`, { key: signedIn });
    expect(confirmation.status).toBe(200);
    expect((await confirmation.json()).data.status).toBe("submitted");
    // Pat's orders (past orders, on every device) do not list it.
    const listed = await api.call("GET", "/orders?placed=1&limit=50", { key: signedIn });
    expect(listed.status).toBe(200);
    const ids = ((await listed.json()).data as { id: number }[]).map((o) => o.id);
    expect(ids).not.toContain(placed.id);
    const elsewhere = await signedInKey(
      await signIn(await api.newKey(), "pat@example.com", "pat-password"),
    );
    expect((await api.call("GET", `/orders/${placed.id}`, { key: elsewhere })).status).toBe(404);
  });

  it("answers 401 for a guest's profile", async () => {
    const res = await api.call("GET", "/profile", { key: await api.newKey() });
    expect(res.status).toBe(401);
  });
});

describe("several worker processes", () => {
  it("carries a sign-in on whichever provider instance each request reaches", async () => {
    // Two providers over one database, taking requests in turn as two workers behind one port
    // would: neither holds anything the other lacks (interactions, sessions, codes, keys).
    const express = (await import("express")).default;
    const { createSandboxProvider } = await import("../../api/integrations/identity/sandbox");
    const sso = { ...config({}).sso, returnOrigins: "loopback" as const };
    const app = express();
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const options = { ...sso, db: api.db.kysely, issuer: `${origin}/sandbox/sso` };
    const workers = [await createSandboxProvider(options), await createSandboxProvider(options)];
    let turn = 0;
    const served: number[] = [];
    app.use("/sandbox/sso", (req, res, next) => {
      served.push(turn % 2);
      workers[turn++ % 2]!(req, res, next);
    });
    app.use(
      "/api/1",
      createApi({
        db: api.db,
        config: {
          brandSlug: "harvest-market",
          apiSecret: DEVELOPMENT_API_SECRET,
          sso: { ...sso, sandboxIssuer: options.issuer },
        },
      }),
    );
    try {
      const key = await api.newKey();
      const started = await fetch(
        `${origin}/api/1/oauth/authorize?redirect_uri=${encodeURIComponent(returnUri)}`,
        { headers: { authorization: `Bearer ${key}` } },
      );
      const { authorization_url } = (await started.json()).data;
      const back = await signInOnProvider(authorization_url, "sam@example.com", "sam-password");
      const res = await fetch(`${origin}/api/1/oauth/authenticate`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(returned(back)),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()).data.email).toBe("sam@example.com");
      expect(new Set(served).size).toBe(2);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

/** The server's configuration from these variables alone. */
const config = (vars: Record<string, string>) => loadServerConfig(vars as NodeJS.ProcessEnv);
const PRODUCTION = { APP_ENV: "production", API_SECRET: "x" };

describe("configuration", () => {
  it("mounts no sandbox with OIDC_ISSUER, and needs the client's id and secret", () => {
    const issuer = {
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "shop",
      OIDC_CLIENT_SECRET: "s",
    };
    expect(config({ ...issuer, SANDBOX_SSO: "1" }).sso).toMatchObject({
      issuer: "https://id.example.com",
      sandbox: false,
      clientId: "shop",
    });
    expect(() => config({ OIDC_ISSUER: "https://id.example.com" })).toThrow(/OIDC_CLIENT_ID/);
    expect(config({ ...issuer, OIDC_SCOPES: "openid email" }).sso.scopes).toBe("openid email");
    expect(() => config({ ...issuer, OIDC_SCOPES: "email" })).toThrow(/openid/);
    expect(() =>
      config({
        ...issuer,
        OIDC_ISSUER: "http://id.example.com",
        APP_ENV: "production",
        API_SECRET: "x",
      }),
    ).toThrow(/https/);
  });

  it("mounts the sandbox in development, and in production mode only when asked", () => {
    expect(config({}).sso.sandbox).toBe(true);
    expect(config({ NODE_ENV: "production" }).sso.sandbox).toBe(false);
    expect(config({ NODE_ENV: "production", SANDBOX_SSO: "1" }).sso.sandbox).toBe(true);
    // Production refuses the sandbox's well-known client secret.
    expect(() => config({ NODE_ENV: "production", ...PRODUCTION, SANDBOX_SSO: "1" })).toThrow(
      /OIDC_CLIENT_SECRET/,
    );
    expect(config(PRODUCTION).sso.returnOrigins).toEqual([]);
    expect(config({ SSO_RETURN_ORIGINS: "https://shop.example.com" }).sso.returnOrigins).toEqual([
      "https://shop.example.com",
    ]);
  });

  it("answers 503 without any provider, and 502 with one that cannot be reached", async () => {
    const express = (await import("express")).default;
    const sso = config({}).sso;
    for (const [identity, status, code] of [
      [null, 503, "sso_unavailable"],
      [
        createIdentityClient({
          issuer: "http://127.0.0.1:9/nowhere",
          clientId: "x",
          clientSecret: "y",
          scopes: "openid",
          timeout: 2,
        }),
        502,
        "sso_unreachable",
      ],
    ] as const) {
      const app = express();
      app.use(
        "/api/1",
        createApi({
          db: api.db,
          config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET, sso },
          identity,
        }),
      );
      const server = app.listen(0, "127.0.0.1");
      await new Promise((r) => server.once("listening", r));
      const port = (server.address() as { port: number }).port;
      try {
        const res = await fetch(
          `http://127.0.0.1:${port}/api/1/oauth/authorize?redirect_uri=${encodeURIComponent(returnUri)}`,
          { headers: { authorization: `Bearer ${api.key}` } },
        );
        expect(res.status).toBe(status);
        const body = await res.json();
        expect(body.code).toBe(code);
        if (status === 502)
          expect(body.message).toBe(
            "Network connection issue communicating with SSO server. Continuing as guest.",
          );
      } finally {
        await new Promise((r) => server.close(r));
      }
    }
  });
});
