/**
 * The storefront's edge: security headers, allowed methods, body caps and the form-post rate
 * limit, on a small Express app made of the same middleware as server.ts and a stand-in Remix
 * build whose one route reads the posted form.
 */
import http from "node:http";
import net from "node:net";
import express from "express";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { storefrontBodyCap } from "../../server/bodies";
import { storefrontEdge } from "../../server/edge";
import { securityHeaders } from "../../server/headers";
import { DEFAULT_BODY_LIMITS } from "@core/rules/limits";
import { loadEdgeLimits, type EdgeLimits } from "../../server/limits";
import { memoryStores } from "../../server/rate-limit-stores";
import { remixHandler } from "../../server/remix-handler";
import { formChunks, listen, rawRequest, type Running } from "./support";

/** One route at /: its action reads the form and says how long the text field was. */
const build = {
  mode: "production",
  future: {},
  publicPath: "/",
  assetsBuildDirectory: "",
  isSpaMode: false,
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers, context: never) => {
        const { actionData } = (context as { staticHandlerContext: { actionData: unknown } })
          .staticHandlerContext;
        return new Response(`page ${JSON.stringify(actionData ?? null)}`, { status, headers });
      },
    },
  },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        default: () => null,
        loader: () => null,
        action: async ({ request }: { request: Request }) => {
          const form = await request.formData();
          return { length: String(form.get("text") ?? "").length };
        },
      },
    },
  },
  assets: {
    entry: { imports: [], module: "" },
    routes: {
      root: { id: "root", path: "", hasAction: true, hasLoader: true, module: "", imports: [] },
    },
    url: "",
    version: "test",
  },
} as unknown as ServerBuild;

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function storefront(limits: EdgeLimits = loadEdgeLimits({})) {
  const app = express();
  app.use(securityHeaders({ development: false, imageOrigins: [] }));
  app.use(storefrontEdge({ limits, stores: memoryStores }));
  app.all(
    "*",
    remixHandler({
      build,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
      capFor: storefrontBodyCap(limits.bodies),
    }),
  );
  running = await listen(app);
  return running;
}

/** A form post of 50 MB, written 64 KB at a time; Content-Length declared or chunked. */
const bigFormPost = (port: number, framing: Record<string, string | number>) =>
  rawRequest(
    port,
    {
      method: "POST",
      path: "/",
      headers: { "content-type": "application/x-www-form-urlencoded", ...framing },
    },
    formChunks(800),
  );

const post = (url: string, body: string) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

describe("security headers", () => {
  it("give every page a CSP with its own nonce, no <base>, and no inline styles", async () => {
    const { url } = await storefront();
    const [first, second] = await Promise.all([fetch(url), fetch(url)]);
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+';/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("give the API default-src 'none' only, and let Vite's socket connect in development", async () => {
    const app = express();
    app.use(securityHeaders({ development: true, imageOrigins: [] }));
    app.use((_req, res) => res.end());
    running = await listen(app);
    const api = await fetch(`${running.url}/api/1/stores`);
    expect(api.headers.get("content-security-policy")).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    const page = await fetch(running.url);
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self' ws: wss:");
  });
});

describe("methods", () => {
  it("answers TRACE, PUT and PATCH on a page with 405 and Allow, and OPTIONS with Allow", async () => {
    const { port, url } = await storefront();
    for (const method of ["TRACE", "PUT", "PATCH"]) {
      const res = await rawRequest(port, { method, path: "/stores" });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST");
      expect(res.body).toContain("Oops! Something Went Wrong.");
      expect(res.body).toContain('href="/"');
    }
    const options = await fetch(url, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers TRACK and CONNECT, which Node's parser handles itself, with 405", async () => {
    const { port } = await storefront();
    // Node's client refuses to send an unknown method: write it on a socket.
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write("TRACK / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
      );
      let text = "";
      socket.on("data", (d) => (text += d));
      socket.on("close", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("Allow: GET, HEAD, POST");
    const connect = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port,
        method: "CONNECT",
        path: "example.com:443",
      });
      req.on("connect", (res) => resolve(res.statusCode ?? 0));
      req.on("response", (res) => resolve(res.statusCode ?? 0));
      req.on("error", reject);
      req.end();
    });
    expect(connect).toBe(405);
  });
});

describe("body caps", () => {
  it("reads a form within the cap", async () => {
    const { url } = await storefront();
    const res = await post(url, `text=${"a".repeat(1000)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('page {"root":{"length":1000}}');
  });

  it("refuses a 50 MB form post by its Content-Length with the 413 page, before the body is sent", async () => {
    const { port } = await storefront();
    const res = await bigFormPost(port, { "content-length": 50 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers.connection).toBe("close");
    expect(res.body).toContain("<title>Oops! Something Went Wrong.</title>");
    expect(res.body).toContain("The form you sent is larger than 64 KB and could not be read.");
    expect(res.body).toContain('<a href="/" class="button">Go Home</a>');
    // Answered while the client was still far from done.
    expect(res.bytesSent).toBeLessThan(5 * 1024 * 1024);
  });

  it("counts a chunked form post as it streams and refuses it once past the cap", async () => {
    const { port } = await storefront();
    const res = await bigFormPost(port, { "transfer-encoding": "chunked" });
    expect(res.status).toBe(413);
    expect(res.body).toContain("The form you sent is larger than 64 KB");
    expect(res.bytesSent).toBeLessThan(5 * 1024 * 1024);
  });

  it("gives multipart posts room for a 5 MB photo, and says so when a post is larger", async () => {
    const { port } = await storefront();
    const res = await rawRequest(port, {
      method: "POST",
      path: "/",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": DEFAULT_BODY_LIMITS.multipart + 1,
      },
    });
    expect(res.status).toBe(413);
    expect(res.body).toContain(
      "The form you sent is larger than 6 MB. A photo must be 5 MB or smaller.",
    );
  });
});

describe("form-post rate limit", () => {
  it("answers the 429 page with Retry-After after the limit, and never limits reading pages", async () => {
    const limits = loadEdgeLimits({ RATE_LIMIT_STOREFRONT_POSTS: "3/60" });
    const { url } = await storefront(limits);
    for (let i = 0; i < 3; i++) expect((await post(url, "text=hi")).status).toBe(200);
    const refused = await post(url, "text=hi");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await refused.text();
    // Its own title: slowing a shopper down is not the site going wrong.
    expect(page).toContain("<title>Error 429: Too Many Requests.</title>");
    expect(page).toContain('<h1 id="error-page-title">Error 429: Too Many Requests.</h1>');
    expect(page).toMatch(
      /You have sent a lot of forms in a short time\. Please try again in \d+ seconds\./,
    );
    expect(page).toContain("Go Home");
    // The page's own nonce lets its <style> apply under the CSP.
    const nonce = /'nonce-([^']+)'/.exec(refused.headers.get("content-security-policy")!)?.[1];
    expect(page).toContain(`<style nonce="${nonce}">`);
    expect((await fetch(url)).status).toBe(200);
  });

  it("is off with RATE_LIMITS=off", async () => {
    const { url } = await storefront(
      loadEdgeLimits({ RATE_LIMITS: "off", RATE_LIMIT_STOREFRONT_POSTS: "1/60" }),
    );
    for (let i = 0; i < 3; i++) expect((await post(url, "text=hi")).status).toBe(200);
  });
});
