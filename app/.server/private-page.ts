/**
 * Pages that show a shopper's order or details: no cache (browser back-forward, shared proxies) may
 * keep a copy, so the next person at a shared computer cannot bring them back.
 */
import type { AppLoadContext, HeadersFunction } from "@remix-run/node";

const PRIVATE_PAGE_CACHE_CONTROL = "no-store";

/** Any other page or data answer made for a signed-in shopper: their name, prices and stars. */
const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/** Marks an answer made for a signed-in shopper as theirs alone, unless its route said already. */
export function keepSignedInAnswersPrivate(headers: Headers, context: AppLoadContext) {
  if (headers.has("Cache-Control")) return;
  if (context.shopper.signedIn) headers.set("Cache-Control", SIGNED_IN_CACHE_CONTROL);
}

/** The route `headers` export of such a page (its data requests and error answers too). */
export const privatePageHeaders: HeadersFunction = () => ({
  "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL,
});
