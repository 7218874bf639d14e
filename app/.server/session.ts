/**
 * What the storefront remembers about a shopper, in two cookies:
 * - the session (encrypted and authenticated with AES-256-GCM, decision 008; httpOnly,
 *   SameSite=Lax, Secure over HTTPS, gone when the browser closes and in any case after
 *   SESSION_LIFETIME_SECONDS): API key, current order, delivery info, flags, oauth state, return
 *   path, flash messages and the CSRF token;
 * - the preferences (signed, kept a year): device uuid, home store and the alerts already seen.
 *
 * Both are read once per request, when the server makes the request's context, into one `Shopper`
 * (`context.shopper`) shared by every loader of that request (the root and page loaders run in
 * parallel). A cookie is written back only when the request changed it, once, after the route
 * answered: server/remix-handler.ts calls `Shopper.commitTo` for every answer, pages, data and
 * redirects alike.
 */
import {
  createCookie,
  createSession,
  redirect,
  type AppLoadContext,
  type Session,
} from "@remix-run/node";
import { z } from "zod";
import { MAX_ID } from "@core/rules/ids";
import type { CouponView } from "~/lib/coupons";
import type { FlashNotice } from "~/lib/shell-data";
import { pagePath } from "~/lib/quick-view";
import { storefrontConfig } from "./config";
import { isDelivery } from "./delivery-mode";
import { logWarning } from "./log";
import { safeRedirectPath } from "./safe-redirect";
import { seal, unseal } from "./sealed-cookie";

/** A message shown once on the next page. */
export type FlashMessage = FlashNotice;

/** Delivery form entries kept between pages (spec §3 "Delivery info / form"). */
export type DeliveryInfo = Record<string, string | number | null>;

/**
 * The signed-in shopper, from the profile fetched once at sign-in (spec §4 "Authentication"):
 * what the pages show and prefill; the API knows the person by the session's key.
 */
export interface SignedInShopper {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  cardNumber: string | null;
}

export interface SessionData {
  apiKey: string;
  user: SignedInShopper;
  orderId: number;
  deliveryInfo: DeliveryInfo;
  /** A card authorization's start failed: the gateway unreachable, or the start refused. */
  cardAuthorizationFailed: "gateway" | "initiate" | true;
  /**
   * The provider's page refused a delivery order's card (or left it unauthorized): its delivery
   * information says so until the next start, with another card first and pickup second.
   */
  cardDeclined: { orderId: number; status: string | null };
  oauthState: string;
  returnPath: string;
  csrfToken: string;
  /**
   * The Idempotency-Key for placing this order: made once per order, so a double submit or a
   * retried post after a lost answer places it once.
   */
  placementKey: { orderId: number; key: string };
  /**
   * The recommended products offered for the order (the dialog shows once per order), so the
   * analytics events name only what was offered, each view counted once.
   */
  recommendationsShown: {
    orderId: number;
    collectionId: string;
    productIds: number[];
    viewed: boolean;
  };
  /** Where the shopper is shopping: the cart's "Go shopping" after its order is gone. */
  shoppingDepartment: { storeId: number; departmentId: number };
  /** The coupon loaded to the card from this order's confirmation: it shows 'Loaded!' there. */
  couponLoaded: { orderId: number; coupon: CouponView };
}

export interface SessionFlashData {
  flashMessages: FlashMessage[];
  /** The product just added without scripts: its page shows the lasting confirmation once. */
  addedProduct: number;
}

export type StorefrontSession = Session<SessionData, SessionFlashData>;

const preferencesSchema = z.object({
  uuid: z.string().min(1).max(64).optional().catch(undefined),
  // Bounded as every other id is (core/rules/ids.ts): a larger one names no store.
  homeStoreId: z.number().int().positive().max(MAX_ID).optional().catch(undefined),
  seenAlerts: z.array(z.number().int()).max(500).catch([]).default([]),
  /** 'Lite version' chosen in the footer: pages without any script (app/lib/lite-mode.ts). */
  lite: z.boolean().optional().catch(undefined),
});

export type Preferences = z.infer<typeof preferencesSchema>;

/** The cookies' names over plain HTTP (development, tests); see `cookieNames`. */
export const SESSION_COOKIE = "oe_session";
export const PREFERENCES_COOKIE = "oe_prefs";
const ONE_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/**
 * How long a session lasts from when it began, whatever the browser does with the cookie: a
 * copied cookie stops working by then (the time is inside the sealed value, checked on read).
 * A week: shoppers build a cart over several days (pickup can be weeks ahead), and a guest
 * session guards a cart, not an account.
 */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** Browsers refuse a cookie larger than this (name, value and attributes). */
export const MAX_COOKIE_BYTES = 4096;

/** Flash messages kept for the next page: the latest few, each of a bounded length. */
export const MAX_FLASH_MESSAGES = 3;
export const MAX_FLASH_TEXT = 300;

/**
 * Over HTTPS only (COOKIE_SECURE), the names carry the `__Host-` prefix: the browser then takes
 * them only when Secure, for Path=/ and without Domain, so no sibling subdomain can set them.
 */
export function cookieNames(secure = storefrontConfig().cookieSecure) {
  const prefix = secure ? "__Host-" : "";
  return { session: `${prefix}${SESSION_COOKIE}`, preferences: `${prefix}${PREFERENCES_COOKIE}` };
}

/** What the sealed session cookie holds: the session and when it began and ends (seconds). */
const sealedSessionSchema = z.object({
  issuedAt: z.number(),
  expiresAt: z.number(),
  data: z.record(z.unknown()),
});

function createCookies() {
  const config = storefrontConfig();
  const names = cookieNames(config.cookieSecure);
  const attributes = { httpOnly: true, sameSite: "lax" as const, path: "/" };
  return {
    names,
    secrets: config.sessionSecrets,
    alwaysSecure: config.cookieSecure,
    preferences: createCookie(names.preferences, {
      ...attributes,
      secrets: config.sessionSecrets,
      maxAge: ONE_YEAR_IN_SECONDS,
      secure: config.cookieSecure,
    }),
  };
}

let cookies: ReturnType<typeof createCookies> | undefined;
const storefrontCookies = () => (cookies ??= createCookies());

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | null, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

interface OpenedSession {
  session: StorefrontSession;
  issuedAt: number;
  /** A cookie came but could not be used (forged, another secret, expired): it is replaced. */
  stale: boolean;
}

function openSession(header: string | null): OpenedSession {
  const { names, secrets } = storefrontCookies();
  const raw = cookieValue(header, names.session);
  const now = nowInSeconds();
  if (raw) {
    const parsed = sealedSessionSchema.safeParse(unseal(raw, secrets, names.session));
    if (parsed.success && parsed.data.expiresAt > now && parsed.data.issuedAt <= now + 60) {
      const data = parsed.data.data as Partial<SessionData>;
      return {
        session: createSession(data) as StorefrontSession,
        issuedAt: parsed.data.issuedAt,
        stale: false,
      };
    }
  }
  return { session: createSession({}) as StorefrontSession, issuedAt: now, stale: raw !== null };
}

const FLASH_KEY = "__flash_flashMessages__"; // where Remix keeps a flash value

/** Keeps what can grow within bounds before the cookie is written. */
function boundSessionData(session: StorefrontSession): void {
  const queued = (session.data as Record<string, unknown>)[FLASH_KEY];
  if (Array.isArray(queued)) session.flash("flashMessages", boundFlash(queued as FlashMessage[]));
}

function boundFlash(messages: FlashMessage[]): FlashMessage[] {
  return messages
    .slice(-MAX_FLASH_MESSAGES)
    .map((message) => ({ ...message, text: message.text.slice(0, MAX_FLASH_TEXT) }));
}

function sessionSetCookie(name: string, value: string, secure: boolean, maxAge?: number): string {
  return [
    `${name}=${value}`,
    ...(maxAge === undefined ? [] : [`Max-Age=${maxAge}`]),
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The session's Set-Cookie: sealed with its lifetime inside, or a removal when it is empty. */
function commitSession(opened: OpenedSession, requestSecure: boolean): string {
  const { names, secrets, alwaysSecure } = storefrontCookies();
  const secure = alwaysSecure || requestSecure;
  const { session, issuedAt } = opened;
  boundSessionData(session);
  if (Object.keys(session.data).length === 0) return sessionSetCookie(names.session, "", secure, 0);
  const sealWith = (data: unknown) =>
    sessionSetCookie(
      names.session,
      seal(
        { issuedAt, expiresAt: issuedAt + SESSION_LIFETIME_SECONDS, data },
        secrets,
        names.session,
      ),
      secure,
    );
  const written = sealWith(session.data);
  if (written.length <= MAX_COOKIE_BYTES) return written;
  // Never a cookie the browser would drop (and with it the order): the messages go first.
  logWarning("The session cookie would be too large: its flash messages are dropped", {
    bytes: written.length,
  });
  const rest: Record<string, unknown> = { ...session.data };
  delete rest[FLASH_KEY];
  return sealWith(rest);
}

export interface ShopperState {
  readonly session: StorefrontSession;
  /** Mutable: change a field and the cookie is written back. */
  readonly preferences: Preferences;
  /** The request came over HTTPS: cookies get the Secure attribute. */
  readonly secure: boolean;
}

/** What loaders and actions are given: the request and its context. */
export interface RequestArgs {
  request: Request;
  context: AppLoadContext;
}

/** How the route answered, as the commit needs it. */
export interface Answer {
  status: number;
  /** A redirect, whether a 3xx or the router's data answer that carries one. */
  redirected: boolean;
}

/**
 * The shopper of one request: their session and preferences, read once when the request's context
 * is made (`app/.server/request-context.ts`) and shared by every loader, action and the entry. The
 * named accessors are the facts pages ask about; `session` and `preferences` stay open for the
 * rest. Nothing here writes a cookie: the server commits them once, after the route answered
 * (`commitTo`, called by server/remix-handler.ts), and only what changed.
 */
export class Shopper implements ShopperState {
  readonly session: StorefrontSession;
  readonly preferences: Preferences;
  readonly secure: boolean;
  private readonly opened: OpenedSession;
  private sessionAsRead: string | null;
  private readonly preferencesAsRead: string;
  /**
   * The session the request's cookie brought, as JSON ('{}' for a new or stale one), and its
   * start: what a failed answer writes back.
   */
  private readonly brought: { json: string; issuedAt: number };
  /** Messages taken for a page this request may still answer with a redirect instead. */
  private takenFlash: FlashMessage[] = [];
  private quiet = false;

  constructor(opened: OpenedSession, preferences: Preferences, secure: boolean) {
    this.session = opened.session;
    this.preferences = preferences;
    this.secure = secure;
    this.opened = opened;
    const brought = opened.stale ? "{}" : JSON.stringify(opened.session.data);
    // A stale cookie counts as changed, so it is replaced (or removed) on this answer.
    this.sessionAsRead = opened.stale ? null : brought;
    this.preferencesAsRead = JSON.stringify(preferences);
    this.brought = { json: brought, issuedAt: opened.issuedAt };
  }

  /** Signed in through the identity provider (spec §4 "Authentication"). */
  get signedIn(): boolean {
    return this.session.has("user");
  }

  get user(): SignedInShopper | undefined {
    return this.session.get("user");
  }

  /** The working order's id, if the shopper has one. */
  get orderId(): number | undefined {
    return this.session.get("orderId");
  }

  /** Whether `order` is a delivery for this shopper: the one rule (delivery-mode.ts). */
  delivers(order: { delivery?: unknown } | null | undefined): boolean {
    return isDelivery(order, this.session);
  }

  /** The delivery form's entries kept between pages, if the shopper chose delivery. */
  get deliveryInfo(): DeliveryInfo | undefined {
    return this.session.get("deliveryInfo");
  }

  /** What the session says of the order's card authorization: a failed start, a declined card. */
  get cardAuthorization() {
    return {
      failed: this.session.get("cardAuthorizationFailed"),
      declined: this.session.get("cardDeclined"),
    };
  }

  /** Queues a message for the next page the shopper sees. */
  addFlash(message: FlashMessage): void {
    addFlashMessage(this.session, message);
  }

  /**
   * The queued messages, removed from the session. The shell takes them while the page's own
   * loader runs beside it; if the answer is a redirect, the commit queues them again so the page
   * the shopper does see shows them (a welcome after sign-in, when the return path moves on).
   */
  takeFlash(): FlashMessage[] {
    const messages = this.session.get("flashMessages") ?? [];
    if (messages.length > 0) this.takenFlash = messages;
    return messages;
  }

  /**
   * Begins the session anew for this answer: a new lifetime and a sealed value that shares nothing
   * with the old one, at sign-in and sign-out (ASVS V3.2.1). What the caller leaves in it is kept.
   */
  renew(): void {
    this.opened.issuedAt = nowInSeconds();
    this.sessionAsRead = null;
  }

  /**
   * A post the page sends on its own (app/lib/quiet-posts.ts): its answer writes no cookie, so,
   * landing after the shopper's next press, it cannot put back the session as it was before.
   * The CSRF prelude (`readCheckedPost`) calls this for every quiet intent.
   */
  keepQuiet(): void {
    this.quiet = true;
  }

  /**
   * Writes the request's final cookie state onto the answer's headers, replacing any copy a route
   * attached. Only what changed is written. A quiet post writes nothing. A failed answer (5xx: the
   * API or its database away, a bug) changes neither cookie: what a request that did not get
   * through decided about the shopper (an order it could not read, say) is not kept, and the next
   * request starts from the session as it was, save for a CSRF token the request made (a new
   * visitor's), which the page's forms carry.
   */
  async commitTo(headers: Headers, answer: Answer): Promise<void> {
    if (this.quiet) return replaceShopperCookies(headers, []);
    if (answer.status >= 500) return replaceShopperCookies(headers, this.broughtWithNewCsrfToken());
    if (answer.redirected) this.requeueTakenFlash();
    replaceShopperCookies(headers, await this.changedCookies());
  }

  /** Set-Cookie values for the cookies this request changed; none when nothing changed. */
  async changedCookies(): Promise<string[]> {
    const { preferences, alwaysSecure } = storefrontCookies();
    const values: string[] = [];
    if (JSON.stringify(this.session.data) !== this.sessionAsRead) {
      values.push(commitSession(this.opened, this.secure));
    }
    if (JSON.stringify(this.preferences) !== this.preferencesAsRead) {
      values.push(
        await preferences.serialize(this.preferences, { secure: alwaysSecure || this.secure }),
      );
    }
    return values;
  }

  /** The session as the request brought it plus the CSRF token it made, if it made one. */
  private broughtWithNewCsrfToken(): string[] {
    const { json, issuedAt } = this.brought;
    const data = JSON.parse(json) as Partial<SessionData>;
    const token = this.session.get("csrfToken");
    if (token === undefined || token === data.csrfToken) return [];
    const session = createSession({ ...data, csrfToken: token }) as StorefrontSession;
    return [commitSession({ session, issuedAt, stale: false }, this.secure)];
  }

  private requeueTakenFlash(): void {
    const taken = this.takenFlash;
    if (taken.length === 0) return;
    this.takenFlash = [];
    // Reading the flash removes it; each message is then queued again, the taken ones first.
    const later = this.session.get("flashMessages") ?? [];
    for (const message of [...taken, ...later]) addFlashMessage(this.session, message);
  }
}

/** The shopper's session and preferences as the request's cookies bring them. */
export async function readShopper(request: Request): Promise<Shopper> {
  const header = request.headers.get("Cookie");
  const { preferences } = storefrontCookies();
  const opened = openSession(header);
  const parsed = preferencesSchema.safeParse(await preferences.parse(header));
  const prefs: Preferences = parsed.success ? parsed.data : { seenAlerts: [] };
  return new Shopper(opened, prefs, new URL(request.url).protocol === "https:");
}

/**
 * A redirect (Remix returns redirects as they are). Every target passes the safe-redirect check:
 * one that is not a path of this site goes home instead. The cookies are the commit's business.
 */
export function redirectTo(url: string, init: ResponseInit = {}): Response {
  const target = safeRedirectPath(url, null);
  if (target === null) logWarning("Refused a redirect that is not a path of this site", { url });
  return redirect(target ?? "/", init);
}

const isOurCookie = (setCookie: string) => {
  const { names } = storefrontCookies();
  return setCookie.startsWith(`${names.session}=`) || setCookie.startsWith(`${names.preferences}=`);
};

/** Our cookies on `headers` become `values` (none: none of ours); every other cookie stays. */
function replaceShopperCookies(headers: Headers, values: string[]): void {
  const all = headers.getSetCookie();
  if (values.length === 0 && !all.some(isOurCookie)) return;
  const others = all.filter((value) => !isOurCookie(value));
  headers.delete("Set-Cookie");
  for (const value of [...others, ...values]) headers.append("Set-Cookie", value);
}

/** A longer address is not kept as the return path: the session cookie stays small. */
const MAX_RETURN_PATH = 512;

/**
 * Spec §2: after every navigation the current path is stored as the return path, where
 * /sso-return sends the shopper back (a sign-in's start sets it too, to the page it began on).
 * Called with each page shown (`entry.server.tsx`): the page's document, or with scripts the
 * router's data request for it (a dialog's data read by a fetcher counts as a visit to its page).
 */
export function rememberReturnPath(request: Request, shopper: Shopper, status: number): void {
  if (request.method !== "GET" || status !== 200) return;
  const url = new URL(request.url);
  // The router's data request for a page: /cart.data (/_root.data for home) and its route list.
  // A quick view's read is a look at its product page (the read itself answers only data).
  const pathname = pagePath(url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/"));
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  const path = safeRedirectPath(search ? `${pathname}?${search}` : pathname, null);
  if (path === null || path.length > MAX_RETURN_PATH) return;
  if (shopper.session.get("returnPath") !== path) shopper.session.set("returnPath", path);
}

/**
 * Home clears everything stored for the current shopping trip; the API key, the CSRF token, flash
 * messages and the preferences (uuid, home store, seen alerts) stay.
 */
export function clearShoppingTrip(session: StorefrontSession): void {
  session.unset("orderId");
  session.unset("deliveryInfo");
  session.unset("cardAuthorizationFailed");
  session.unset("cardDeclined");
  session.unset("oauthState");
  session.unset("returnPath");
  session.unset("placementKey");
  session.unset("recommendationsShown");
  session.unset("shoppingDepartment");
  session.unset("couponLoaded");
}

/** Drops the order in progress (and what belongs to it) from the session. */
export function forgetOrder(session: StorefrontSession): void {
  session.unset("orderId");
  session.unset("deliveryInfo");
  session.unset("cardAuthorizationFailed");
  session.unset("cardDeclined");
  session.unset("placementKey");
  session.unset("recommendationsShown");
  session.unset("couponLoaded");
}

/**
 * Queues a message for the next page the shopper sees. Only the latest few are kept (the same
 * message once), so many posts without a page view cannot grow the cookie.
 */
export function addFlashMessage(session: StorefrontSession, message: FlashMessage): void {
  const queued = (session.get("flashMessages") ?? []).filter(
    (earlier) => earlier.kind !== message.kind || earlier.text !== message.text,
  );
  session.flash("flashMessages", boundFlash([...queued, message]));
}
