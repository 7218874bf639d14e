/**
 * What a shopper is told when a sign-in cannot happen (spec §8): the sign-in action (app/routes/
 * sign-in.tsx) and /sso-return called directly, against a real API whose identity provider
 * cannot be reached, or with a state that is not the one kept. The shopper stays a guest and is
 * sent back to the page they were on, with the message shown once on the next page; the failure
 * is reported (spec §8).
 */
import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../../../api/app";
import { loadServerConfig } from "../../../api/config";
import { createIdentityClient } from "../../../api/integrations/identity";
import { ensureCsrfToken } from "~/.server/csrf";
import type { StorefrontSession } from "~/.server/session";
import { CSRF_FIELD } from "~/lib/csrf";
import { action as signIn } from "~/routes/sign-in";
import { loader as ssoReturn } from "~/routes/sso-return";
import { startTestApi, type TestApi } from "../../support/api";
import { shopperOf, testContext } from "../../support/storefront";

/** What reached error reporting (spec §8: sign-on failures are reported). */
const reported = vi.hoisted(() => [] as { action: unknown; path: unknown }[]);
vi.mock("~/.server/error-reporting", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/.server/error-reporting")>()),
  reportError: (_error: unknown, context: { action: unknown; path: unknown }) => {
    reported.push({ action: context.action, path: context.path });
  },
}));
beforeEach(() => {
  reported.length = 0;
});

const SITE = "http://localhost";
const UNREACHABLE = "Network connection issue communicating with SSO server. Continuing as guest.";

let api: TestApi;
let server: Server;

beforeAll(async () => {
  api = await startTestApi();
  // The same database behind an API whose provider is a port nothing listens on.
  const app = express();
  app.use(
    "/api/1",
    createApi({
      db: api.db,
      config: {
        brandSlug: "harvest-market",
        apiSecret: DEVELOPMENT_API_SECRET,
        sso: { ...loadServerConfig({} as NodeJS.ProcessEnv).sso, returnOrigins: "loopback" },
      },
      identity: createIdentityClient({
        issuer: "http://127.0.0.1:9/nowhere",
        clientId: "storefront",
        clientSecret: "not-a-secret",
        scopes: "openid",
        timeout: 2,
      }),
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/1`;
  process.env.SESSION_SECRET = "sign-on-failures-test-secret";
});
afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await api?.close();
});

/** A guest's session with a registered key, as the browser's cookie brings it. */
async function guestSession(path: string, context: Record<string, unknown>) {
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", await api.newKey());
  return session;
}

async function answerOf(run: () => unknown): Promise<Response> {
  try {
    const answer = await run();
    if (answer instanceof Response) return answer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a redirect");
}

const messagesIn = (session: StorefrontSession) =>
  (session.get("flashMessages") ?? []).map((message) => message.text);

describe("a sign-in that cannot happen", () => {
  it("with the provider unreachable: back on the page, still a guest, told the spec's words", async () => {
    const context = await testContext();
    const session = await guestSession("/cart", context);
    const request = new Request(`${SITE}/sign-in`, {
      method: "POST",
      body: new URLSearchParams({ returnTo: "/cart", [CSRF_FIELD]: ensureCsrfToken(session) }),
      headers: { origin: SITE },
    });
    const answer = await answerOf(() =>
      signIn({ request, context, params: {} } as ActionFunctionArgs),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cart");
    expect(session.get("user")).toBeFalsy();
    expect(session.get("oauthState")).toBeFalsy();
    expect(messagesIn(session)).toEqual([UNREACHABLE]);
    expect(reported).toEqual([{ action: "Sign-on failed", path: "/sign-in" }]);
  });

  it("with a state that is not the one kept: nobody is signed in, back to the return path", async () => {
    const context = await testContext();
    const session = await guestSession("/sso-return", context);
    session.set("oauthState", "the-state-this-browser-was-given");
    session.set("returnPath", "/checkout");
    const request = new Request(`${SITE}/sso-return?state=a-forged-state&code=stolen-code`);
    const answer = await answerOf(() =>
      ssoReturn({ request, context, params: {} } as LoaderFunctionArgs),
    );
    expect([302, 303]).toContain(answer.status);
    expect(answer.headers.get("location")).toBe("/checkout");
    expect(session.get("user")).toBeFalsy();
    expect(session.get("oauthState")).toBeFalsy();
    expect(messagesIn(session)).toEqual(["We could not sign you in. Please try again."]);
    expect(reported).toEqual([{ action: "Sign-on failed", path: "/sso-return" }]);
  });
});
