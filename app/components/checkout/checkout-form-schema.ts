/**
 * The checkout form as one zod schema, for the browser's fast feedback (conform) and the action.
 * The customer fields are the shared CheckoutCustomer rules with the spec's exact messages.
 * Parsed without conform's automatic coercion, so an empty field stays '' and gets the field's
 * own "required" message rather than zod's generic one.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { CheckoutCustomer } from "@core/rules/checkout-customer";
import { NOTES_MAX_LENGTH, ORDER_NOTES_TOO_LONG } from "@core/rules/limits";
import { MESSAGES } from "@core/rules/patterns";

/** A form value as a string: a missing field reads as empty. */
const fromForm = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), schema);

export const NOTIFICATION_TYPES = ["email", "sms"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Checkboxes of one name: none, one value or several. */
export const notificationTypes = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(NOTIFICATION_TYPES)).max(2),
);

export const checkoutFormSchema = z.object({
  first_name: fromForm(CheckoutCustomer.shape.first_name),
  last_name: fromForm(CheckoutCustomer.shape.last_name),
  email: fromForm(CheckoutCustomer.shape.email),
  phone: fromForm(CheckoutCustomer.shape.phone),
  pickup_location_id: z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined),
    z.number({
      required_error: MESSAGES.pickupLocation,
      invalid_type_error: MESSAGES.pickupLocation,
    }),
  ),
  notification_type: notificationTypes,
  notes: fromForm(
    z
      .string()
      .max(NOTES_MAX_LENGTH, ORDER_NOTES_TOO_LONG)
      .transform((value) => value.trim() || null),
  ),
});

export type CheckoutFormValues = z.infer<typeof checkoutFormSchema>;

/**
 * A delivery order's checkout asks only for notes: who receives it and where were given on
 * /delivery-info, and there is no pickup location.
 */
export const deliveryCheckoutSchema = checkoutFormSchema.pick({ notes: true });

/** The form as the action reads it: the browser's check (conform's onValidate) and the server's. */
export const checkCheckoutForm = (form: FormData) =>
  parseWithZod(form, { schema: checkoutFormSchema, disableAutoCoercion: true });

/** A delivery order's checkout form, read the same way. */
export const checkDeliveryCheckoutForm = (form: FormData) =>
  parseWithZod(form, { schema: deliveryCheckoutSchema, disableAutoCoercion: true });

/** The API's field names (422 `errors`) → this form's fields. */
export const API_FIELD_NAMES: Record<string, keyof CheckoutFormValues> = {
  "customer.first_name": "first_name",
  "customer.last_name": "last_name",
  "customer.email": "email",
  "customer.phone": "phone",
  "customer.notification_type": "notification_type",
  pickup_location_id: "pickup_location_id",
  notes: "notes",
};
