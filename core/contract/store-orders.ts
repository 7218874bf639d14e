/**
 * The store's side of an order (issue 30): the queue of a store's placed orders and the status
 * an associate sets (core/rules/order-status.ts). Only an associate of the store calls these
 * (decision 042).
 */
import { z } from "zod";
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

export const StatusHistoryEntrySchema = z.object({
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
