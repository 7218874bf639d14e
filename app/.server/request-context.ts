/**
 * The request's context: made once per request by the server (server.ts's getLoadContext, through
 * the build's entry, so it is made by the same modules the routes run) and handed to every
 * loader, action and the entry as `context`. It carries the shopper (their session and
 * preferences, read once), the API client for them (built on first use), the storefront's
 * settings, the page's CSP nonce and what the request's API calls cost. The cookies it holds are
 * committed once, after the route answered (`context.shopper.commitTo`, server/remix-handler.ts).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { StorefrontApi } from "./api";
import { apiHttp, type ApiUse } from "./api-use";
import { storefrontConfig } from "./config";
import { readShopper } from "./session";
import { createShopperApi } from "./shopper-api";

/** What the server's edge adds to a request's context (absent in tests and the bench's bare app). */
export interface EdgeContext {
  /** Per-request CSP nonce from server/headers.ts. */
  cspNonce?: string;
  /**
   * The shopper's address (Express's req.ip, which follows TRUST_PROXY): passed on to the API,
   * signed, with every call (app/.server/api-use.ts), for its per-address limits.
   */
  shopperAddress?: string;
  /**
   * Tells the edge that this post carried a photo (server/rate-limits.ts counts photos, not
   * multipart forms).
   */
  notePhotoUpload?: () => void;
}

/** The one context of a request: its shopper, their API client, the settings, the edge's parts. */
export async function createRequestContext(
  request: Request,
  edge: EdgeContext = {},
): Promise<AppLoadContext> {
  const shopper = await readShopper(request);
  const apiUse: ApiUse = { calls: 0, ms: 0 };
  let api: StorefrontApi | undefined;
  return {
    cspNonce: edge.cspNonce ?? "",
    shopperAddress: edge.shopperAddress,
    notePhotoUpload: edge.notePhotoUpload,
    config: storefrontConfig(),
    shopper,
    apiUse,
    get api() {
      api ??= createShopperApi(request, shopper, apiHttp(apiUse, edge.shopperAddress));
      return api;
    },
  };
}
