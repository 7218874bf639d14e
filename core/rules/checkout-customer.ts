/**
 * The checkout customer as one zod schema (spec §5): the checkout form's check (in the browser,
 * loaded on first use) and the API's check when an order is updated or placed.
 */
import { z } from "zod";
import { isValidEmail, isValidPhone, MESSAGES } from "./patterns";

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
