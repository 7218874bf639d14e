/**
 * The delivery form as the page posts it (spec §3 "Delivery info / form", §5): the shared
 * DeliveryForm rules for the person and the address, and the tip as a choice of 0, 5, 10 or 15
 * percent or 'Other' with an amount in dollars. One schema for the browser's check (conform,
 * loaded on first use) and the action. Parsed without automatic coercion, so an empty field keeps
 * its own "required" message.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { DeliveryForm, DRIVER_MESSAGE_TOO_LONG } from "@core/rules/delivery-form";
import { DELIVERY_INSTRUCTIONS_MAX_LENGTH } from "@core/rules/limits";
import { TIP_OPTIONS, type TipOption } from "@core/rules/tips";

/** A form value as a string: a missing field reads as empty. */
const fromForm = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? value : ""), schema);

export const TIP_OTHER_REQUIRED = "Please enter a tip amount.";

const fields = DeliveryForm.shape;

export const deliveryFormSchema = z
  .object({
    first_name: fromForm(fields.first_name),
    last_name: fromForm(fields.last_name),
    address: fromForm(fields.address),
    city: fromForm(fields.city),
    state: fromForm(fields.state),
    zip_code: fromForm(fields.zip_code),
    phone: fromForm(fields.phone),
    email: fromForm(fields.email),
    instructions: fromForm(
      z
        .string()
        .max(DELIVERY_INSTRUCTIONS_MAX_LENGTH, DRIVER_MESSAGE_TOO_LONG)
        .transform((value) => value.trim()),
    ),
    // An unknown choice is no tip, as the form starts.
    tip_choice: z.preprocess(
      (value) => (TIP_OPTIONS.includes(value as TipOption) ? value : "0"),
      z.enum(TIP_OPTIONS),
    ),
    tip_other: fromForm(z.string().max(20)),
  })
  // 'Other' is a required number; what is typed but is not a number, or is negative, counts as 0.
  .superRefine((form, context) => {
    if (form.tip_choice === "other" && form.tip_other.trim() === "")
      context.addIssue({ code: "custom", path: ["tip_other"], message: TIP_OTHER_REQUIRED });
  });

export type DeliveryFormValues = z.input<typeof deliveryFormSchema>;
export type DeliveryFormData = z.output<typeof deliveryFormSchema>;

/** The form as the action reads it: the browser's check and the server's. */
export const checkDeliveryForm = (form: FormData) =>
  parseWithZod(form, { schema: deliveryFormSchema, disableAutoCoercion: true });
