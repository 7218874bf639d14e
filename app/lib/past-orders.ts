/**
 * The Past Orders page's pure parts (spec §2 /stores/{store}/orders, §4 'Editing past orders'):
 * the status in words, which actions an order offers, and the URLs of its dialogs. Each dialog has
 * a URL (`?dialog=…&order={id}`) so that it works as a server-rendered section without JavaScript.
 */
import { ORDER_STATUS, PAST_ORDER_REFUSALS } from "@core/rules/order-status";
import { DIALOG_PARAM } from "./dialog-url";

/** 'Important!': the order goes back into the cart, to be placed again. */
export const RETRACT_DIALOG = "retract-order";
/** 'Are You Sure You Want To Cancel This Order?' */
export const CANCEL_DIALOG = "cancel-order";
/** 'Order Retraction Failed' (spec §8), opened by the redirect after a refused retract. */
export const RETRACT_FAILED_DIALOG = "retract-failed";
/** 'Order Cancelation Failed' (spec §8), opened by the redirect after a refused cancel. */
export const CANCEL_FAILED_DIALOG = "cancel-failed";
/** 'Your Cart is NOT Empty!' before an edit or a reorder would replace the cart. */
export const REPLACE_CART_DIALOG = "replace-cart";

/** The §8 refusals by their dialog's name (the texts live with the rule, in core). */
export const REFUSAL_DIALOGS = {
  [RETRACT_FAILED_DIALOG]: PAST_ORDER_REFUSALS.retract,
  [CANCEL_FAILED_DIALOG]: PAST_ORDER_REFUSALS.cancel,
} as const;
export type RefusalDialog = keyof typeof REFUSAL_DIALOGS;

/** The order a dialog is about. */
export const ORDER_PARAM = "order";
/** What 'Your Cart is NOT Empty!' is asked before: `retract` or `reorder`. */
export const REPLACING_PARAM = "replacing";
/** The page of the list (20 a page, newest first). */
export const PAGE_PARAM = "page";

/** The posts the page makes, by `intent`. */
export type PastOrderIntent = "retract" | "cancel" | "reorder";
/** The intents that replace the cart with the order, and so ask first when the cart has items. */
export type ReplacingIntent = Extract<PastOrderIntent, "retract" | "reorder">;

export interface OrderFacts {
  status: string;
  is_editable: boolean;
  is_cancelable: boolean;
  item_count: number;
}

export interface OrderActions {
  edit: boolean;
  cancel: boolean;
  reorder: boolean;
  /** 'Please contact the store to make changes to your order.' (submitted, not editable). */
  contactStore: boolean;
}

/**
 * What a placed order offers, as the server's `is_editable` / `is_cancelable` say (spec §5); a
 * working cart ('incomplete') is no past order and offers none. Reorder needs items to copy.
 */
export function orderActions(order: OrderFacts): OrderActions {
  const status = order.status.trim().toLowerCase();
  if (status === ORDER_STATUS.incomplete)
    return { edit: false, cancel: false, reorder: false, contactStore: false };
  return {
    edit: order.is_editable,
    cancel: order.is_cancelable,
    reorder: order.item_count > 0,
    contactStore: status === ORDER_STATUS.submitted && !order.is_editable,
  };
}

function withParams(pathname: string, search: string, set: Record<string, string>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(set)) params.set(name, value);
  return `${pathname}?${params.toString()}`;
}

/** The page with one order's dialog open (other parameters, such as the page, kept). */
export function orderDialogHref(
  pathname: string,
  search: string,
  dialog: string,
  orderId: number,
): string {
  return withParams(pathname, search, { [DIALOG_PARAM]: dialog, [ORDER_PARAM]: String(orderId) });
}

/** The page with 'Your Cart is NOT Empty!' open before `replacing` the cart with the order. */
export function replaceCartHref(
  pathname: string,
  search: string,
  orderId: number,
  replacing: ReplacingIntent,
): string {
  return withParams(pathname, search, {
    [DIALOG_PARAM]: REPLACE_CART_DIALOG,
    [ORDER_PARAM]: String(orderId),
    [REPLACING_PARAM]: replacing,
  });
}

/** The parameters any of the page's dialogs adds, taken off to close it. */
export const DIALOG_PARAMS = [DIALOG_PARAM, ORDER_PARAM, REPLACING_PARAM] as const;

/** `?page=` as a page number: 1 for anything that is not a whole number from 1 to 10000. */
export function pageOf(value: string | null): number {
  if (value === null || !/^\d{1,5}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= 10_000 ? page : 1;
}

/** The list's path at `page` (the first page has no parameter). */
export function pastOrdersPageHref(storeId: number, page: number): string {
  const path = `/stores/${storeId}/orders`;
  return page > 1 ? `${path}?${PAGE_PARAM}=${page}` : path;
}

/** How many left-out items a reorder's flash names (it must fit the session cookie). */
const NAMED_LEFT_OUT = 4;

/**
 * The flash after a reorder that left items out (spec §4: they are listed to the shopper), or
 * null when every item made it. A long list names the first few and counts the rest.
 */
export function leftOutMessage(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const named = names.slice(0, NAMED_LEFT_OUT).map((name) => name.slice(0, 50));
  const rest = names.length - named.length;
  const list = named.join(", ") + (rest > 0 ? ` and ${rest} more` : "");
  return names.length === 1
    ? `This item is no longer available and was not added to your cart: ${list}.`
    : `These items are no longer available and were not added to your cart: ${list}.`;
}

/**
 * The cart's notice on an order edited after placement (retracted): it is not placed until placed
 * again, under the same number. The spec has no words for it (§4 says only that it must be
 * re-submitted); issue 27's.
 */
export function openForChangesWords(number: string, delivery: boolean) {
  return {
    title: `Order ${number} is open for changes: place it again to keep your ${delivery ? "delivery" : "pickup"} time.`,
    text: "Until you do, it is not placed and the store will not prepare it.",
  };
}
