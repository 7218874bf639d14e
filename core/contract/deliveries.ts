/**
 * Delivery (spec §3, §7): the delivery information a shopper gives, the quote a delivery service
 * answers, the delivery payload of a placement and the delivery an order carries.
 */
import { z } from "zod";
import { CheckoutCustomer } from "../rules/checkout-customer";
import { DeliveryAddress } from "../rules/delivery-form";
import { DELIVERY_INSTRUCTIONS_MAX_LENGTH, tooLongMessage } from "../rules/limits";
import { singleResource, wholeNumber } from "./params";

const DELIVERY_PROVIDERS = ["store", "door_dash"] as const;
export type DeliveryProvider = (typeof DELIVERY_PROVIDERS)[number];

/** The largest tip the API takes, in cents. */
const MAX_TIP_CENTS = 100_000;

/** A tip in cents: a whole number, never negative. */
const tip = wholeNumber(0, MAX_TIP_CENTS, 0);
const instructions = z
  .string()
  .max(
    DELIVERY_INSTRUCTIONS_MAX_LENGTH,
    tooLongMessage("delivery instructions", DELIVERY_INSTRUCTIONS_MAX_LENGTH),
  )
  .nullable()
  .optional()
  .transform((v) => v?.trim() || null);

/**
 * POST /orders/{id}/delivery/validate and POST /orders/{id}/store-delivery: the delivery form
 * (first_name, last_name, email, phone, address with its number, city, state, zip_code), the
 * message to the driver as dropoff_instructions and the tip in cents.
 */
export const DeliveryInfoBodySchema = CheckoutCustomer.merge(DeliveryAddress).extend({
  dropoff_instructions: instructions,
  tip,
});
export type DeliveryInfoBody = z.input<typeof DeliveryInfoBodySchema>;

/** PUT /orders/{id}/place's delivery payload (spec §3): the address split as street and unit. */
export const DeliveryPayloadSchema = z.object({
  dropoff_instructions: instructions,
  dropoff_address: z.object({
    street: DeliveryAddress.shape.address,
    unit: z
      .string()
      .max(50, "Must be at most 50 characters.")
      .nullable()
      .optional()
      .transform((v) => v?.trim() || null),
    city: DeliveryAddress.shape.city,
    state: DeliveryAddress.shape.state,
    zip_code: DeliveryAddress.shape.zip_code,
  }),
  tip,
});
export type DeliveryPayload = z.output<typeof DeliveryPayloadSchema>;

/** PUT /orders/{id}/place: a delivery order may send its delivery payload (checked again). */
export const PlaceBodySchema = z.object({ delivery: DeliveryPayloadSchema.optional() });

/** What a delivery would cost and take: the delivery form's side summary. */
const DeliveryQuoteSchema = z.object({
  provider: z.enum(DELIVERY_PROVIDERS),
  /** The delivery fee, cents, before any delivery promotion. */
  delivery_amount: z.number(),
  tip_amount: z.number(),
  /** delivery_amount + tip_amount (spec §5). */
  delivery_total: z.number(),
  /** The order's promotion's discount with this delivery. */
  discount: z.number(),
  /** The order's total with this delivery and tip. */
  order_total: z.number(),
  estimated_minutes: z.number(),
  quote_id: z.string().nullable(),
});
export const DeliveryQuoteAnswerSchema = singleResource(DeliveryQuoteSchema);

/** A delivery order's delivery, in the order answer. */
export const OrderDeliverySchema = z.object({
  provider: z.enum(DELIVERY_PROVIDERS),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  unit: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  dropoff_instructions: z.string().nullable(),
  tip_amount: z.number(),
  delivery_amount: z.number(),
  estimated_minutes: z.number().nullable(),
  /** The delivery service's id, once the order is placed. */
  external_delivery_id: z.string().nullable(),
});
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>;
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;
