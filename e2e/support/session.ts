/**
 * The storefront's session as the server reads it. The cookie is sealed (AES-256-GCM, decision
 * 008), so the specs open it with the server's secret: SESSION_SECRET, else the one generated into
 * data/session-secret (the server's working directory is the repository).
 */
import { readFileSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { seal, unseal } from "../../app/.server/sealed-cookie";

export const SESSION_COOKIE = "oe_session";

/** The server's session secrets, as it reads them: SESSION_SECRET, else data/session-secret. */
export function sessionSecrets(): string[] {
  const fromEnv = process.env.SESSION_SECRET?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (fromEnv?.length) return fromEnv;
  return [readFileSync("data/session-secret", "utf8").trim()];
}

export interface ShopperSession {
  apiKey?: string;
  orderId?: number;
}

/** The browser's session data, or an empty object when it has none. */
export async function sessionOf(context: BrowserContext): Promise<ShopperSession> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? openSessionCookie(cookie.value) : {};
}

/** The data of a session cookie's value (from a browser or a curl jar), or {} when none opens. */
export function openSessionCookie(value: string): ShopperSession & Record<string, unknown> {
  const opened = unseal(value, sessionSecrets(), SESSION_COOKIE) as
    | { data?: ShopperSession & Record<string, unknown> }
    | undefined;
  return opened?.data ?? {};
}

/**
 * A session cookie's value holding `data`, sealed as the server seals it, begun now and good for
 * an hour: a shopper's state made through the API (an order, its key) without walking the pages.
 */
export function sealSession(data: ShopperSession & Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return seal({ issuedAt: now, expiresAt: now + 3600, data }, sessionSecrets(), SESSION_COOKIE);
}
