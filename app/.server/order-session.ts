/**
 * The working order of spec §4, kept as an id in the session. The rules of its lifecycle live
 * here: it belongs to one department (changing department abandons it), and only 'incomplete' is
 * editable (routes that do not allow a submitted order abandon it).
 */
import type { Order, StorefrontApi } from "./api";
import { ApiNotFoundError } from "./api";
import { forgetOrder, getShopperState, type RequestArgs } from "./session";
import { requireApi } from "./shopper-api";

export const isIncomplete = (order: Pick<Order, "status">) =>
  order.status.toLowerCase() === "incomplete";

/** Drops the working order when the shopper moves to another department. */
export async function abandonOrderOutsideDepartment(
  args: RequestArgs,
  departmentId: number,
  api?: StorefrontApi,
) {
  const state = await getShopperState(args);
  const orderId = state.session.get("orderId");
  if (orderId === undefined) return;
  try {
    const order = await (api ?? (await requireApi(args))).getFullOrder(orderId);
    if (!isIncomplete(order) || order.department_id !== departmentId) forgetOrder(state.session);
  } catch (error) {
    if (error instanceof ApiNotFoundError) forgetOrder(state.session);
    else throw error;
  }
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
  const state = await getShopperState(args);
  const orderId = state.session.get("orderId");
  if (orderId === undefined) return null;
  try {
    const order = await (await requireApi(args)).getFullOrder(orderId);
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
  const state = await getShopperState(args);
  state.session.set("orderId", orderId);
}
