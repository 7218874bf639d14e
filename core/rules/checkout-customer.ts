/**
 * The checkout customer as one zod schema (spec §5): the checkout form's check (in the browser,
 * loaded on first use) and the API's check when an order is updated or placed.
 */
import { z } from "zod";
import { PERSON_NAME_MAX_LENGTH, tooLongMessage } from "./limits";
import { isValidEmail, isValidPhone, MESSAGES } from "./patterns";

const trimmed = z.string().transform((s) => s.trim());
const name = (required: string, fieldName: string) =>
  trimmed.pipe(
    z
      .string()
      .min(1, required)
      .max(PERSON_NAME_MAX_LENGTH, tooLongMessage(fieldName, PERSON_NAME_MAX_LENGTH)),
  );

/** The checkout customer (pickup orders): the exact messages of spec §5. */
export const CheckoutCustomer = z.object({
  first_name: name(MESSAGES.firstName, "first name"),
  last_name: name(MESSAGES.lastName, "last name"),
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
