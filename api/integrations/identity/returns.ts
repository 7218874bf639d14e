/**
 * Where a provider may send a shopper back: the storefront's `/sso-return` (and the payment
 * gateway its /card-authorization pages), on one of the shop's origins. The API checks it before starting a sign-in; the sandbox provider checks it too, as a
 * real provider checks its registered redirect URIs.
 */
import { SSO_RETURN_PATH } from "@core/contract/accounts";

/** Listed origins, or "loopback": http(s)://localhost, 127.0.0.1 or [::1] on any port. */
export type ReturnOrigins = string[] | "loopback";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isAllowedReturn(uri: string, origins: ReturnOrigins): boolean {
  return isShopAddress(uri, origins, SSO_RETURN_PATH);
}

/**
 * Whether `uri` is exactly `path` on one of the shop's origins (no query, fragment or
 * credentials): where an outside service (the identity provider, the payment gateway) may send
 * the shopper back to.
 */
export function isShopAddress(uri: string, origins: ReturnOrigins, path: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.pathname !== path || url.search || url.hash || url.username || url.password) return false;
  if (origins === "loopback")
    return (
      (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.has(url.hostname)
    );
  return origins.includes(url.origin);
}
