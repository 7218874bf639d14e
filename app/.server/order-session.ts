/**
 * The working order of spec §4, kept as an id in the session. The rules of its lifecycle live
 * here: it belongs to one department (changing department abandons it, and home does; with items
 * in it only once the shopper has confirmed), and only 'incomplete' is editable (routes that do
 * not allow a submitted order abandon it).
 */
import type { Order, StorefrontApi } from "./api";
import { ApiNotFoundError } from "./api";
import { DIALOG_PARAM } from "~/lib/dialog-url";
import { isIncomplete } from "@core/rules/order-status";
import { abandonsOrder, askToLeaveHref, LEAVE_TO_PARAM } from "~/lib/leave-order";
import { departmentPath } from "~/lib/listing";
import { describeError, logWarning } from "./log";
import { safeRedirectPath } from "./safe-redirect";
import { redirectTo, forgetOrder, type RequestArgs } from "./session";

const hasItems = (order: Order) => (order.items?.data.length ?? 0) > 0;

/**
 * Whether making another order the current one (an edit or a reorder of a past order) would lose
 * the items of `working`: the same rule as leaving for home, so the shopper is asked first.
 */
export function losesItemsIfReplaced(working: Order | null): boolean {
  return working !== null && isIncomplete(working) && hasItems(working);
}

/**
 * The working order when going where `abandons` says it would be abandoned would lose items; it is
 * kept, since only the shopper may give it up (spec §2 'Your Cart is NOT Empty!'). An order that
 * loses nothing (submitted, gone, or empty and abandoned) is dropped at once; else null.
 */
async function orderWithItemsAtStake(
  args: RequestArgs,
  abandons: (order: Order) => boolean,
  api?: StorefrontApi,
): Promise<Order | null> {
  const state = args.context.shopper;
  const orderId = state.session.get("orderId");
  if (orderId === undefined) return null;
  let order: Order;
  try {
    order = await (api ?? args.context.api).getFullOrder(orderId);
  } catch (error) {
    if (!(error instanceof ApiNotFoundError)) throw error;
    forgetOrder(state.session);
    return null;
  }
  if (isIncomplete(order) && !abandons(order)) return null;
  if (isIncomplete(order) && hasItems(order)) return order;
  forgetOrder(state.session);
  return null;
}

/** Remix's own query parameters, which are no part of where the shopper was going. */
const INTERNAL_PARAMS = ["_routes", "_data", "index"];

function pathOf(url: URL): string {
  const search = new URLSearchParams(url.search);
  for (const param of INTERNAL_PARAMS) search.delete(param);
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The page the request came from (its Referer, a page of this site: with JavaScript, the page the
 * shopper is on), without any dialog it had open; null when unknown.
 */
function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return null;
    from.searchParams.delete(DIALOG_PARAM);
    from.searchParams.delete(LEAVE_TO_PARAM);
    return safeRedirectPath(pathOf(from), null);
  } catch {
    return null;
  }
}

/**
 * Answers a request that would abandon `order` (which has items) with the question instead: a
 * redirect to 'Your Cart is NOT Empty!' over the page the shopper came from, or over the order's
 * own department when that page is unknown or would abandon the order too.
 */
async function askBeforeAbandoning(args: RequestArgs, order: Order): Promise<never> {
  const to = pathOf(new URL(args.request.url));
  const from = refererPath(args.request);
  const department = order.department?.data;
  const fallback = department ? departmentPath(department.store_id, department.id) : "/cart";
  const origin = from && from !== to && !abandonsOrder(from, order.department_id) ? from : fallback;
  throw redirectTo(askToLeaveHref(origin, to));
}

/**
 * Spec §4 on a page of the department `departmentId`, the one home of "drop the order of another
 * department": such an order is dropped when that loses nothing; one with items is kept, and with
 * `ask` the shopper is asked first ('Your Cart is NOT Empty!', a redirect; the drop happens when
 * they confirm: routes/leave-order.tsx). The department layout asks; a page under it (the product
 * page, whose loader runs beside the layout's) checks again without asking. Browsing never fails
 * because the order could not be checked: the failure is logged and the next page checks again.
 */
export async function leaveOrderOfOtherDepartment(
  args: RequestArgs,
  departmentId: number,
  options: { ask: boolean; api?: StorefrontApi },
): Promise<void> {
  try {
    const abandons = (order: Order) => order.department_id !== departmentId;
    const order = await orderWithItemsAtStake(args, abandons, options.api);
    if (order && options.ask) await askBeforeAbandoning(args, order);
  } catch (error) {
    // The question about leaving the order behind.
    if (error instanceof Response) throw error;
    logWarning("Could not check the working order's department", {
      departmentId,
      ...describeError(error),
    });
  }
}

/** Home's guard: home abandons any order, so one with items is asked about first. */
export async function leaveOrderForHome(args: RequestArgs): Promise<void> {
  const order = await orderWithItemsAtStake(args, () => true);
  if (order) await askBeforeAbandoning(args, order);
}

interface WorkingOrderOptions {
  /** The confirmation page shows the order it just placed. */
  allowSubmitted?: boolean;
}

/**
 * The full working order, or null when there is none (or it is gone, or it was submitted and this
 * route does not show submitted orders: then it is abandoned).
 */
export async function loadWorkingOrder(
  args: RequestArgs,
  options: WorkingOrderOptions = {},
): Promise<Order | null> {
  const state = args.context.shopper;
  const orderId = state.session.get("orderId");
  if (orderId === undefined) return null;
  try {
    const order = await args.context.api.getFullOrder(orderId);
    if (!isIncomplete(order) && !options.allowSubmitted) {
      forgetOrder(state.session);
      return null;
    }
    return order;
  } catch (error) {
    if (error instanceof ApiNotFoundError) {
      forgetOrder(state.session);
      return null;
    }
    throw error;
  }
}

/** Makes an order the working one (after creating it on the first add to cart). */
export async function rememberOrder(args: RequestArgs, orderId: number) {
  const state = args.context.shopper;
  state.session.set("orderId", orderId);
}
