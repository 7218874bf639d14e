/**
 * The pickup picker's words (spec §8), apart from the slot rules in ./pickup-slots.ts so that a
 * page can say them without loading the rules and date-fns (the picker fetches those on first
 * use). pickup-slots.ts re-exports them for the API.
 */
export const NO_PICKUP_TIME = "There is no pickup time available.";
export const NO_DELIVERY_TIME = "There is no delivery time available.";
export const PICKUP_TIME_GONE = "That pickup time is no longer available.";
