/**
 * The store's side of an order (issue 30): the queue of a store's placed orders and the status
 * an associate sets (core/rules/order-status.ts). Only an associate of the store calls these
 * (decision 042).
 */
import { z } from "zod";
import { MAX_PICKED_QUANTITY, PICK_STATUSES } from "../rules/final-amount";
import { STORE_STATUSES } from "../rules/order-status";
import { listResource, singleResource } from "./params";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** GET /stores/{store}/orders: one store-local day's orders (default today). */
export const StoreQueueQuerySchema = z.object({
  day: z
    .string()
    .regex(DAY, "Must be a date (YYYY-MM-DD).")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Must be a date (YYYY-MM-DD).")
    .optional(),
});

const StatusHistoryEntrySchema = z.object({
  status: z.string(),
  at: z.string().nullable(),
  by_store: z.boolean(),
});

export const StoreQueueOrderSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  status: z.string(),
  /** What the store may set next (core/rules/order-status `nextStoreStatuses`). */
  next_statuses: z.array(z.string()),
  department_id: z.number(),
  department_name: z.string(),
  fulfillment: z.enum(["pickup", "delivery"]),
  pickup_at: z.string().nullable(),
  customer_name: z.string(),
  item_count: z.number(),
  notes: z.string().nullable(),
  total: z.number(),
});

export const StoreQueueAnswerSchema = listResource(StoreQueueOrderSchema);

/** PUT /stores/{store}/orders/{id}/status. `from`: the status the associate saw (a stale page is refused). */
export const StoreStatusBodySchema = z.object({
  status: z.enum(STORE_STATUSES),
  from: z.enum(STORE_STATUSES).optional(),
});

export const StoreStatusAnswerSchema = singleResource(
  StoreQueueOrderSchema.extend({ history: z.array(StatusHistoryEntrySchema) }),
);

/** The final amount once picking changed anything (null until then), by the cart's rules. */
const FinalAmountSchema = z.object({
  subtotal: z.number(),
  club_savings: z.number(),
  discount: z.number(),
  total: z.number(),
});

const StoreOrderItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  unit_of_measure: z.string(),
  sold_by_weight: z.boolean(),
  quantity: z.number(),
  price: z.number(),
  subtotal: z.number(),
  /** The item's configuration: each selection as `facet: choice or text`. */
  preferences: z.array(z.object({ facet_name: z.string().nullable(), value: z.string() })),
  notes: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The shopper's choice in force: best_match, none, product (core/rules/substitution). */
  substitution: z.string(),
  substitute_product_id: z.number().nullable(),
  substitute_product_name: z.string().nullable(),
  /** What the associate may give in its place now (none when the shopper allowed none). */
  substitutes: z.array(z.object({ id: z.number(), name: z.string(), price: z.number() })),
  pick_status: z.enum(PICK_STATUSES).nullable(),
  picked_quantity: z.number().nullable(),
  picked_product_id: z.number().nullable(),
  picked_product_name: z.string().nullable(),
  final_subtotal: z.number().nullable(),
});

export const StoreOrderSchema = StoreQueueOrderSchema.extend({
  history: z.array(StatusHistoryEntrySchema),
  items: z.array(StoreOrderItemSchema),
  subtotal: z.number(),
  discount: z.number(),
  club_savings: z.number(),
  delivery_amount: z.number(),
  tip_amount: z.number(),
  final: FinalAmountSchema.nullable(),
  /** 'online': a card hold to capture at hand-over; 'store': the amount is due at pickup. */
  payment: z.enum(["online", "store"]),
  held_amount: z.number().nullable(),
  captured_amount: z.number().nullable(),
  /** The store's time zone, for its times. */
  timezone: z.string(),
});

export const StoreOrderAnswerSchema = singleResource(StoreOrderSchema);

/** PUT /stores/{store}/orders/{id}/items/{item}: what the associate did with one item. */
export const PickBodySchema = z
  .object({
    pick_status: z.enum(PICK_STATUSES),
    picked_quantity: z.number().positive().max(MAX_PICKED_QUANTITY).nullable().optional(),
    picked_product_id: z.number().int().positive().nullable().optional(),
  })
  .strict();
