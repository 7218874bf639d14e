/**
 * Orders from the first item to confirmation: the order and its items, pickup blackouts,
 * promotions, placement, recommendations and the coupon offered afterwards.
 */
import { z } from "zod";
import {
  coercedNumber,
  included,
  includeParam,
  listResource,
  queryFlag,
  queryId,
  singleResource,
  wholeNumber,
} from "./params";
import {
  EMAIL_MAX_LENGTH,
  ITEM_NOTES_TOO_LONG,
  ITEM_TEXT_VALUE_CEILING,
  NOTES_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROMOTION_CODE_MAX_LENGTH,
  ORDER_NOTES_TOO_LONG,
  tooLongMessage,
} from "../rules/limits";
import { PICK_STATUSES } from "../rules/final-amount";
import { SLOT_KINDS } from "../rules/slot-capacity";
import { DEFAULT_SUBSTITUTION, SUBSTITUTION_CHOICES } from "../rules/substitution";
import { OrderDeliverySchema } from "./deliveries";
import { CardAuthorizationSchema } from "./payments";
import { ProductSchema } from "./products";
import { DepartmentSchema, StoreFieldsSchema } from "./stores";

export const ORDER_SOURCES = ["website", "kiosk", "app", "phone"] as const;

export const ORDER_INCLUDES = [
  "department",
  "department.categories",
  "department.pickup_locations",
  "department.catalog",
  "department.store",
  "items",
  "items.product",
  "items.product.images",
  "items.preferences",
  "cardAuthorization",
  "promotion",
] as const;
export type OrderInclude = (typeof ORDER_INCLUDES)[number];

export const RECOMMENDATION_EVENTS = ["view", "add-to-cart"] as const;

// --- Requests --------------------------------------------------------------------------------

const orderSource = z
  .enum(ORDER_SOURCES, {
    errorMap: () => ({ message: `Must be one of ${ORDER_SOURCES.join(", ")}.` }),
  })
  .default("website");

export const NewOrderBodySchema = z.object({ department_id: queryId, source: orderSource });

export const OrderQuerySchema = z.object({ include: includeParam(ORDER_INCLUDES) });

/** A checkout text field, refused past its limit in the spec's words for its name. */
const text = (fieldName: string, max: number) =>
  z.string().max(max, tooLongMessage(fieldName, max)).nullable().optional();

/** PUT /orders/{id}: checkout fields may be saved incomplete; a value given must be valid. */
export const OrderUpdateBodySchema = z.object({
  source: z.enum(ORDER_SOURCES).optional(),
  pickup_at: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), "Must be a date and time.")
    .nullable()
    .optional(),
  pickup_location_id: queryId.nullable().optional(),
  substitutions_allowed: z.boolean().optional(),
  customer: z
    .object({
      first_name: text("first name", PERSON_NAME_MAX_LENGTH),
      last_name: text("last name", PERSON_NAME_MAX_LENGTH),
      email: text("email", EMAIL_MAX_LENGTH),
      phone: text("phone", PHONE_MAX_LENGTH),
      notification_type: z
        .array(z.enum(["email", "sms"]))
        .max(2)
        .optional(),
    })
    .optional(),
  notes: z.string().max(NOTES_MAX_LENGTH, ORDER_NOTES_TOO_LONG).nullable().optional(),
  received_assistance: z.boolean().optional(),
  /**
   * Which kind of slot `pickup_at` takes a place in (decision 028); by default delivery when the
   * order has a delivery, else pickup.
   */
  fulfillment: z.enum(SLOT_KINDS).optional(),
});

/** How many orders one page of GET /orders holds at most. */
const ORDER_PAGE_LIMIT = 50;

/** GET /orders: the caller's orders, newest first, a page at a time; optionally one store's. */
export const OrderListQuerySchema = z.object({
  /** `items` and `items.product` give each order's item lines (past orders, decision 029). */
  include: includeParam(["department", "department.store", "items", "items.product"] as const),
  store_id: queryId.optional(),
  /**
   * Only placed orders: past orders, not working carts (nor a retracted order, which keeps its
   * number while it is a cart again).
   */
  placed: queryFlag,
  limit: wholeNumber(1, ORDER_PAGE_LIMIT, 20),
  page: wholeNumber(1, 10_000, 1, "Is too large."),
});

/** POST /orders/{id}/reorder: where the new order is made (as POST /orders). */
export const ReorderBodySchema = z.object({ source: orderSource });

/** PUT /products/{id}/favorite: sets the flag when given, toggles it otherwise. */
export const FavoriteBodySchema = z.object({ favorite: z.boolean().optional() });

export const BlackoutsQuerySchema = z.object({
  order_id: queryId,
  source: z.string().max(30).optional(),
  /** Whose slot capacity to answer (decision 028); by default as PUT orders/{id} takes it. */
  fulfillment: z.enum(SLOT_KINDS).optional(),
});

export const PromotionBodySchema = z.object({
  code: z
    .string()
    .max(PROMOTION_CODE_MAX_LENGTH, tooLongMessage("promotion code", PROMOTION_CODE_MAX_LENGTH))
    .default(""),
});

const cardNumber = z.string().regex(/^\d{6,20}$/, "Must be a card number.");
export const CouponQuerySchema = z.object({ card_number: cardNumber.optional() });
export const CouponClipBodySchema = z.object({
  card_number: cardNumber,
  coupon_id: z.string().min(1).max(64),
  clip_token: z.string().min(1).max(64),
});

const PreferenceInputSchema = z.object({
  facet_id: queryId,
  choice_id: queryId
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  // Each facet's own limit is checked by its rule, which names the facet; this only bounds size.
  value: z
    .string()
    .max(ITEM_TEXT_VALUE_CEILING, `Must be at most ${ITEM_TEXT_VALUE_CEILING} characters.`)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

/** PUT /items/{id}. Any price a client sends is ignored: unknown keys are dropped. */
export const ItemBodySchema = z.object({
  product_id: queryId,
  quantity: coercedNumber(
    z.coerce
      .number({ invalid_type_error: "Must be a number." })
      .positive("Must be more than zero.")
      .max(1000, "Is too large."),
  ),
  preferences: z.array(PreferenceInputSchema).max(100, "Too many preferences.").default([]),
  notes: z.string().max(NOTES_MAX_LENGTH, ITEM_NOTES_TOO_LONG).nullable().optional(),
  add_source: z.enum(["default", "recommendation"]).default("default"),
});

/**
 * POST /items: the same with the order it goes to, or, for the first add to cart, the department
 * of a new order (created with the item, in one transaction). One of the two, never both.
 */
export const NewItemBodySchema = ItemBodySchema.extend({
  order_id: queryId.optional(),
  department_id: queryId.optional(),
  source: orderSource,
}).superRefine((body, context) => {
  if (body.order_id === undefined && body.department_id === undefined)
    context.addIssue({ code: "custom", path: ["order_id"], message: "Required." });
  if (body.order_id !== undefined && body.department_id !== undefined)
    context.addIssue({
      code: "custom",
      path: ["department_id"],
      message: "Leave out when order_id is given.",
    });
});

const substitutionChoice = z.enum(SUBSTITUTION_CHOICES, {
  errorMap: () => ({ message: `Must be one of ${SUBSTITUTION_CHOICES.join(", ")}.` }),
});

/**
 * PUT /items/{id}/substitution: what the store does if the item is unavailable (decision 029);
 * `substitute_product_id` with 'product' only, one of GET /items/{id}/substitutes.
 */
export const ItemSubstitutionBodySchema = z
  .object({
    substitution: substitutionChoice,
    substitute_product_id: queryId.nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.substitution === "product" && body.substitute_product_id == null)
      context.addIssue({
        code: "custom",
        path: ["substitute_product_id"],
        message: "Required with product.",
      });
    if (body.substitution !== "product" && body.substitute_product_id != null)
      context.addIssue({
        code: "custom",
        path: ["substitute_product_id"],
        message: "Only with product.",
      });
  });

/**
 * The collection id of a recommendation event (path): the order's id (8 hex digits) and the API's
 * signature of it (24 hex digits), so only a collection the API suggested can be counted.
 */
export const COLLECTION_ID_PATTERN = /^[0-9a-f]{32}$/;

// --- Answers ---------------------------------------------------------------------------------

export const PreferenceSchema = z.object({
  id: z.number(),
  facet_id: z.number(),
  choice_id: z.number().nullable(),
  value: z.string().nullable(),
  /** The chosen choice's name ('Chocolate'), or the facet's when it has no choices. */
  name: z.string(),
  /** The facet's name ('Cake Flavor'): which choice the name is; null if the facet is gone. */
  facet_name: z.string().nullable(),
  price: z.number(),
});

export const OrderItemSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  product_id: z.number(),
  quantity: z.number(),
  /** Per unit: the sale price when on sale. */
  price: z.number(),
  /** quantity × (price + each preference's price), rounded to the cent. */
  subtotal: z.number(),
  /** Price Plus Club discount of this item's quantity; 0 for guests and shoppers without a card. */
  club_discount_amount: z.number().default(0),
  notes: z.string().nullable(),
  image_url: z.string().nullable(),
  add_source: z.string(),
  /**
   * What the store does if the item is unavailable (decision 029): 'none' for every item while
   * the order's substitutions_allowed is off. Older answers lack it: the default then.
   */
  substitution: substitutionChoice.default(DEFAULT_SUBSTITUTION),
  /** With 'product': the product chosen, and its name. */
  substitute_product_id: z.number().nullable().default(null),
  substitute_product_name: z.string().nullable().default(null),
  /**
   * What the store did with the item once it picked it (issue 30), for the shopper to see; all
   * null until then. Older answers lack them.
   */
  pick_status: z.enum(PICK_STATUSES).nullable().optional(),
  /** The quantity given: the weighed one for an item sold by weight. */
  picked_quantity: z.number().nullable().optional(),
  /** With 'substituted': the product given in its place, and its name. */
  picked_product_id: z.number().nullable().optional(),
  picked_product_name: z.string().nullable().optional(),
  /** The line's amount as picked (0 when unavailable), cents. */
  final_subtotal: z.number().nullable().optional(),
  preferences: included(z.array(PreferenceSchema)).optional(),
  product: included(ProductSchema.nullable()).optional(),
});

const OrderPromotionSchema = z.object({
  code: z.string(),
  description: z.string(),
  type: z.string(),
  value: z.number(),
  /** Below this items total (cents) the promotion discounts nothing; older answers lack it. */
  minimum_subtotal: z.number().default(0),
});

/** An order with whatever relations were asked for. */
export const OrderSchema = z.object({
  id: z.number(),
  /**
   * Given at the first placement and kept: a retracted order ('incomplete' again) has it still,
   * and is placed again under it. Null for a cart never placed.
   */
  number: z.string().nullable(),
  status: z.string(),
  /** May be retracted into the cart (decision 017: core/rules/order-status `isChangeable`). */
  is_editable: z.boolean(),
  is_cancelable: z.boolean(),
  department_id: z.number(),
  store_id: z.number().optional(),
  source: z.string(),
  pickup_at: z.string().nullable(),
  pickup_location_id: z.number().nullable(),
  substitutions_allowed: z.boolean(),
  customer: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    notification_type: z.array(z.string()),
  }),
  notes: z.string().nullable(),
  received_assistance: z.boolean(),
  item_count: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  /**
   * Price Plus Club savings: the sum of the items' club discounts, already taken off `total`.
   * Always sent; the default lets a reader take an answer from before club prices.
   */
  club_savings: z.number().default(0),
  delivery_amount: z.number(),
  tip_amount: z.number(),
  total: z.number(),
  /** The final amount once the store picked it (issue 30, decision 043); null: the estimate stands. */
  final_total: z.number().nullable().optional(),
  /** Each status the order took after placement, oldest first (a placed order's, not a cart's). */
  status_history: z
    .array(z.object({ status: z.string(), at: z.string().nullable(), by_store: z.boolean() }))
    .optional(),
  /** Until when the order's place in a capped slot is held (decision 028); null without one. */
  held_until: z.string().nullable().optional(),
  /** A delivery order's delivery (null for pickup). */
  delivery: OrderDeliverySchema.nullable().optional(),
  placed_at: z.string().nullable(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
  promotion: included(OrderPromotionSchema.nullable()).optional(),
  department: included(
    DepartmentSchema.omit({ store: true }).extend({
      store: included(StoreFieldsSchema).optional(),
    }),
  ).optional(),
  items: included(z.array(OrderItemSchema)).optional(),
  cardAuthorization: included(CardAuthorizationSchema.nullable()).optional(),
});

export const BlackoutsAnswerSchema = z.object({
  data: z.array(z.object({ from: z.string(), to: z.string(), type: z.string() })),
  meta: z.object({
    lead_time: z.object({ min: z.number(), max: z.number() }),
    pickup_window: z.object({ interval: z.number(), days: z.number() }),
    timezone: z.string(),
    delivery_time: z.number(),
    count: z.number().optional(),
    /**
     * Slot capacity (decision 028): full slots are also in `data` (type `full`); these have some
     * places taken and few left. Missing from older answers.
     */
    nearly_full: z.array(z.object({ at: z.string(), places_left: z.number() })).default([]),
    /** How long saving a time holds its place, in minutes. */
    hold_minutes: z.number().optional(),
  }),
});

export const RecommendationsSchema = z.object({
  title: z.string(),
  products: z.array(ProductSchema),
  collection_id: z.string(),
});

export const CouponSchema = z.object({
  coupon_id: z.string(),
  clip_token: z.string(),
  image_url: z.string().nullable(),
  brand_name: z.string(),
  short_description: z.string(),
  requirement_description: z.string().nullable(),
  expiration_date: z.string(),
  value: z.number(),
});

export const OrderAnswerSchema = singleResource(OrderSchema);
export const OrderListAnswerSchema = listResource(OrderSchema);
export const ItemAnswerSchema = singleResource(OrderItemSchema);
export const RecommendationsAnswerSchema = singleResource(RecommendationsSchema);
export const CouponAnswerSchema = singleResource(CouponSchema);
/** A reorder's left-out items: gone from the department, not enough left, or changed choices. */
const LeftOutItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  reason: z.string(),
});
export const ReorderAnswerSchema = z.object({
  data: z.object({ id: z.number() }),
  meta: z.object({ left_out: z.array(LeftOutItemSchema) }),
});
/** GET /items/{id}/substitutes: up to 5 similar products the item may be substituted with. */
export const SubstitutesAnswerSchema = listResource(ProductSchema);
export const FavoriteAnswerSchema = singleResource(z.object({ favorite: z.boolean() }));
export const CouponClipAnswerSchema = singleResource(z.object({ loaded: z.literal(true) }));

export type Order = z.infer<typeof OrderSchema>;
export type OrderItem = z.infer<typeof OrderItemSchema>;
export type Coupon = z.infer<typeof CouponSchema>;
