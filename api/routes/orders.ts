import { CALLS } from "@core/contract/calls";
import type { OrderInclude, OrderListQuerySchema } from "@core/contract/orders";
import type { z } from "zod";
import { Router, type Response } from "express";
import { toIso } from "../db/values";
import type { ApiContext } from "../http/context";
import { keptWhileUnchanged, skippedWhileUnchanged } from "../db/unchanged";
import { callerOf, requestStamp, type Caller } from "../http/caller";
import { item } from "../http/handler";
import { mount } from "../http/mount";
import {
  applyPromotion,
  blackoutsFor,
  placeOrder,
  refreshOrder,
  removePromotion,
  updateOrder,
} from "../services/checkout";
import { clipCoupon, couponFor } from "../services/coupons";
import { createOrder, findOwnedOrder, getOrder, listOrders } from "../services/orders";
import { cancelBooking } from "../services/deliveries";
import { releaseHoldsOf } from "../services/hold-releases";
import { cancelOrder, reorder, retractOrder } from "../services/past-orders";
import { slotAvailability, slotKindOf } from "../services/slot-places";
import { HOLD_MINUTES } from "@core/rules/slot-capacity";
import { recommendationsFor } from "../services/recommendations";

type OrderListQuery = z.output<typeof OrderListQuerySchema>;

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
 * What an order answer depends on of its caller, for the keys of what is kept below: its brand,
 * key and user (ownership, claiming a guest's cart, club prices and favorites).
 */
const whose = (caller: Caller) => [caller.brandId, caller.apiKeyId, caller.userId];

/**
 * Orders from creation to confirmation: create, list, read, change, cancel, pickup blackouts,
 * promotion, refresh, place, and what follows (recommendations, the coupon offer); past orders
 * retracted into the cart or ordered again.
 */
export function ordersRouter({ db, config, delivery, payment }: ApiContext) {
  const router = Router();
  const k = db.kysely;
  const secret = config.apiSecret;

  /**
   * An order as a caller reads it, kept while the database is unchanged and its clock-bound
   * fields read the same (db/unchanged.ts, decision 046): the cart, time, checkout and
   * confirmation pages each read the shopper's order, and the cart's price refresh answers it
   * again. The key holds everything the answer depends on of the caller (its brand, key and user:
   * ownership, club prices and favorites).
   */
  const keptOrder = keptWhileUnchanged(
    (caller: Caller, id: number, include: ReadonlySet<OrderInclude>) =>
      JSON.stringify([...whose(caller), id, [...include].sort()]),
    async (db, caller, id, include, lifetime) =>
      item(await getOrder(db, caller, id, new Set(include), lifetime)),
    // An order with its items and department is some 5–20 KB.
    500,
  );

  /**
   * A page of the caller's orders (past orders), kept as an order is above: the key holds the
   * caller (whose orders they are) and every parameter of the query.
   */
  const keptOrderList = keptWhileUnchanged(
    (caller: Caller, query: OrderListQuery) =>
      JSON.stringify([...whose(caller), { ...query, include: [...query.include].sort() }]),
    (db, caller, query, lifetime) => listOrders(db, caller, query, lifetime),
    // A page of 20 orders with their items is some 20–60 KB.
    200,
  );

  /** A change to the order named in the path, answered with the order as the cart shows it. */
  const changeThenAnswer =
    (change: (db: typeof k, caller: Caller, id: number) => Promise<unknown>) =>
    async ({ ids, res }: { ids: { id: number }; res: Response }) => {
      const caller = callerOf(res);
      await change(k, caller, ids.id);
      // Read after the change, under the stamp it left: a change that wrote nothing (a refresh
      // at unchanged prices) is answered from the keep.
      return keptOrder(k, caller, ids.id, FULL_ORDER);
    };

  mount(router, CALLS.createOrder, async ({ body, res }) => {
    const caller = callerOf(res);
    const id = await createOrder(k, caller, body);
    return item(await getOrder(k, caller, id, new Set()));
  });

  mount(router, CALLS.orders, async ({ query, res }) => {
    const { data, meta } = await keptOrderList.at(
      k,
      await requestStamp(res, db),
      callerOf(res),
      query,
    );
    return { data, meta: { count: data.length, ...meta } };
  });

  mount(router, CALLS.order, async ({ ids, query, res }) =>
    keptOrder.at(k, await requestStamp(res, db), callerOf(res), ids.id, query.include),
  );

  mount(router, CALLS.updateOrder, async ({ ids, body, res }) => {
    const caller = callerOf(res);
    await updateOrder(k, caller, ids.id, body);
    return item(await getOrder(k, caller, ids.id, FULL_ORDER));
  });

  mount(router, CALLS.cancelOrder, async ({ ids, res }) => {
    const caller = callerOf(res);
    await cancelBooking(delivery, await cancelOrder(k, caller, ids.id));
    // After the commit: a cancelled order holds nothing on the shopper's card.
    await releaseHoldsOf(k, payment, ids.id);
    return item(await getOrder(k, caller, ids.id, new Set()));
  });

  mount(
    router,
    CALLS.retractOrder,
    changeThenAnswer(async (db, caller, id) =>
      cancelBooking(delivery, await retractOrder(db, caller, id)),
    ),
  );

  mount(router, CALLS.reorder, async ({ ids, body, res }) => {
    const made = await reorder(k, callerOf(res), ids.id, body.source);
    return { data: { id: made.id }, meta: { left_out: made.leftOut } };
  });

  mount(router, CALLS.blackouts, async ({ query: q, res }) => {
    const order = await findOwnedOrder(k, callerOf(res), q.order_id);
    const now = new Date();
    const { department, store, limits, blackouts } = await blackoutsFor(
      k,
      order,
      now,
      await requestStamp(res, db),
    );
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
    };
  });

  mount(router, CALLS.applyPromotion, async ({ ids, body, res }) => {
    const caller = callerOf(res);
    await applyPromotion(k, caller, ids.id, body.code);
    return item(await getOrder(k, caller, ids.id, FULL_ORDER));
  });

  mount(router, CALLS.removePromotion, changeThenAnswer(removePromotion));

  /**
   * The cart refreshes its prices on every view; one that found nothing to change is not run
   * again until something in the database has changed (db/unchanged.ts). The key holds the caller
   * as a kept order's does: whose order it is, and whose club card prices it.
   */
  const refreshUnlessUnchanged = skippedWhileUnchanged(
    (caller: Caller, id: number) => JSON.stringify([...whose(caller), id]),
    refreshOrder,
  );
  mount(router, CALLS.refreshOrder, changeThenAnswer(refreshUnlessUnchanged));

  mount(router, CALLS.placeOrder, async ({ ids: { id }, body, req, res }) => {
    const key = (req.get("idempotency-key") ?? "").trim().slice(0, 100) || null;
    const caller = callerOf(res);
    await placeOrder(k, caller, id, key, new Date(), {
      payload: body.delivery,
      services: delivery,
    });
    const placed = await getOrder(k, caller, id, FULL_ORDER);
    return item({ ...placed, placed_at: placed.placed_at && toIso(placed.placed_at) });
  });

  mount(router, CALLS.recommendations, async ({ ids, res }) =>
    item(await recommendationsFor(k, secret, callerOf(res), ids.id)),
  );

  mount(router, CALLS.coupon, async ({ ids, query, res }) =>
    item(await couponFor(k, secret, callerOf(res), ids.id, query.card_number ?? null)),
  );

  mount(router, CALLS.clipCoupon, async ({ ids, body, res }) => {
    await clipCoupon(k, secret, callerOf(res), ids.id, body);
    return item({ loaded: true as const });
  });

  return router;
}
