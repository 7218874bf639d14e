/**
 * The input patterns and checkout-customer rules of spec §5, shared by the checkout form and the
 * API, which re-checks them when an order is updated or placed.
 */
import { z } from "zod";

/** 10 digits; optional parentheses around the area code; dash, space or dot separators. */
export const PHONE_PATTERN = /^(\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/;
/** 5 digits, optionally a separator and 4 more. */
export const ZIP_PATTERN = /^\d{5}([- ]?\d{4})?$/;

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

const trimmed = z.string().transform((s) => s.trim());

/** The checkout customer (pickup orders): the exact messages of spec §5. */
export const CheckoutCustomer = z.object({
  first_name: trimmed.pipe(z.string().min(1, MESSAGES.firstName).max(100)),
  last_name: trimmed.pipe(z.string().min(1, MESSAGES.lastName).max(100)),
  // One message per field: an empty value is "required", never also "invalid".
  email: trimmed.pipe(
    z
      .string()
      .min(1, MESSAGES.emailRequired)
      .refine((v) => v === "" || isValidEmail(v), MESSAGES.email),
  ),
  phone: trimmed.pipe(z.string().refine(isValidPhone, MESSAGES.phone)),
});
export type CheckoutCustomer = z.infer<typeof CheckoutCustomer>;
