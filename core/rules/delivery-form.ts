/**
 * The delivery form as one zod schema (spec §5): address, city and state required, the zip code
 * 5 digits or 5+4 with an optional separator, and the checkout customer's name, phone and email
 * rules. Used by the delivery page and by the API's delivery calls.
 */
import { z } from "zod";
import { CheckoutCustomer } from "./checkout-customer";
import { DELIVERY_MESSAGES } from "./delivery-address";
import { DELIVERY_INSTRUCTIONS_MAX_LENGTH, tooLongMessage } from "./limits";
import { isValidZip } from "./patterns";

/** The delivery page's words for a message to the driver past its limit. */
export const DRIVER_MESSAGE_TOO_LONG = `Please keep your message to the driver under ${DELIVERY_INSTRUCTIONS_MAX_LENGTH} characters.`;

const trimmed = z.string().transform((s) => s.trim());
const required = (message: string, fieldName: string, max: number) =>
  trimmed.pipe(z.string().min(1, message).max(max, tooLongMessage(fieldName, max)));

/** The delivery address: what a delivery service needs to find the door. */
export const DeliveryAddress = z.object({
  address: required(DELIVERY_MESSAGES.address, "address", 200),
  city: required(DELIVERY_MESSAGES.city, "city", 100),
  state: required(DELIVERY_MESSAGES.state, "state", 50),
  // One message per field: an empty value is "required", never also "invalid".
  zip_code: trimmed.pipe(
    z
      .string()
      .min(1, DELIVERY_MESSAGES.zipRequired)
      .refine((v) => v === "" || isValidZip(v), DELIVERY_MESSAGES.zip),
  ),
});

/** The whole delivery form but the tip (its own rule, core/rules/tips.ts). */
export const DeliveryForm = CheckoutCustomer.merge(DeliveryAddress).extend({
  instructions: z
    .string()
    .max(
      DELIVERY_INSTRUCTIONS_MAX_LENGTH,
      tooLongMessage("delivery instructions", DELIVERY_INSTRUCTIONS_MAX_LENGTH),
    )
    .optional(),
});
export type DeliveryForm = z.infer<typeof DeliveryForm>;
