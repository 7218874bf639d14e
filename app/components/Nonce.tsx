import { createContext, useContext, type ReactNode } from "react";

/**
 * The request's CSP nonce. Set on the server only: browsers hide nonce attributes from scripts, so
 * in the browser the value is empty and React keeps the server's attribute.
 */
const NonceContext = createContext<string>("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
