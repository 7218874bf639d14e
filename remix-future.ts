/** The Remix v3 future flags, one list for the storefront's build and the bench's bare app. */
export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
} as const;

/** Files in app/routes that are not routes (the storefront's build and the bench's route tree). */
export const IGNORED_ROUTE_FILES = ["**/*.css", "**/*.test.*"];
