/**
 * A cross-site post through Express and the Remix request handler, as server.ts serves them: with
 * the origin guard in front, another site's post (or a `null` Origin) reaches the route and gets
 * the 403 page instead of Remix's blank 500; a post from this site still works.
 */
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { crossOriginPostGuard } from "~/.server/origin-guard";
import { createRequestContext } from "~/.server/request-context";
import * as changeStore from "~/routes/change-store";
import { storefrontBodyCap } from "../../../server/bodies";
import { loadEdgeLimits } from "../../../server/limits";
import { remixHandler } from "../../../server/remix-handler";
import { committedCookies, shopperOf, testContext } from "../../support/storefront";

beforeAll(() => {
  process.env.SESSION_SECRET = "guard-test-secret";
  process.env.LOG_LEVEL = "silent";
});

/** The smallest build: a root and /change-store; a page answers its status and error as JSON. */
const build = {
  mode: "production",
  entry: {
    module: {
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        context: { staticHandlerContext: { errors: unknown } },
      ) =>
        new Response(JSON.stringify({ errors: context.staticHandlerContext.errors }), {
          status,
          headers,
        }),
      handleError: () => undefined,
      createLoadContext: createRequestContext,
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null, ErrorBoundary: () => null } },
    "routes/change-store": {
      id: "routes/change-store",
      parentId: "root",
      path: "change-store",
      module: changeStore,
    },
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(crossOriginPostGuard());
  app.all(
    "*",
    remixHandler({
      build,
      getLoadContext: () => ({}),
      capFor: storefrontBodyCap(loadEdgeLimits({}).bodies),
    }),
  );
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A shopper's session cookie and its CSRF token. */
async function shopper() {
  const context = await testContext();
  const state = await shopperOf({ request: new Request(`${base}/`), context });
  const token = ensureCsrfToken(state.session);
  state.session.set("orderId", 5);
  const cookie = (await committedCookies(context)).map((value) => value.split(";")[0]).join("; ");
  return { cookie, token };
}

async function postChangeStore(headers: Record<string, string>) {
  const { cookie, token } = await shopper();
  return fetch(`${base}/change-store`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: `csrf=${encodeURIComponent(token)}`,
  });
}

describe("a form post through the server", () => {
  it("from this site is accepted", async () => {
    const answer = await postChangeStore({ origin: base });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/stores");
  });

  it("commits the action's session change on its redirect, once, in the server's handler", async () => {
    const answer = await postChangeStore({ origin: base });
    const written = answer.headers.getSetCookie();
    expect(written.filter((value) => value.startsWith("oe_session="))).toHaveLength(1);
    const cookie = written.map((value) => value.split(";")[0]).join("; ");
    const next = await shopperOf({
      request: new Request(`${base}/stores`, { headers: { cookie } }),
      context: {},
    });
    expect(next.orderId).toBeUndefined();
    expect(next.session.get("csrfToken")).toBeDefined();
  });

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["an opaque origin", { origin: "null" }],
    ["a malformed origin", { origin: "http://[::1" }],
    ["no Origin", {}],
    [
      "a forged forwarded host",
      { origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    ],
  ])("from %s gets the 403 page, not a 500", async (_case, headers) => {
    const answer = await postChangeStore(headers);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("did not come from this site");
  });
});
