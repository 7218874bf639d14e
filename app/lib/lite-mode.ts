/**
 * Lite mode: every page served without a script (0 KB of JavaScript), for slow phones and
 * metered data. On when the shopper chose 'Lite version' in the footer (kept in the preferences
 * cookie), or when the browser sends `Save-Data: on` and the shopper has not chosen the full
 * version. Every page and form works without scripts, so every journey still completes.
 */
export const LITE_PATH = "/preferences/lite";

/** The browser's data saver (the Save-Data client hint). */
export const savesData = (request: Request) =>
  request.headers.get("save-data")?.trim().toLowerCase() === "on";

/** The shopper's own choice wins; without one, the browser's data saver decides. */
export function isLite(choice: boolean | undefined, request: Request): boolean {
  return choice ?? savesData(request);
}
