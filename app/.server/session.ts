/**
 * What the storefront remembers about a shopper, in two cookies:
 * - the session (signed, httpOnly, SameSite=Lax, Secure over HTTPS, gone when the browser closes):
 *   API key, current order, delivery info, flags, oauth state, return path, flash messages and the
 *   CSRF token;
 * - the preferences (signed, kept a year): device uuid, home store and the alerts already seen.
 *
 * Both are read once per request and shared by every loader of that request (the root and page
 * loaders run in parallel). A cookie is written back only when the request changed it:
 * `entry.server.tsx` does that for rendered pages and data requests; a redirect carries its
 * cookies through `redirectWithCookies`.
 */
import {
  createCookie,
  createCookieSessionStorage,
  redirect,
  type AppLoadContext,
  type Session,
} from "@remix-run/node";
import { z } from "zod";
import type { FlashNotice } from "~/lib/shell-data";
import { storefrontConfig } from "./config";
import { logWarning } from "./log";
import { safeRedirectPath } from "./safe-redirect";

/** A message shown once on the next page. */
export type FlashMessage = FlashNotice;

/** Delivery form entries kept between pages (spec §3 "Delivery info / form"). */
export type DeliveryInfo = Record<string, string | number | null>;

export interface SessionData {
  apiKey: string;
  orderId: number;
  deliveryInfo: DeliveryInfo;
  cardAuthorizationFailed: boolean;
  oauthState: string;
  returnPath: string;
  csrfToken: string;
  /**
   * The Idempotency-Key for placing this order: made once per order, so a double submit or a
   * retried post after a lost answer places it once.
   */
  placementKey: { orderId: number; key: string };
  /** The order whose recommended-products dialog was already shown (it shows once per order). */
  recommendationsShownFor: number;
  /** Where the shopper is shopping: the cart's "Go shopping" after its order is gone. */
  shoppingDepartment: { storeId: number; departmentId: number };
}

export interface SessionFlashData {
  flashMessages: FlashMessage[];
}

export type StorefrontSession = Session<SessionData, SessionFlashData>;

const preferencesSchema = z.object({
  uuid: z.string().min(1).max(64).optional().catch(undefined),
  homeStoreId: z.number().int().positive().optional().catch(undefined),
  seenAlerts: z.array(z.number().int()).max(500).catch([]).default([]),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const SESSION_COOKIE = "oe_session";
export const PREFERENCES_COOKIE = "oe_prefs";
const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

function createCookies() {
  const secrets = storefrontConfig().sessionSecrets;
  const shared = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets };
  return {
    sessions: createCookieSessionStorage<SessionData, SessionFlashData>({
      cookie: { name: SESSION_COOKIE, ...shared },
    }),
    preferences: createCookie(PREFERENCES_COOKIE, { ...shared, maxAge: ONE_YEAR_IN_SECONDS }),
  };
}

let cookies: ReturnType<typeof createCookies> | undefined;
const storefrontCookies = () => (cookies ??= createCookies());

export interface ShopperState {
  readonly session: StorefrontSession;
  /** Mutable: change a field and the cookie is written back. */
  readonly preferences: Preferences;
  /** The request came over HTTPS: cookies get the Secure attribute. */
  readonly secure: boolean;
}

interface TrackedState {
  state: ShopperState;
  sessionAsRead: string;
  preferencesAsRead: string;
}

/** Loaders of one request share the load context object, so it keys the request's state. */
const requestStates = new WeakMap<object, Promise<TrackedState>>();

export interface RequestArgs {
  request: Request;
  context: AppLoadContext;
}

async function readState(request: Request): Promise<TrackedState> {
  const header = request.headers.get("Cookie");
  const { sessions, preferences } = storefrontCookies();
  const session = await sessions.getSession(header);
  const parsed = preferencesSchema.safeParse(await preferences.parse(header));
  const prefs: Preferences = parsed.success ? parsed.data : { seenAlerts: [] };
  return {
    state: { session, preferences: prefs, secure: new URL(request.url).protocol === "https:" },
    sessionAsRead: JSON.stringify(session.data),
    preferencesAsRead: JSON.stringify(prefs),
  };
}

/** The shopper's session and preferences for this request (read once, shared by its loaders). */
export async function getShopperState({ request, context }: RequestArgs): Promise<ShopperState> {
  let tracked = requestStates.get(context);
  if (!tracked) {
    tracked = readState(request);
    requestStates.set(context, tracked);
  }
  return (await tracked).state;
}

/** Set-Cookie values for the cookies this request changed; none when nothing changed. */
export async function changedCookies(context: AppLoadContext): Promise<string[]> {
  const tracked = requestStates.get(context);
  if (!tracked) return [];
  const { state, sessionAsRead, preferencesAsRead } = await tracked;
  const { sessions, preferences } = storefrontCookies();
  const values: string[] = [];
  if (JSON.stringify(state.session.data) !== sessionAsRead) {
    values.push(await sessions.commitSession(state.session, { secure: state.secure }));
  }
  if (JSON.stringify(state.preferences) !== preferencesAsRead) {
    values.push(await preferences.serialize(state.preferences, { secure: state.secure }));
  }
  return values;
}

/** `headers` plus the Set-Cookie headers of whatever this request changed. */
export async function withCookies(
  context: AppLoadContext,
  headers?: HeadersInit,
): Promise<Headers> {
  const merged = new Headers(headers);
  for (const value of await changedCookies(context)) merged.append("Set-Cookie", value);
  return merged;
}

/**
 * A redirect that keeps this request's cookie changes (Remix returns redirects as they are). Every
 * target passes the safe-redirect check: one that is not a path of this site goes home instead.
 */
export async function redirectWithCookies(
  context: AppLoadContext,
  url: string,
  init: ResponseInit = {},
) {
  const target = safeRedirectPath(url, null);
  if (target === null) logWarning("Refused a redirect that is not a path of this site", { url });
  return redirect(target ?? "/", { ...init, headers: await withCookies(context, init.headers) });
}

const isOurCookie = (setCookie: string) =>
  setCookie.startsWith(`${SESSION_COOKIE}=`) || setCookie.startsWith(`${PREFERENCES_COOKIE}=`);

/**
 * Writes the request's final cookie state onto a finished response, replacing any earlier copy a
 * loader or redirect attached: parallel loaders may each have changed something.
 */
export async function applyShopperCookies(
  headers: Headers,
  context: AppLoadContext,
): Promise<void> {
  const values = await changedCookies(context);
  if (values.length === 0) return;
  const others = headers.getSetCookie().filter((value) => !isOurCookie(value));
  headers.delete("Set-Cookie");
  for (const value of [...others, ...values]) headers.append("Set-Cookie", value);
}

/**
 * Home clears everything stored for the current shopping trip; the API key, the CSRF token, flash
 * messages and the preferences (uuid, home store, seen alerts) stay.
 */
export function clearShoppingTrip(session: StorefrontSession): void {
  session.unset("orderId");
  session.unset("deliveryInfo");
  session.unset("cardAuthorizationFailed");
  session.unset("oauthState");
  session.unset("returnPath");
  session.unset("placementKey");
  session.unset("recommendationsShownFor");
  session.unset("shoppingDepartment");
}

/** Drops the order in progress (and what belongs to it) from the session. */
export function forgetOrder(session: StorefrontSession): void {
  session.unset("orderId");
  session.unset("deliveryInfo");
  session.unset("cardAuthorizationFailed");
  session.unset("placementKey");
  session.unset("recommendationsShownFor");
}

/** Queues a message for the next page the shopper sees. */
export function addFlashMessage(session: StorefrontSession, message: FlashMessage): void {
  const queued = session.get("flashMessages") ?? [];
  session.flash("flashMessages", [...queued, message]);
}

/** The queued messages, removed from the session. */
export function takeFlashMessages(session: StorefrontSession): FlashMessage[] {
  return session.get("flashMessages") ?? [];
}
