/**
 * Response headers of the API that a caller may act on.
 *
 * `Shared-Data-Version`: a counter that moves whenever the brand, a store, a department, a
 * category, a pickup location, a catalog or an alert changes. A caller that keeps such answers
 * (the storefront does, for a few seconds) drops them when the number it sees differs from the one
 * it kept them under.
 */
export const SHARED_DATA_VERSION_HEADER = "shared-data-version";
