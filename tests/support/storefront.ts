/**
 * Storefront loaders and actions called directly, as a shopper's browser would call them: the
 * storefront pointed at a test API, and a form posted with this site's Origin and the session's
 * CSRF token.
 */
import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { ensureCsrfToken } from "~/.server/csrf";
import { createRequestContext } from "~/.server/request-context";
import type { Answer, Shopper, StorefrontSession } from "~/.server/session";
import { CSRF_FIELD } from "~/lib/csrf";
import { startTestApi } from "./api";
import type { TestUser } from "./users";

export const SITE = "http://localhost";

/**
 * A test API with the storefront pointed at it, its session secret and `env` (features) set:
 * read on first use by the storefront's config, so before any loader or action runs.
 */
export async function startStorefrontApi(
  secret: string,
  env: Record<string, string> = {},
  options: Parameters<typeof startTestApi>[0] = {},
) {
  const api = await startTestApi(options);
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = secret;
  Object.assign(process.env, env);
  return api;
}

/**
 * The one factory of test contexts: a request's context as the server makes it
 * (app/.server/request-context.ts), for a request at `request` (a path of the site, or a Request
 * with the cookies the browser would send).
 */
export function testContext(request: Request | string = "/"): Promise<AppLoadContext> {
  return createRequestContext(
    typeof request === "string" ? new Request(`${SITE}${request}`) : request,
  );
}

const MAKING = Symbol("the context being made");

/**
 * The shopper of a context a test began empty (`{}`), made on first use from the request that
 * first reads it, as the server would have made it from that request; a context from
 * `testContext` is answered as it is. Later loaders and actions given the same object share it.
 */
export async function shopperOf({
  request,
  context,
}: {
  request: Request;
  context: object;
}): Promise<Shopper> {
  const given = context as Partial<AppLoadContext> & { [MAKING]?: Promise<AppLoadContext> };
  if (given.shopper) return given.shopper;
  // Loaders of one request run side by side: the first read makes the context, the others wait.
  given[MAKING] ??= createRequestContext(request).then((made) => {
    Object.defineProperties(context, Object.getOwnPropertyDescriptors(made));
    return made;
  });
  return (await given[MAKING]).shopper;
}

/** The Set-Cookie values the server commits after this context's route answered so. */
export async function committedCookies(
  context: object,
  answer: Answer = { status: 200, redirected: false },
): Promise<string[]> {
  const { shopper } = context as Partial<AppLoadContext>;
  if (!shopper) return [];
  const headers = new Headers();
  await shopper.commitTo(headers, answer);
  return headers.getSetCookie();
}

/** The signed-in person a session carries in tests that need a name and no account of its own. */
export const ROBIN = {
  id: 1,
  email: "robin@example.com",
  firstName: "Robin",
  lastName: "Shopper",
  phone: null,
  cardNumber: null,
};

/**
 * The session a signed-in shopper's cookie would bring to a request at `path` (read for `context`):
 * the device's key, and the person (with their club card, if any) unless `signedIn` is false.
 */
export async function shopperSession(
  path: string,
  context: Record<string, unknown>,
  who: { key: string; user: TestUser; cardNumber?: string | null },
  signedIn = true,
) {
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", who.key);
  if (signedIn)
    session.set("user", {
      id: who.user.id,
      email: who.user.email,
      firstName: "Test",
      lastName: "Shopper",
      phone: null,
      cardNumber: who.cardNumber ?? null,
    });
  return session;
}

export interface ActionAnswer {
  status: number;
  location: string | null;
  /** A Response's headers (none for data). */
  headers: Headers;
  /** What the action answered as data (through `data()` or not); null for a Response. */
  body: unknown;
}

/**
 * Posts `fields` to `action` at `path` with the CSRF token of `session` (already read for
 * `context`); answers what it returned or threw: a Response (a redirect) or Remix's data().
 */
export async function postForm(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  {
    path,
    context,
    session,
    fields,
    params = {},
  }: {
    path: string;
    context: Record<string, unknown>;
    session: StorefrontSession;
    fields: Record<string, string>;
    params?: Record<string, string>;
  },
): Promise<ActionAnswer> {
  const request = new Request(`${SITE}${path}`, {
    method: "POST",
    body: new URLSearchParams({ ...fields, [CSRF_FIELD]: ensureCsrfToken(session) }),
    headers: { origin: SITE },
  });
  let answer: unknown;
  try {
    answer = await action({ request, context, params } as ActionFunctionArgs);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response)
    return {
      status: answer.status,
      location: answer.headers.get("location"),
      headers: answer.headers,
      body: null,
    };
  const headers = new Headers();
  const wrapped = answer as { type?: unknown; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: null, headers, body: wrapped.data };
  return { status: 200, location: null, headers, body: answer };
}

const ROUTES_DIR = path.join(import.meta.dirname, "../../app/routes");

/** The route modules under app/routes that export an `action` (file names without extension). */
export function routeModulesWithAction(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) =>
      /export\s+(async\s+function|function|const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
        fs.readFileSync(path.join(ROUTES_DIR, file), "utf8"),
      ),
    )
    .map((file) => file.replace(/\.tsx?$/, ""))
    .sort();
}

/** A route module's `action`, read by its file name under app/routes. */
export async function routeAction(route: string): Promise<unknown> {
  const file = fs.readdirSync(ROUTES_DIR).find((f) => f.replace(/\.tsx?$/, "") === route);
  return ((await import(path.join(ROUTES_DIR, file!))) as { action?: unknown }).action;
}
