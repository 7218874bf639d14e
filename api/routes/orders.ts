import {
  BlackoutsQuerySchema,
  CouponClipBodySchema,
  CouponQuerySchema,
  NewOrderBodySchema,
  OrderListQuerySchema,
  OrderQuerySchema,
  OrderUpdateBodySchema,
  PromotionBodySchema,
  ReorderBodySchema,
  BlackoutsAnswerSchema,
  type ReorderAnswerSchema,
} from "@core/contract/orders";
import { Router } from "express";
import type { z } from "zod";
import { toIso } from "../db/values";
import type { ApiContext } from "../http/context";
import { callerOf, type Caller } from "../http/caller";
import { item, route } from "../http/handler";
import { parseBody, parseQuery, pathId } from "../http/validation";
import {
  applyPromotion,
  blackoutsFor,
  placeOrder,
  refreshOrder,
  removePromotion,
  updateOrder,
} from "../services/checkout";
import { clipCoupon, couponFor } from "../services/coupons";
import { placementPayload } from "../http/delivery-bodies";
import { createOrder, findOwnedOrder, getOrder, listOrders } from "../services/orders";
import { cancelBooking } from "../services/deliveries";
import { releaseHoldsOf } from "../services/hold-releases";
import { cancelOrder, reorder, retractOrder } from "../services/past-orders";
import { slotAvailability, slotKindOf } from "../services/slot-places";
import { HOLD_MINUTES } from "@core/rules/slot-capacity";
import { recommendationsFor } from "../services/recommendations";

/** What the checkout calls answer: the order as the cart and checkout pages show it. */
export const FULL_ORDER = new Set([
  "department",
  "department.pickup_locations",
  "items",
  "items.product",
  "items.product.images",
  "items.preferences",
  "cardAuthorization",
] as const);

/**
 * Orders from creation to confirmation: create, list, read, change, cancel, pickup blackouts,
 * promotion, refresh, place, and what follows (recommendations, the coupon offer); past orders
 * retracted into the cart or ordered again.
 */
export function ordersRouter({ db, config, delivery, payment }: ApiContext) {
  const router = Router();
  const k = db.kysely;
  const secret = config.apiSecret;

  /** A change to the order named in the path, answered with the order as the cart shows it. */
  const changeThenAnswer = (
    change: (db: typeof k, caller: Caller, id: number) => Promise<unknown>,
  ) =>
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const caller = callerOf(res);
      await change(k, caller, id);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    });

  router.post(
    "/orders",
    route(async (req, res) => {
      const body = parseBody(NewOrderBodySchema, req);
      const caller = callerOf(res);
      const id = await createOrder(k, caller, body);
      res.status(201).json(item(await getOrder(k, caller, id, new Set())));
    }),
  );

  router.get(
    "/orders",
    route(async (req, res) => {
      const { data, meta } = await listOrders(
        k,
        callerOf(res),
        parseQuery(OrderListQuerySchema, req),
      );
      return { data, meta: { count: data.length, ...meta } };
    }),
  );

  router.get(
    "/orders/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { include } = parseQuery(OrderQuerySchema, req);
      return item(await getOrder(k, callerOf(res), id, include));
    }),
  );

  router.put(
    "/orders/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const body = parseBody(OrderUpdateBodySchema, req);
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
      await cancelBooking(delivery, await cancelOrder(k, caller, id));
      // After the commit: a cancelled order holds nothing on the shopper's card.
      await releaseHoldsOf(k, payment, id);
      return item(await getOrder(k, caller, id, new Set()));
    }),
  );

  router.put(
    "/orders/:id/retract",
    changeThenAnswer(async (db, caller, id) =>
      cancelBooking(delivery, await retractOrder(db, caller, id)),
    ),
  );

  router.post(
    "/orders/:id/reorder",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { source } = parseBody(ReorderBodySchema, req);
      const made = await reorder(k, callerOf(res), id, source);
      res.status(201).json({
        data: { id: made.id },
        meta: { left_out: made.leftOut },
      } satisfies z.input<typeof ReorderAnswerSchema>);
    }),
  );

  router.get(
    "/blackouts",
    route(async (req, res) => {
      const q = parseQuery(BlackoutsQuerySchema, req);
      const order = await findOwnedOrder(k, callerOf(res), q.order_id);
      const now = new Date();
      const { department, store, limits, blackouts } = await blackoutsFor(k, order, now);
      // Full slots are blackouts too, so a client that knows nothing of capacity never offers them.
      const capacity = await slotAvailability(
        k,
        order,
        await slotKindOf(k, order.id, q.fulfillment),
        {
          now,
          end: new Date(now.getTime() + limits.max * 60_000),
          timeZone: store.timezone,
          intervalMinutes: department.pickup_interval,
        },
      );
      const data = [...blackouts, ...capacity.full].sort((a, b) => a.from.localeCompare(b.from));
      return {
        data,
        meta: {
          lead_time: limits,
          pickup_window: {
            interval: department.pickup_interval,
            days: Math.ceil(limits.max / 1440),
          },
          timezone: store.timezone,
          delivery_time: department.delivery_time,
          count: data.length,
          nearly_full: capacity.nearlyFull,
          hold_minutes: HOLD_MINUTES,
        },
      } satisfies z.input<typeof BlackoutsAnswerSchema>;
    }),
  );

  router.post(
    "/orders/:id/promotion",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { code } = parseBody(PromotionBodySchema, req);
      const caller = callerOf(res);
      await applyPromotion(k, caller, id, code);
      return item(await getOrder(k, caller, id, FULL_ORDER));
    }),
  );

  router.delete("/orders/:id/promotion", changeThenAnswer(removePromotion));

  router.put("/orders/:id/refresh", changeThenAnswer(refreshOrder));

  router.put(
    "/orders/:id/place",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const key = (req.get("idempotency-key") ?? "").trim().slice(0, 100) || null;
      const caller = callerOf(res);
      await placeOrder(k, caller, id, key, new Date(), {
        payload: placementPayload(req),
        services: delivery,
      });
      const placed = await getOrder(k, caller, id, FULL_ORDER);
      return item({ ...placed, placed_at: placed.placed_at && toIso(placed.placed_at) });
    }),
  );

  router.get(
    "/orders/:id/product-recommendations",
    route(async (req, res) =>
      item(await recommendationsFor(k, secret, callerOf(res), pathId(req, "id", "order"))),
    ),
  );

  router.get(
    "/orders/:id/coupon",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { card_number } = parseQuery(CouponQuerySchema, req);
      return item(await couponFor(k, secret, callerOf(res), id, card_number ?? null));
    }),
  );

  router.post(
    "/orders/:id/coupon",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const body = parseBody(CouponClipBodySchema, req);
      await clipCoupon(k, secret, callerOf(res), id, body);
      res.status(201).json(item({ loaded: true }));
    }),
  );

  return router;
}
