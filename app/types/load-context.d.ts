import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request CSP nonce from server/security-headers.ts (via server.ts's getLoadContext). */
    cspNonce?: string;
  }
}
