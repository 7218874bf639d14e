/**
 * A search box's query as every search reads it (products, a catalog's deals, stores). Apart from
 * limits.ts so only the pages that search load it.
 */
import { SEARCH_QUERY_MAX_LENGTH } from "./limits";

/** Runs of spaces as one, trimmed, then cut (not refused) at the limit. */
export const searchQueryText = (value: string | null | undefined): string =>
  (value ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
