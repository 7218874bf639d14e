/**
 * CSRF protection for every POST: a random token per session, sent back in a hidden form field
 * (`<CsrfInput />`) or an `X-CSRF-Token` header, and compared in constant time. A missing or wrong
 * token is a 403 page, never a 500. SameSite=Lax cookies already stop most cross-site posts; the
 * token also covers same-site subdomains and older browsers.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { CSRF_FIELD } from "~/lib/csrf";
import { routeError } from "./route-errors";
import type { StorefrontSession } from "./session";

export const CSRF_FAILURE_MESSAGE =
  "This form has expired or did not come from this site. Please go back, reload the page and try again.";

/** The session's token, created on first use. */
export function ensureCsrfToken(session: StorefrontSession): string {
  let token = session.get("csrfToken");
  if (!token) {
    token = randomBytes(32).toString("base64url");
    session.set("csrfToken", token);
  }
  return token;
}

function sameToken(expected: string, sent: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function sentToken(request: Request): Promise<string | null> {
  const header = request.headers.get("x-csrf-token");
  if (header) return header;
  // A clone, so the action can still read the form.
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const field = form?.get(CSRF_FIELD);
  return typeof field === "string" ? field : null;
}

/** Throws the 403 page unless the request carries this session's CSRF token. */
export async function requireCsrf(request: Request, session: StorefrontSession): Promise<void> {
  const expected = session.get("csrfToken");
  const sent = await sentToken(request);
  if (!expected || !sent || !sameToken(expected, sent)) {
    throw routeError(403, CSRF_FAILURE_MESSAGE, "CsrfError");
  }
}
