/**
 * Security headers for every response, and a fresh CSP nonce per request in `res.locals.cspNonce`
 * (server.ts hands it to Remix as `context.cspNonce`; entry.server.tsx and root.tsx put it on
 * every script they render).
 *
 * Pages get a strict Content-Security-Policy: scripts only from this origin with the nonce, no
 * plugins, no framing, forms and <base> only to this origin. The API answers JSON only, so it gets
 * `default-src 'none'`. In development Vite's HMR client needs a WebSocket, and the React Refresh
 * preamble is an inline module script that Remix renders with the nonce.
 */
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export interface SecurityHeaderOptions {
  /** Development relaxes connect-src for Vite's HMR WebSocket. Default: from NODE_ENV. */
  development?: boolean;
  /** Extra origins images may come from (e.g. the API's media host when API_URL is remote). */
  imageOrigins?: string[];
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function pageContentSecurityPolicy(
  nonce: string,
  options: Required<SecurityHeaderOptions>,
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...options.imageOrigins],
    "font-src": ["'self'"],
    "connect-src": options.development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    // The embedded profile page (billing addresses) will add its origin here.
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const apiOrigin = originOf(process.env.API_URL);
  const settings: Required<SecurityHeaderOptions> = {
    development: options.development ?? process.env.NODE_ENV !== "production",
    imageOrigins: options.imageOrigins ?? (apiOrigin ? [apiOrigin] : []),
  };

  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;

    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()");
    if (req.secure)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");

    const isApi = req.path === "/api" || req.path.startsWith("/api/");
    res.setHeader(
      "Content-Security-Policy",
      isApi ? API_CONTENT_SECURITY_POLICY : pageContentSecurityPolicy(nonce, settings),
    );
    next();
  };
}
