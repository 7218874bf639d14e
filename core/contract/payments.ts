/**
 * Online card payment (spec §3 Order.cardAuthorization, §4, §7; decision 021): the shopper's card
 * is authorized on the payment gateway's hosted page for the order's estimated total plus a margin
 * for weighed items; the order is placed with that authorization and charged by the store later.
 */
import { z } from "zod";
import { singleResource } from "./params";

/** Where the gateway sends the shopper back, on the storefront (spec §2). */
export const CARD_AUTHORIZATION_RETURN_PATH = "/card-authorization/process";
export const CARD_AUTHORIZATION_CANCEL_PATH = "/card-authorization/cancel";

/**
 * An authorization's states as the API answers them: `pending` until the shopper has paid on the
 * gateway's page, then `approved`, or refused (`declined`, `insufficient_funds`), or given up at
 * the gateway (`cancelled`, `expired`). Only `approved` places an order that requires online
 * payment; a refused one may be replaced by a new attempt.
 */
const CARD_AUTHORIZATION_STATUSES = [
  "pending",
  "approved",
  "declined",
  "insufficient_funds",
  "cancelled",
  "expired",
] as const;
export type CardAuthorizationStatus = (typeof CARD_AUTHORIZATION_STATUSES)[number];

/** The states after which nothing more happens to an authorization at the gateway. */
export const REFUSED_AUTHORIZATION_STATUSES = [
  "declined",
  "insufficient_funds",
  "cancelled",
  "expired",
] as const satisfies readonly CardAuthorizationStatus[];

// --- POST /orders/{id}/card-authorization ----------------------------------------------------

const trimmed = (max: number) =>
  z
    .string({ invalid_type_error: "Must be text.", required_error: "Required." })
    .trim()
    .min(1, "Required.")
    .max(max, `Must be at most ${max} characters.`);

const url = z
  .string({ invalid_type_error: "Must be a URL.", required_error: "Required." })
  .trim()
  .max(2000, "Must be at most 2000 characters.")
  .refine((value) => URL.canParse(value), "Must be a URL.");

const cents = (max: number) =>
  z
    .number({ invalid_type_error: "Must be a whole number of cents." })
    .int("Must be a whole number of cents.")
    .min(0, "Must not be negative.")
    .max(max, "Is too large.");

const zipCode = z
  .string({ invalid_type_error: "Must be text.", required_error: "Required." })
  .trim()
  .regex(/^\d{5}([-\s]?\d{4})?$/, "Must be a 5 digit zip code, optionally with 4 more digits.");

const state = z
  .string({ invalid_type_error: "Must be text.", required_error: "Required." })
  .trim()
  .regex(/^[A-Za-z]{2}$/, "Must be a 2 letter state code.")
  .transform((value) => value.toUpperCase());

/** The address the card is billed to (one of the profile's addresses, spec §2 /addresses). */
export const BillingAddressSchema = z.object({
  address_line_1: trimmed(200),
  address_line_2: z.string().trim().max(200, "Must be at most 200 characters.").nullish(),
  city: trimmed(100),
  state,
  zip_code: zipCode,
});

/** Who pays: the signed-in shopper as the storefront knows them. */
const PayingUserSchema = z.object({
  first_name: trimmed(100),
  last_name: trimmed(100),
  email: trimmed(254).email("Must be a valid email address."),
  phone: trimmed(30).optional(),
});

/**
 * A delivery order's payload (spec §7): the same call carries who receives it and the tip, so
 * the hold covers the tip and the delivery fee. The delivery itself is stored by its own calls.
 */
export const CardAuthorizationDeliverySchema = z.object({
  delivery: z.literal(true, { errorMap: () => ({ message: "Must be true." }) }),
  /** In cents (spec §5: a percentage tip is computed by the storefront, an amount × 100). */
  tip: cents(100_000).default(0),
  user: z.object({
    first_name: trimmed(100),
    last_name: trimmed(100),
    email: trimmed(254).email("Must be a valid email address."),
    phone: trimmed(30).regex(
      /^\(?\d{3}\)?[-.\s]?\d{3}[-.\s]?\d{4}$/,
      "Please input your 10 digit mobile number",
    ),
    address_line_1: trimmed(200),
    city: trimmed(100),
    state,
    zip_code: zipCode,
  }),
});

/**
 * POST /orders/{id}/card-authorization. `return_url` and `cancel_url` are the storefront's
 * /card-authorization/process and /card-authorization/cancel on one of the shop's origins; the
 * gateway adds `reference` to either. `fees` (cents) are charges the storefront knows will be
 * added at the store (the bag fee): they are held too. With `delivery: true` the body is also
 * checked against CardAuthorizationDeliverySchema (the tip and who receives the order).
 */
export const CardAuthorizationBodySchema = z.object({
  return_url: url,
  cancel_url: url.optional(),
  fees: cents(10_000).default(0),
  user: PayingUserSchema.optional(),
  /**
   * The address the card is billed to, when the shopper chose one (/addresses) or their profile
   * has one; without it the gateway's page asks for what its checks need.
   */
  billing_address: BillingAddressSchema.optional(),
  delivery: z.boolean({ invalid_type_error: "Must be true or false." }).default(false),
  /** Delivery orders only: the tip in cents. */
  tip: cents(100_000).optional(),
});

const CardAuthorizationStartSchema = z.object({
  /** Where to send the shopper's browser: the gateway's hosted payment page. */
  redirect_url: z.string(),
  /** The gateway's reference of this authorization; the return carries it too. */
  reference: z.string(),
  /** The amount held, in cents, and the sentence that explains it to the shopper. */
  amount: z.number(),
  message: z.string(),
});
export const CardAuthorizationStartAnswerSchema = singleResource(CardAuthorizationStartSchema);

// --- GET /orders/{id}/card-authorization (and the order's cardAuthorization include) ---------

export const CardAuthorizationSchema = z.object({
  id: z.number(),
  status: z.string(),
  /** The amount held (or asked for, while pending), in cents. */
  amount: z.number(),
  card_brand: z.string().nullable(),
  /** Only the last four digits are ever known to the API. */
  card_last_four: z.string().nullable(),
  reference: z.string().nullable().optional(),
  /** The hosted page to send the shopper back to while it is pending; null after. */
  redirect_url: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export const CardAuthorizationAnswerSchema = singleResource(CardAuthorizationSchema);

// --- POST /payment-webhooks/{gateway} ---------------------------------------------------------

/** The header a gateway signs its notices with: `t=UNIX_SECONDS,v1=HEX_HMAC_SHA256`. */
export const PAYMENT_SIGNATURE_HEADER = "payment-signature";

/** A gateway's notice that an authorization changed (sent signed; see decision 021). */
export const PaymentWebhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal("authorization.updated"),
  data: z.object({
    reference: z.string().min(1).max(200),
    status: z.enum(CARD_AUTHORIZATION_STATUSES),
    amount: z.number().int().min(0),
    card_brand: z.string().max(30).nullable().optional(),
    card_last_four: z
      .string()
      .regex(/^\d{4}$/)
      .nullable()
      .optional(),
  }),
});
export type PaymentWebhookEvent = z.infer<typeof PaymentWebhookEventSchema>;
export const PaymentWebhookAnswerSchema = singleResource(z.object({ received: z.literal(true) }));

export type CardAuthorizationStart = z.infer<typeof CardAuthorizationStartSchema>;
