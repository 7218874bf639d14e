/**
 * Security headers through helmet, with a fresh CSP nonce per request in `res.locals.cspNonce`
 * (server.ts hands it to Remix as `context.cspNonce`; entry.server.tsx and root.tsx put it on
 * every script they render).
 *
 * Pages: scripts only from this origin with the nonce; styles only from this origin's stylesheets
 * or a nonce'd <style> (no inline style attributes: the app renders none on the server), no
 * plugins, not framed by anyone and framing only the identity provider's address page, forms to
 * this origin only, and no <base> at all (the sandbox provider's address page lets the shop's
 * origin frame it, on its own answers). The API answers JSON
 * only, so it gets `default-src 'none'`. In development Vite's HMR client needs a WebSocket.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { readVariable } from "@core/config/environment";

export interface SecurityHeaderOptions {
  /** Development relaxes connect-src for Vite's HMR WebSocket. Default: from NODE_ENV. */
  development?: boolean;
  /** Extra origins images may come from (e.g. the API's media host when API_URL is remote). */
  imageOrigins?: string[];
  /**
   * The only origins a page may frame: the identity provider's address page (/addresses'
   * '+ Add New Billing Address'). None by default.
   */
  frameOrigins?: string[];
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const nonceSource = (_req: IncomingMessage, res: ServerResponse) =>
  `'nonce-${(res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce}'`;

/** The headers every answer shares; only the CSP differs between pages and the API. */
function helmetWith(directives: Record<string, (string | typeof nonceSource)[]>) {
  return helmet({
    contentSecurityPolicy: {
      // Every directive is listed here; helmet's defaults would add upgrade-insecure-requests,
      // which breaks plain-HTTP local and test servers.
      useDefaults: false,
      directives,
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    // Product photos and media may be shown by the brand's other sites (same site).
    crossOriginResourcePolicy: { policy: "same-site" },
    // Sent on every answer: browsers ignore it over plain HTTP, and behind a TLS proxy req.secure
    // may not know the connection was secure.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
}

export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const development = options.development ?? readVariable("NODE_ENV", process.env) !== "production";
  const apiOrigin = originOf(readVariable("API_URL", process.env));
  const imageOrigins = options.imageOrigins ?? (apiOrigin ? [apiOrigin] : []);

  const pages = helmetWith({
    "default-src": ["'self'"],
    "script-src": ["'self'", nonceSource],
    "style-src": ["'self'", nonceSource],
    "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    // The identity provider's address page (/addresses' dialog) and nothing else.
    "frame-src": options.frameOrigins?.length ? options.frameOrigins : ["'none'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
  });
  const api = helmetWith({ "default-src": ["'none'"], "frame-ancestors": ["'none'"] });

  return (req, res, next) => {
    // Not one of helmet's headers: the store locator may ask for the location, nothing else.
    res.setHeader("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()");
    const isApi = req.path === "/api" || req.path.startsWith("/api/");
    if (isApi) return api(req, res, next);
    // Only pages run scripts: the API's JSON needs no nonce (its policy allows nothing).
    res.locals.cspNonce = randomBytes(16).toString("base64");
    pages(req, res, next);
  };
}
