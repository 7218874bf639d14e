/**
 * How this request reaches the API, and what it cost: fetch over HTTP to API_URL, counted per
 * request, so each page answers with `Server-Timing: api;dur=…;desc="N calls"` (the bench reads
 * it). Over loopback the answers come uncompressed: gzip would cost both ends CPU to save bytes
 * that never leave the machine.
 *
 * The count lives on the request's context (`context.apiUse`, app/.server/request-context.ts),
 * which the server makes once per request and hands to every loader, action and the entry: one
 * count per request, gone with it.
 */
import {
  SHOPPER_ADDRESS_HEADER,
  SHOPPER_ADDRESS_PURPOSE,
  SHOPPER_ADDRESS_SIGNATURE_HEADER,
  signatureOf,
} from "@core/contract/api-secret";
import { SHARED_DATA_VERSION_HEADER } from "@core/contract/headers";
import type { HttpOptions } from "./api";
import { createSharedAnswers, type SharedAnswers } from "./api/shared-answers";
import { storefrontConfig } from "./config";

/** What one request's API calls cost: how many, and their time in milliseconds. */
export interface ApiUse {
  calls: number;
  ms: number;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

let sharedAnswers: SharedAnswers | undefined;

/** The answers every shopper shares, kept by this process (SHARED_CACHE_SECONDS). */
export function processSharedAnswers(): SharedAnswers {
  sharedAnswers ??= createSharedAnswers({ ttlMs: storefrontConfig().sharedCacheMs });
  return sharedAnswers;
}

/** The shopper's address and its signature, for the API's per-address limits. */
function shopperAddressHeaders(address: string | undefined): Record<string, string> {
  if (!address) return {};
  const signature = signatureOf(storefrontConfig().apiSecret, SHOPPER_ADDRESS_PURPOSE, address);
  return { [SHOPPER_ADDRESS_HEADER]: address, [SHOPPER_ADDRESS_SIGNATURE_HEADER]: signature };
}

/**
 * The API's address and this request's counted transport to it, with the shopper's address
 * signed on every call. Every answer's shared-data version reaches the process's shared answers,
 * which drop what they keep when it moves.
 */
export function apiHttp(use: ApiUse, shopperAddress: string | undefined): HttpOptions {
  const baseUrl = storefrontConfig().apiUrl;
  const loopback = LOOPBACK_HOSTS.has(new URL(baseUrl).hostname);
  const shopper = shopperAddressHeaders(shopperAddress);
  return {
    baseUrl,
    fetch: async (input, init) => {
      use.calls += 1;
      const started = performance.now();
      try {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(shopper)) headers.set(name, value);
        if (loopback) headers.set("accept-encoding", "identity");
        const response = await fetch(input, { ...init, headers });
        processSharedAnswers().observeVersion(response.headers.get(SHARED_DATA_VERSION_HEADER));
        return response;
      } finally {
        use.ms += performance.now() - started;
      }
    },
  };
}

/** The Server-Timing entry of this request's API calls, or null if it made none. */
export function apiServerTiming(use: ApiUse): string | null {
  if (use.calls === 0) return null;
  return `api;dur=${use.ms.toFixed(1)};desc="${use.calls} calls"`;
}
