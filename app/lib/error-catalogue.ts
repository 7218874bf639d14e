/**
 * The error page's texts by code (spec §8 "Error page by code"), and the error classes' messages.
 * Copied exactly, typos included: they are the product's contract.
 */

export const GENERIC_ERROR_MESSAGE = "An unexpected error occurred. Please try again later.";
const STARTUP_ERROR_MESSAGE =
  "There was a problem initializing the application. Please try again later.";

/** Messages carried by errors (spec §8 "Error classes and messages"). */
export const ERROR_MESSAGES = {
  apiUnavailable: "The API service is currently unavailable (it's likely being updated right now).",
  notFound: "The requested page or resource could not be found.",
  unknownDepartment:
    "An unknown department was requested in the URL. The request could not be completed.",
  invalidStoreId: "Invalid store ID provided in URL",
  invalidDepartmentStoreCombo:
    "An invalid department / store combo was provided in the URL. The request could not be completed.",
  storeResolutionFailed: "The website and API failed to resolve a store.",
  nearestStoreNotFound: "Failed to find a nearest store",
  geolocationFailed: "Geolocation failed. A home store could not be determined.",
  startup: STARTUP_ERROR_MESSAGE,
} as const;

export interface ErrorPageContent {
  code: number;
  title: string;
  message: string;
  /** Every page but 503 offers a way home. */
  showGoHome: boolean;
}

export const BAD_REQUEST_MESSAGE = "The request could not be processed. Please try again later.";

const FIXED_PAGES: Record<number, Omit<ErrorPageContent, "code">> = {
  400: { title: "Error 400: Bad Request.", message: BAD_REQUEST_MESSAGE, showGoHome: true },
  502: { title: "Service Unavailable.", message: BAD_REQUEST_MESSAGE, showGoHome: true },
  404: {
    title: "Error 404: Not Found.",
    message: "The page you're looking for is not available.",
    showGoHome: true,
  },
  422: {
    title: "Error 422: Validation Failed.",
    message: "The action could could be completed due to a validation failure.",
    showGoHome: true,
  },
  503: {
    title: "We'll Be Right Back!",
    message: "The API service is currently unavailable. Please try again in a few minutes.",
    showGoHome: false,
  },
};

/**
 * Codes §8 does not name that still get a title of their own, in the style of its 4xx titles: a
 * shopper told to slow down has not met an error of the site. Their message is the error's own.
 */
const OWN_TITLES: Record<number, string> = {
  429: "Error 429: Too Many Requests.",
};

/** What the error page shows for a code; 500, -1 and anything else show the error's own message. */
export function errorPageContent(code: number, ownMessage?: string | null): ErrorPageContent {
  const fixed = FIXED_PAGES[code];
  if (fixed) return { code, ...fixed };
  const message = ownMessage?.trim();
  return {
    code,
    title: OWN_TITLES[code] ?? "Oops! Something Went Wrong.",
    message: message || GENERIC_ERROR_MESSAGE,
    showGoHome: true,
  };
}

/** The HTTP status for an error page's code: -1 and other non-HTTP codes answer 500. */
export function httpStatusFor(code: number): number {
  return code >= 400 && code <= 599 ? code : 500;
}

/** `?code=` of /oops: an integer (negative allowed, -1 is the spec's client-side code), else 500. */
export function parseErrorCode(value: string | null | undefined): number {
  if (value == null || !/^-?\d{1,3}$/.test(value.trim())) return 500;
  return Number.parseInt(value, 10);
}

/** Class messages that only restate what the fixed page already says. */
const RESTATING_MESSAGES = new Set<string>([
  ERROR_MESSAGES.notFound,
  ERROR_MESSAGES.apiUnavailable,
]);

/**
 * The error's own message, shown under a fixed page's text when it tells the shopper more
 * (e.g. 'Invalid store ID provided in URL' under the 404 text); null otherwise.
 */
export function errorPageDetail(code: number, ownMessage?: string | null): string | null {
  const message = ownMessage?.trim();
  const fixed = FIXED_PAGES[code];
  if (!message || !fixed || message === fixed.message || RESTATING_MESSAGES.has(message))
    return null;
  return message;
}
