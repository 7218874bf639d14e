/**
 * What the cart-to-confirmation routes share on the server: the order guard, the pickup-slot
 * rules of an order, the placement key, and who the shopper is.
 */
import { randomUUID } from "node:crypto";
import { pickupSlots, type SlotDay, type SlotRules } from "~/lib/pickup-slots";
import type { Order, StorefrontApi } from "./api";
import { loadWorkingOrder } from "./order-session";
import { routeError } from "./route-errors";
import { getShopperState, type RequestArgs, type StorefrontSession } from "./session";

/** Spec §5 route guard: an order-only page reached without one. */
export const ORDER_REQUIRED_MESSAGE =
  "This page requires an existing order but no order has been started.";
/** Spec §5 route guard: a page that is switched off for this brand. */
export const ROUTE_DISABLED_MESSAGE = "The page you're looking for is not available.";

/**
 * The working order, or the 400 error page with the guard's message (the spec's guard cancels
 * the navigation; a server-rendered page has nowhere to stay, so it says why and offers home).
 */
export async function requireWorkingOrder(
  args: RequestArgs,
  options: { allowSubmitted?: boolean } = {},
): Promise<Order> {
  const order = await loadWorkingOrder(args, options);
  if (!order) throw routeError(400, ORDER_REQUIRED_MESSAGE, "OrderRequiredError");
  return order;
}

/** Sign-in comes in a later issue: until then every shopper is a guest. */
export function isAuthenticated(_session: StorefrontSession): boolean {
  return false;
}

/** The order's department, store and items, which the full order always includes. */
export function orderParts(order: Order) {
  const department = order.department?.data ?? null;
  const store = department?.store?.data ?? null;
  const items = order.items?.data ?? [];
  const pickupLocations = department?.pickup_locations?.data ?? [];
  return { department, store, items, pickupLocations };
}

/** Remembers the department the shopper shops in, for the empty cart's "Go shopping". */
export async function rememberShoppingDepartment(args: RequestArgs, order: Order) {
  const { department } = orderParts(order);
  if (!department) return;
  const { session } = await getShopperState(args);
  session.set("shoppingDepartment", { storeId: department.store_id, departmentId: department.id });
}

export function departmentPath(storeId: number, departmentId: number) {
  return `/stores/${storeId}/departments/${departmentId}`;
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
  now = new Date(),
): Promise<OrderSlots> {
  const blackouts = await api.getBlackouts(order.id);
  const rules: SlotRules = {
    timeZone: blackouts.meta.timezone,
    intervalMinutes: blackouts.meta.pickup_window.interval,
    limits: blackouts.meta.lead_time,
    itemLeadTimes: orderParts(order).items.map((item) => item.product?.data?.lead_time ?? 0),
    blackouts: blackouts.data,
  };
  return { days: pickupSlots(now, rules), timeZone: rules.timeZone, rules };
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
