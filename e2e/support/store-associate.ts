/**
 * A store associate without the sign-in walk (issue 30, decision 042): a `users` row of the test's
 * own bound to a new key, its `associate_store_id` naming the store, written into the browser's
 * session as signing in with an associate's claims leaves it.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { e2eDatabase, newApiKey, type E2eServer } from "./api";
import { signInKey, writeSession } from "./start";

/** The browser context becomes an associate of `storeId`, named `firstName`. */
export async function signInAssociate(
  context: BrowserContext,
  request: APIRequestContext,
  server: E2eServer,
  storeId: number,
  firstName = "Ana",
): Promise<void> {
  const apiKey = await newApiKey(request);
  const user = signInKey(server, apiKey, { firstName });
  const db = e2eDatabase(server);
  try {
    db.prepare("UPDATE users SET associate_store_id = ? WHERE id = ?").run(storeId, user.id);
  } finally {
    db.close();
  }
  await writeSession(context, server, { apiKey, user }, { homeStoreId: storeId });
}

/** The store-local day (YYYY-MM-DD) of an order's pickup: the queue's `?day=` for it. */
export function pickupDayOf(server: E2eServer, orderId: number): string {
  const db = e2eDatabase(server);
  try {
    const row = db
      .prepare(
        `SELECT o.pickup_at, s.timezone FROM orders o JOIN departments d ON d.id = o.department_id
         JOIN stores s ON s.id = d.store_id WHERE o.id = ?`,
      )
      .get(orderId) as { pickup_at: string; timezone: string };
    return new Intl.DateTimeFormat("en-CA", {
      timeZone: row.timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(row.pickup_at));
  } finally {
    db.close();
  }
}
