/**
 * An order's progress as the shopper reads it (issue 30): its status, each status it took since
 * placement with when (in the store's time), and the store's final amount once picked. Pure: the
 * past orders and confirmation loaders call it.
 */
import { formatMoney } from "@core/rules/money";
import type { Order } from "~/.server/api";
import { formatStoreClock, formatStoreDate } from "~/components/checkout/format";
import { orderStatusWords } from "~/lib/order-status-words";

export interface StatusStepView {
  status: string;
  /** 'November 28, 2026 at 3:45 PM' in the store's time; empty when unknown. */
  at: string;
}

export function statusHistoryView(order: Order, timeZone: string): StatusStepView[] {
  return (order.status_history ?? []).map((step) => ({
    status: orderStatusWords(step.status),
    at: step.at
      ? `${formatStoreDate(step.at, timeZone)} at ${formatStoreClock(step.at, timeZone)}`
      : "",
  }));
}

/** The store's final amount in words, or null while the estimate stands. */
export const finalTotalText = (order: Order): string | null =>
  order.final_total === null || order.final_total === undefined
    ? null
    : formatMoney(order.final_total);
