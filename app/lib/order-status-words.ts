/**
 * An order's status in the words shoppers and associates read (the past orders page, the store's
 * queue and picking page). A module of its own so the store's pages and the past orders page do
 * not pull the past orders page's browser code into each other's chunks.
 */
import type { ORDER_STATUS } from "@core/rules/order-status";

type ShopperStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

// Keyed by the statuses' own values (checked against the rule's list by the type) rather than
// through ORDER_STATUS itself: importing the rule would put it in a chunk the store's pages share
// with the cart, one more file on the cart's first load.
const STATUS_WORDS: Record<string, string> = {
  incomplete: "Not Placed",
  submitted: "Submitted",
  in_progress: "In Progress",
  ready: "Ready",
  picked_up: "Picked Up",
  out_for_delivery: "Out For Delivery",
  completed: "Completed",
  cancelled: "Cancelled",
} satisfies Record<ShopperStatus, string>;

/**
 * An order's status as shoppers read it: 'in_progress' → 'In Progress'. Statuses compare
 * case-blind (spec §3); one this list does not know is shown in words from its own name.
 */
export function orderStatusWords(status: string): string {
  const known = STATUS_WORDS[status.trim().toLowerCase()];
  if (known) return known;
  const words = status
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  return words.length ? words.join(" ") : "Unknown";
}
