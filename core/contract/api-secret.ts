/**
 * The secret the API and the storefront share (API_SECRET). The API signs what it hands out to be
 * given back unchanged (a coupon offer's clip token); the storefront signs the shopper's address
 * it passes on with each call, so the API counts its per-address limits for the shopper and trusts
 * no address anyone else names. Server-only (node:crypto): no page's browser code imports it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Used when API_SECRET is unset outside APP_ENV=production: public, so never for production. */
export const DEVELOPMENT_API_SECRET = "development-only-api-secret-not-for-production";

/** API_SECRET, required when APP_ENV=production. */
export function apiSecretOf(env: { API_SECRET?: string; APP_ENV?: string }): string {
  const secret = env.API_SECRET?.trim();
  if (secret) return secret;
  if (env.APP_ENV === "production")
    throw new Error("API_SECRET is required when APP_ENV=production");
  return DEVELOPMENT_API_SECRET;
}

/** The signature of `value` for one purpose (a token for one use is not valid for another). */
export function signatureOf(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${value}`).digest("base64url");
}

/** Whether a text given equals the one expected, in time that tells nothing of where they differ. */
export function sameInConstantTime(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `signature` is `value`'s for this purpose. */
export const isSignedBy = (secret: string, purpose: string, value: string, signature: string) =>
  sameInConstantTime(signature, signatureOf(secret, purpose, value));

/** The shopper's address as the storefront saw it, and its signature (purpose `shopper-address`). */
export const SHOPPER_ADDRESS_HEADER = "x-shopper-address";
export const SHOPPER_ADDRESS_SIGNATURE_HEADER = "x-shopper-address-signature";
export const SHOPPER_ADDRESS_PURPOSE = "shopper-address";
