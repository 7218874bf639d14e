/**
 * Express middleware for server.ts, mounted just before the Remix handler.
 *
 * Remix checks a post's Origin against Host itself, before any action runs, and answers a
 * mismatch (another site, `null`, a malformed value) with a blank 500. This guard takes that
 * decision first, with the storefront's own rule (`isSameOrigin`, which knows TRUST_PROXY): an
 * Origin that is not this site's is removed, so the request reaches the route, whose `readCheckedPost`
 * refuses a post without a same-site Origin with the 403 page.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { storefrontConfig } from "./config";
import { isSameOrigin } from "./csrf";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type ExpressLikeRequest = IncomingMessage & { protocol?: string; originalUrl?: string };

function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

function sameOrigin(req: ExpressLikeRequest): boolean {
  try {
    const url = `${req.protocol ?? "http"}://${req.headers.host ?? "localhost"}${req.originalUrl ?? req.url ?? "/"}`;
    return isSameOrigin(url, fetchHeaders(req));
  } catch {
    return false; // an unreadable Host or URL is nobody's origin
  }
}

export function crossOriginPostGuard() {
  return (req: ExpressLikeRequest, _res: ServerResponse, next: () => void) => {
    if (UNSAFE_METHODS.has(req.method ?? "GET")) {
      // Untrusted forwarding headers would make Remix compare Origin with the wrong host.
      if (!storefrontConfig().trustProxy) delete req.headers["x-forwarded-host"];
      if (!sameOrigin(req)) delete req.headers.origin;
    }
    next();
  };
}
