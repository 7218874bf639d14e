/**
 * What the cart-to-confirmation routes share on the server: the pickup-slot rules of an order,
 * the placement key and the checkout's step line. Who the shopper is: shopper.ts. Their guards
 * are route-guard.ts's.
 */
import { randomUUID } from "node:crypto";
import { parseId } from "@core/rules/ids";
import { pickupSlots, type SlotDay, type SlotRules } from "@core/rules/pickup-slots";
import { FULL_SLOT_TYPE, type SlotKind } from "@core/rules/slot-capacity";
import { formatPickupTime } from "~/components/checkout/format";
import { checkoutStages, stepLine, type CheckoutStage } from "~/lib/checkout-flow";
import type { Order, StorefrontApi } from "./api";
import { storefrontConfig } from "./config";
import { type RequestArgs, type StorefrontSession } from "./session";
import { isAuthenticated } from "./shopper";
import { isDelivery } from "./delivery-mode";

/** The order's department, store and items, which the full order always includes. */
export function orderParts(order: Order) {
  const department = order.department?.data ?? null;
  const store = department?.store?.data ?? null;
  const items = order.items?.data ?? [];
  const pickupLocations = department?.pickup_locations?.data ?? [];
  return { department, store, items, pickupLocations };
}

/** The order's item that a form or a URL names (an id as core/rules/ids.ts reads it), or null. */
export function orderItem(order: Order, itemId: unknown) {
  const id = parseId(itemId);
  return id === null ? null : (orderParts(order).items.find((item) => item.id === id) ?? null);
}

/** The store's name and address, as the checkout and confirmation pages show it. */
export function storeAddress(store: {
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
}) {
  const { name, address, city, state, zip_code } = store;
  return { name, address, city, state, zip_code };
}

/** Remembers the department the shopper shops in, for the empty cart's "Go shopping". */
export async function rememberShoppingDepartment(args: RequestArgs, order: Order) {
  const { department } = orderParts(order);
  if (!department) return;
  const { session } = args.context.shopper;
  session.set("shoppingDepartment", { storeId: department.store_id, departmentId: department.id });
}

/**
 * When the order is ready, worded in the store's zone: the pickup time, or for a delivery order
 * when it arrives (the slot plus the department's delivery time, spec §5). Null without a time.
 */
export function fulfillmentTime(order: Order): string | null {
  const { department, store } = orderParts(order);
  if (!order.pickup_at || !store) return null;
  const minutes = isDelivery(order) ? (department?.delivery_time ?? 0) : 0;
  const at = new Date(Date.parse(order.pickup_at) + minutes * 60_000).toISOString();
  return formatPickupTime(at, store.timezone) || null;
}

export interface OrderSlots {
  days: SlotDay[];
  timeZone: string;
  rules: SlotRules;
}

/** The order's pickup slots from now, by the API's blackouts and the items' lead times. */
export async function orderSlots(
  api: StorefrontApi,
  order: Order,
  {
    now = new Date(),
    deliveryMinutes = 0,
    fulfillment = "pickup",
  }: { now?: Date; deliveryMinutes?: number; fulfillment?: SlotKind } = {},
): Promise<OrderSlots> {
  // Full slots come among the blackouts, by their type: the picker lists them as unavailable;
  // nearly full ones are said beside their time (decision 028).
  const blackouts = await api.getBlackouts(order.id, fulfillment);
  const rules: SlotRules = {
    timeZone: blackouts.meta.timezone,
    intervalMinutes: blackouts.meta.pickup_window.interval,
    limits: blackouts.meta.lead_time,
    itemLeadTimes: orderParts(order).items.map((item) => item.product?.data?.lead_time ?? 0),
    blackouts: blackouts.data.filter((period) => period.type !== FULL_SLOT_TYPE),
    full: blackouts.data.filter((period) => period.type === FULL_SLOT_TYPE),
    nearlyFull: blackouts.meta.nearly_full,
  };
  // Delivery shows when it arrives: the pickup slot plus the department's delivery time.
  return { days: pickupSlots(now, rules, { deliveryMinutes }), timeZone: rules.timeZone, rules };
}

/**
 * The Idempotency-Key for placing this order, made once per order and kept in the session: a
 * double submit, or a post retried after its answer was lost, places the order once.
 */
export function placementKeyFor(session: StorefrontSession, orderId: number): string {
  const kept = session.get("placementKey");
  if (kept && kept.orderId === orderId) return kept.key;
  const key = randomUUID();
  session.set("placementKey", { orderId, key });
  return key;
}

/**
 * The step line of a checkout page ('Step 3 of 4') for this shopper and order. Paying is part of
 * a delivery's details stage, so /addresses counts as that stage for a delivery.
 */
export function stepLineFor(
  session: StorefrontSession,
  order: Order,
  stage: Exclude<CheckoutStage, "cart">,
): string {
  const delivery = isDelivery(order, session);
  const stages = checkoutStages({
    delivery,
    authenticated: isAuthenticated(session),
    orderSystem: storefrontConfig().features.orderSystem,
    department: orderParts(order).department,
  });
  return stepLine(delivery && stage === "payment" ? "delivery" : stage, stages);
}
