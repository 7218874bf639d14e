import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { toIso } from "../db/values";
import { callerOf } from "../http/caller";
import { notFound } from "../http/errors";
import { item, route } from "../http/handler";
import { parseBody, parseQuery, pathId, queryId } from "../http/validation";
import {
  applyPromotion,
  blackoutsFor,
  cancelOrder,
  placeOrder,
  refreshOrder,
  removePromotion,
  updateOrder,
} from "../services/checkout";
import { clipCoupon, couponFor } from "../services/coupons";
import { findOwnedOrder, getOrder } from "../services/orders";
import { recommendationsFor, recordRecommendationEvent } from "../services/recommendations";

const text = (max: number) =>
  z.string().max(max, `Must be at most ${max} characters.`).nullable().optional();

const OrderUpdate = z.object({
  source: z.enum(["website", "kiosk", "app", "phone"]).optional(),
  pickup_at: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), "Must be a date and time.")
    .nullable()
    .optional(),
  pickup_location_id: queryId.nullable().optional(),
  substitutions_allowed: z.boolean().optional(),
  customer: z
    .object({
      first_name: text(100),
      last_name: text(100),
      email: text(254),
      phone: text(30),
      notification_type: z
        .array(z.enum(["email", "sms"]))
        .max(2)
        .optional(),
    })
    .optional(),
  notes: text(1000),
  received_assistance: z.boolean().optional(),
});

const FULL_ORDER = new Set([
  "department",
  "department.pickup_locations",
  "items",
  "items.product",
  "items.product.images",
  "items.preferences",
  "cardAuthorization",
] as const);

/** The calls from cart to confirmation: update, blackouts, promotion, refresh, place, cancel, extras. */
export function checkoutRouter({ db }: ApiContext) {
  const router = Router();
  const k = db.kysely;

  router.put(
    "/orders/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const body = parseBody(OrderUpdate, req);
      const caller = callerOf(res);
      await updateOrder(k, caller, id, body);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  router.delete(
    "/orders/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const caller = callerOf(res);
      await cancelOrder(k, caller, id);
      return item(await getOrder(k, caller, id, new Set()));
    }),
  );

  router.get(
    "/blackouts",
    route(async (req, res) => {
      const q = parseQuery(
        z.object({ order_id: queryId, source: z.string().max(30).optional() }),
        req,
      );
      const order = await findOwnedOrder(k, callerOf(res), q.order_id);
      const { department, store, limits, blackouts } = await blackoutsFor(k, order);
      return {
        data: blackouts,
        meta: {
          lead_time: limits,
          pickup_window: {
            interval: department.pickup_interval,
            days: Math.ceil(limits.max / 1440),
          },
          timezone: store.timezone,
          delivery_time: department.delivery_time,
          count: blackouts.length,
        },
      };
    }),
  );

  router.post(
    "/orders/:id/promotion",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { code } = parseBody(
        z.object({ code: z.string().max(50, "Must be at most 50 characters.").default("") }),
        req,
      );
      const caller = callerOf(res);
      await applyPromotion(k, caller, id, code);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  router.delete(
    "/orders/:id/promotion",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const caller = callerOf(res);
      await removePromotion(k, caller, id);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  router.put(
    "/orders/:id/refresh",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const caller = callerOf(res);
      await refreshOrder(k, caller, id);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  router.put(
    "/orders/:id/place",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const key = (req.get("idempotency-key") ?? "").trim().slice(0, 100) || null;
      const caller = callerOf(res);
      await placeOrder(k, caller, id, key);
      const placed = await getOrder(k, caller, id, FULL_ORDER);
      return item({ ...placed, placed_at: placed.placed_at && toIso(placed.placed_at) });
    }),
  );

  router.get(
    "/orders/:id/product-recommendations",
    route(async (req, res) =>
      item(await recommendationsFor(k, callerOf(res), pathId(req, "id", "order"))),
    ),
  );

  router.post(
    "/recommend_collection_analytics_snapshots/:collection/:product/:event(view|add-to-cart)",
    route(async (req, res) => {
      const collectionId = req.params.collection ?? "";
      if (!/^[0-9a-f]{1,64}$/.test(collectionId))
        return void res
          .status(404)
          .json({ status: 404, message: "The requested collection could not be found." });
      const productId = pathId(req, "product", "product");
      // An id that names no product of this brand is a 404, not a foreign-key failure (500).
      const product = await k
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .where("brand_id", "=", callerOf(res).brandId)
        .executeTakeFirst();
      if (!product) throw notFound("product");
      await recordRecommendationEvent(k, {
        collectionId,
        productId,
        event: req.params.event as "view" | "add-to-cart",
      });
      res.status(204).end();
    }),
  );

  router.get(
    "/orders/:id/coupon",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { card_number } = parseQuery(
        z.object({
          card_number: z
            .string()
            .regex(/^\d{6,20}$/, "Must be a card number.")
            .optional(),
        }),
        req,
      );
      return item(await couponFor(k, callerOf(res), id, card_number ?? null));
    }),
  );

  router.post(
    "/orders/:id/coupon",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const body = parseBody(
        z.object({
          card_number: z.string().regex(/^\d{6,20}$/, "Must be a card number."),
          coupon_id: z.string().min(1).max(64),
          clip_token: z.string().min(1).max(64),
        }),
        req,
      );
      await clipCoupon(k, callerOf(res), id, body);
      res.status(201).json(item({ loaded: true }));
    }),
  );

  return router;
}
