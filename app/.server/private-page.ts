/**
 * Pages that show a shopper's order or details: no cache (browser back-forward, shared proxies) may
 * keep a copy, so the next person at a shared computer cannot bring them back.
 */
import type { HeadersFunction } from "@remix-run/node";

export const PRIVATE_PAGE_CACHE_CONTROL = "no-store";

/** The route `headers` export of such a page (its data requests and error answers too). */
export const privatePageHeaders: HeadersFunction = () => ({
  "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL,
});
