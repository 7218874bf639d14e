/**
 * Sizes a shopper's entries may reach, one number each, checked by the storefront's forms and
 * again by the API (both import them from here), and the words for an entry past its limit.
 */
/** A customer photo on a cake or platter (the API refuses bigger uploads with 413). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A message written on an item (a custom-message facet: 'Message on Cake' promises 40). */
const ITEM_MESSAGE_MAX_LENGTH = 40;

/** Any other text on an item (a free-response facet: 'Name on Cake', 'Card Message'). */
const ITEM_TEXT_MAX_LENGTH = 100;

/**
 * The API's ceiling on one item text value, far above each facet's own limit: under it, the
 * facet's rule (core/rules/item-configuration.ts) refuses a long value in its own name.
 */
export const ITEM_TEXT_VALUE_CEILING = 2000;

/** Special instructions on an item, and the order's notes. */
export const NOTES_MAX_LENGTH = 1000;

/** A first or last name (checkout, delivery). */
export const PERSON_NAME_MAX_LENGTH = 100;

/** An email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** A phone number as typed, separators included. */
export const PHONE_MAX_LENGTH = 30;

/** The message to the delivery driver. */
export const DELIVERY_INSTRUCTIONS_MAX_LENGTH = 500;

/** A promotion code. */
export const PROMOTION_CODE_MAX_LENGTH = 50;

/** A search box's query (products, a catalog's deals, stores); longer input is cut, not refused. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** How long a text facet's entry may be: a message on the item, or any other text. */
export const itemTextMaxLength = (facetType: string): number =>
  facetType === "custom-message" ? ITEM_MESSAGE_MAX_LENGTH : ITEM_TEXT_MAX_LENGTH;

/** The item's special instructions past their limit (product page and API alike). */
export const ITEM_NOTES_TOO_LONG = `Special instructions must be at most ${NOTES_MAX_LENGTH} characters.`;

/** The order's notes past their limit (checkout page and API alike). */
export const ORDER_NOTES_TOO_LONG = `Please keep your notes under ${NOTES_MAX_LENGTH.toLocaleString("en-US")} characters.`;

/** An entry past its limit, in the words of the spec's required-field messages. */
export const tooLongMessage = (fieldName: string, max: number) =>
  `The ${fieldName} field must be at most ${max} characters`;

// --- Request bodies: what the edge reads before refusing with 413 (server/bodies.ts, api/app.ts) ---

const KB = 1024;

export interface BodyLimits {
  /** Storefront form posts (urlencoded), JSON and any other non-multipart body. */
  form: number;
  /** Storefront and API multipart posts: one customer photo plus the item's fields. */
  multipart: number;
  /** The API's JSON bodies (express.json). */
  apiJson: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  // The largest storefront form (checkout with its notes, a cart of many items) is a few KB.
  form: 64 * KB,
  // The photo limit plus 1 MB for the other fields and the multipart framing, so a photo a little
  // over 5 MB still reaches the product page and gets its own message there.
  multipart: PHOTO_MAX_BYTES + 1024 * KB,
  // The largest API body (an order with its customer and items) is far below this.
  apiJson: 100 * KB,
};

/** "100 KB", "6 MB": byte limits as a shopper reads them. */
function describeBytes(bytes: number): string {
  if (bytes >= 1024 * KB) return `${Math.round((bytes / (1024 * KB)) * 10) / 10} MB`;
  return `${Math.round(bytes / KB)} KB`;
}

/** The 413 message: what was too large and what fits. */
export function bodyTooLargeMessage(limit: number, kind: "multipart" | "form" | "api"): string {
  const size = describeBytes(limit);
  if (kind === "multipart")
    return `The form you sent is larger than ${size}. A photo must be ${describeBytes(PHOTO_MAX_BYTES)} or smaller.`;
  if (kind === "form") return `The form you sent is larger than ${size} and could not be read.`;
  return `The request body is larger than the ${size} the API accepts.`;
}
