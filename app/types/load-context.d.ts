import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request CSP nonce from server/security-headers.ts (via server.ts's getLoadContext). */
    cspNonce?: string;
    /**
     * Tells the edge that this post carried a photo (server/rate-limits.ts counts photos, not
     * multipart forms); absent where no edge counts them (tests, the bench's bare app).
     */
    notePhotoUpload?: () => void;
    /**
     * The shopper's address (Express's req.ip, which follows TRUST_PROXY): passed on to the API,
     * signed, with every call (app/.server/api-use.ts), for its per-address limits.
     */
    shopperAddress?: string;
  }
}
