/**
 * CSRF protection for every POST, two checks, each a 403 page when it fails (never a 500):
 * - the Origin header must be this site's own origin (behind a trusted proxy, the forwarded scheme
 *   and host). Browsers send Origin on every form post, with or without scripts, so a post without
 *   one, or with `null` (sandboxed frames, some redirects), is not from our pages;
 * - a random token per session, sent back in a hidden form field (`<CsrfInput />`) or an
 *   `X-CSRF-Token` header, compared in constant time.
 * SameSite=Lax cookies already stop most cross-site posts; these also cover same-site subdomains
 * and older browsers.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { CSRF_FIELD } from "~/lib/csrf";
import { storefrontConfig } from "./config";
import { routeError } from "./route-errors";
import { isQuietPost } from "~/lib/quiet-posts";
import type { Shopper, StorefrontSession } from "./session";

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

/** `scheme://host[:port]` normalised, or null for anything that is not an http(s) origin. */
function httpOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

const firstValue = (headers: Headers, name: string) =>
  headers.get(name)?.split(",")[0]?.trim() || null;

/**
 * This site's origin for a request to `url`: the URL's own, or with TRUST_PROXY what the proxy says
 * the browser asked for (X-Forwarded-Proto, X-Forwarded-Host, else Host).
 */
export function ownOrigin(
  url: string,
  headers: Headers,
  trustProxy = storefrontConfig().trustProxy,
): string | null {
  const own = new URL(url);
  if (!trustProxy) return httpOrigin(own.origin);
  const scheme = firstValue(headers, "x-forwarded-proto") ?? own.protocol.slice(0, -1);
  const host = firstValue(headers, "x-forwarded-host") ?? headers.get("host") ?? own.host;
  return httpOrigin(`${scheme}://${host}`);
}

/** The post's Origin header names this site. */
export function isSameOrigin(
  url: string,
  headers: Headers,
  trustProxy = storefrontConfig().trustProxy,
): boolean {
  const sent = headers.get("origin");
  if (!sent) return false;
  const origin = httpOrigin(sent);
  return origin !== null && origin === ownOrigin(url, headers, trustProxy);
}

const refuse = () => routeError(403, CSRF_FAILURE_MESSAGE, "CsrfError");

function sameToken(expected: string, sent: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A post's body as an action reads it: at least its form fields. */
export type PostBody = { form: FormData };

/** The usual body: the form's fields (a body that cannot be read carries none, and no token). */
const readForm = async (request: Request): Promise<PostBody> => ({
  form: await request.formData().catch(() => new FormData()),
});

/**
 * The one prelude of every storefront action. Another site's post is refused before its body is
 * read; the body is then read once (`read`: the form by default, the product page's multipart
 * reader there) and refused with the 403 page unless it carries this session's token, in its
 * hidden field or the `X-CSRF-Token` header scripts send. A post the page sends on its own
 * (app/lib/quiet-posts.ts) is marked quiet here, so its answer writes no cookie whatever the
 * action does (`Shopper.keepQuiet`). Answers what was read.
 */
export async function readCheckedPost<Body extends PostBody = PostBody>(
  request: Request,
  shopper: Pick<Shopper, "session" | "keepQuiet">,
  read: (request: Request) => Promise<Body> = readForm as (request: Request) => Promise<Body>,
): Promise<Body> {
  if (!isSameOrigin(request.url, request.headers)) throw refuse();
  const body = await read(request);
  const field = body.form.get(CSRF_FIELD);
  const sent = request.headers.get("x-csrf-token") ?? (typeof field === "string" ? field : null);
  const expected = shopper.session.get("csrfToken");
  if (!expected || !sent || !sameToken(expected, sent)) throw refuse();
  if (isQuietPost(body.form)) shopper.keepQuiet();
  return body;
}
