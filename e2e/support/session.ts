/**
 * The storefront's session as the server reads it. The cookie is sealed (AES-256-GCM, decision
 * 008), so the specs open it with the server's secret: SESSION_SECRET, else the one generated into
 * data/session-secret (the server's working directory is the repository).
 */
import { readFileSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { unseal } from "../../app/.server/sealed-cookie";

const SESSION_COOKIE = "oe_session";

function secrets(): string[] {
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
  if (!cookie?.value) return {};
  const opened = unseal(cookie.value, secrets(), SESSION_COOKIE) as
    | { data?: ShopperSession }
    | undefined;
  return opened?.data ?? {};
}
