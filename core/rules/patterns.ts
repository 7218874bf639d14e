/**
 * The input patterns and messages of spec §5, shared by the checkout form and the API, which
 * re-checks them when an order is updated or placed. No zod here: the browser imports these
 * words, and the schema built on them is ./checkout-customer.ts.
 */

/** 10 digits; optional parentheses around the area code; dash, space or dot separators. */
const PHONE_PATTERN = /^(\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/;
/** 5 digits, optionally a separator and 4 more. */
const ZIP_PATTERN = /^\d{5}([- ]?\d{4})?$/;

export const MESSAGES = {
  firstName: "The first name field is required",
  lastName: "The last name field is required",
  emailRequired: "The email field is required",
  email: "The email field must be a valid email address",
  phone: "Please input your 10 digit mobile number",
  pickupLocation: "A pickup location is required.",
  correctFields: "Please correct the fields marked in red.",
} as const;

/** An email address: at most 254 characters, a local part of at most 64, and a dotted domain. */
export function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64) return false;
  if (
    !/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/.test(local) ||
    local.startsWith(".") ||
    local.endsWith(".") ||
    local.includes("..")
  )
    return false;
  return /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(
    domain,
  );
}

export const isValidPhone = (value: string) => PHONE_PATTERN.test(value.trim());
export const isValidZip = (value: string) => ZIP_PATTERN.test(value.trim());
