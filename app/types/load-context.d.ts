import "@remix-run/node";
import type { StorefrontApi } from "~/.server/api";
import type { ApiUse } from "~/.server/api-use";
import type { StorefrontConfig } from "~/.server/config";
import type { Shopper } from "~/.server/session";

declare module "@remix-run/node" {
  /**
   * The one context of a request (app/.server/request-context.ts `createRequestContext`, called by
   * server.ts's getLoadContext through the build's entry): every loader, action and the entry
   * read the shopper and the API from here.
   */
  interface AppLoadContext {
    /** Per-request CSP nonce from server/headers.ts ('' where no edge made one: tests). */
    readonly cspNonce: string;
    /** The shopper of this request: session and preferences behind named accessors. */
    readonly shopper: Shopper;
    /** The API client for this shopper: built on first use, one per request. */
    readonly api: StorefrontApi;
    readonly config: StorefrontConfig;
    /** What this request's API calls cost (its Server-Timing entry). */
    readonly apiUse: ApiUse;
    /** The shopper's address (req.ip), passed on to the API, signed, with every call. */
    readonly shopperAddress?: string;
    /** Tells the edge that this post carried a photo; absent where no edge counts them. */
    readonly notePhotoUpload?: () => void;
  }
}
