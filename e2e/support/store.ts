/**
 * The store's side in e2e (issue 30): a browser signed in as an associate of a started order's
 * store, as signing in through the provider with an associate's claims leaves it.
 */
import type { BrowserContext } from "@playwright/test";
import { e2eDatabase } from "./api";
import { signInKey, writeSession, type Started } from "./start";

/**
 * Signs `context` in as an associate of the started order's store; answers the store-local day
 * of the order's pickup (the queue's `?day=`).
 */
export async function asAssociate(context: BrowserContext, started: Started, apiKey: string) {
  const user = signInKey(started.server, apiKey, { firstName: "Ana" });
  const db = e2eDatabase(started.server);
  let day: string;
  try {
    db.prepare("UPDATE users SET associate_store_id = ? WHERE id = ?").run(
      started.storeId,
      user.id,
    );
    const row = db
      .prepare(
        `SELECT o.pickup_at, s.timezone FROM orders o JOIN departments d ON d.id = o.department_id
         JOIN stores s ON s.id = d.store_id WHERE o.id = ?`,
      )
      .get(started.orderId) as { pickup_at: string; timezone: string };
    day = new Intl.DateTimeFormat("en-CA", {
      timeZone: row.timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(row.pickup_at));
  } finally {
    db.close();
  }
  await writeSession(context, started.server, { apiKey, user }, { homeStoreId: started.storeId });
  return day;
}
