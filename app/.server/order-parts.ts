/**
 * An order's parts as the storefront's pages read them: its department, store and items, the
 * item a form names, the store's address, and when the order is ready, worded.
 */
import { parseId } from "@core/rules/ids";
import { formatPickupTime } from "~/components/checkout/format";
import type { Order } from "./api";
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
