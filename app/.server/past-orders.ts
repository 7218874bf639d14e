/**
 * /stores/{store}/orders on the server (spec §2, §4 'Editing past orders', §8): the signed-in
 * shopper's placed orders at the store, and the page's three posts, one function each. Every post
 * answers a 303: to the cart (edit, reorder), back to the list (cancel, with a flash), or back to
 * the list with a dialog open (a refusal of §8, or 'Your Cart is NOT Empty!'), so each works as a
 * plain form post and, with scripts, the same redirect opens the same dialog as a modal.
 *
 * Ownership: the API answers each shopper their own orders only (others' are 404 for list, retract,
 * cancel and reorder alike, decision 017); this page lists nothing for a guest and never reads an
 * order by an id from the URL, so it cannot show anyone else's order.
 */
import { z } from "zod";
import { formatMoney } from "@core/rules/money";
import { isIncomplete } from "@core/rules/order-status";
import { ApiError, type Order } from "~/.server/api";
import { fulfillmentTime } from "~/.server/order-parts";
import { isAuthenticated } from "~/.server/shopper";
import { losesItemsIfReplaced, rememberOrder } from "~/.server/order-session";
import { readIntent } from "~/.server/form-intent";
import { redirectTo, addFlashMessage, forgetOrder, type RequestArgs } from "~/.server/session";
import { requireUrlStore } from "~/.server/store-resolution";
import { formatStoreDate } from "~/components/checkout/format";
import { cartItemsView } from "~/components/cart/view";
import {
  CANCEL_FAILED_DIALOG,
  leftOutMessage,
  orderActions,
  orderDialogHref,
  PAGE_PARAM,
  pageOf,
  pastOrdersPageHref,
  replaceCartHref,
  RETRACT_FAILED_DIALOG,
  type ReplacingIntent,
} from "~/lib/past-orders";
import { isDelivery } from "~/.server/delivery-mode";
import { orderStatusWords } from "~/lib/order-status-words";
import { finalTotalText, statusHistoryView } from "~/components/order-changes/status-history";

/** One order as the list shows it: everything already in words. */
function pastOrderView(order: Order) {
  const department = order.department?.data;
  const timeZone = department?.store?.data.timezone ?? "America/New_York";
  return {
    id: order.id,
    number: order.number ?? String(order.id),
    placedOn: order.placed_at ? formatStoreDate(order.placed_at, timeZone) : "",
    department: department?.name ?? "",
    status: orderStatusWords(order.status),
    total: formatMoney(order.total),
    // The store's final amount once picked (issue 30), and each status the order took.
    finalTotal: finalTotalText(order),
    history: statusHistoryView(order, timeZone),
    itemCount: order.item_count,
    // As checkout and the confirmation said it: how the order comes, and when.
    fulfillment: isDelivery(order) ? ("Delivery" as const) : ("Pickup" as const),
    readyAt: fulfillmentTime(order),
    actions: orderActions(order),
    // The item lines, each with what the store does if it is unavailable (decision 029), until
    // the store has picked it.
    items: cartItemsView(order, { signedIn: true }).map((item) => ({
      id: item.id,
      name: item.name,
      quantityText: item.quantityText,
      substitutionText: item.substitutionText,
      picked: item.picked,
      subtotal: item.subtotal,
      storeChange: item.storeChange,
      finalSubtotal: item.finalSubtotal,
    })),
  };
}

export type PastOrderView = ReturnType<typeof pastOrderView>;

/**
 * The page's data: signed out, just that (the page asks to sign in; the API is not asked); signed
 * in, one page of the shopper's placed orders whose department is one of this store's (spec §2),
 * the most recently placed first. Working carts are no past orders and are left out: one never
 * placed has no number, and one edited after placement keeps its number but is a cart again.
 */
export async function pastOrdersPageData(args: RequestArgs, storeParam: string | undefined) {
  const { session } = args.context.shopper;
  if (!isAuthenticated(session)) return { signedIn: false as const };
  // The store layout's loader has answered an unknown store with the 404 page already.
  const store = await requireUrlStore(args, storeParam);
  const page = pageOf(new URL(args.request.url).searchParams.get(PAGE_PARAM));
  const list = await args.context.api.listOrders(store.id, page);
  const departments = new Set((store.departments?.data ?? []).map((d) => d.id));
  const orders = list.orders
    .filter(
      (order) =>
        order.number !== null && !isIncomplete(order) && departments.has(order.department_id),
    )
    .map(pastOrderView);
  return {
    signedIn: true as const,
    orders,
    page,
    newerHref: page > 1 ? pastOrdersPageHref(store.id, page - 1) : null,
    olderHref: page * list.limit < list.total ? pastOrdersPageHref(store.id, page + 1) : null,
  };
}

// --- The posts ------------------------------------------------------------------------------------

const orderId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
/** The list page the post came from, to come back to. */
const page = z.string().optional();
/** Sent by 'Yes, I'm Sure' of 'Your Cart is NOT Empty!': the cart may be replaced. */
const replaceCart = z
  .string()
  .optional()
  .transform((value) => value === "yes");

const pastOrderIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retract"), orderId, page, replaceCart }),
  z.object({ intent: z.literal("cancel"), orderId, page }),
  z.object({ intent: z.literal("reorder"), orderId, page, replaceCart }),
]);
type PastOrderPost = z.infer<typeof pastOrderIntents>;

interface PastOrderContext {
  args: RequestArgs;
  storeId: number;
  /** The list page the shopper was on. */
  listHref: string;
  /** The working order (route guard), whose items an edit or reorder would replace. */
  working: Order | null;
}

const goTo = (args: RequestArgs, to: string) => redirectTo(to, { status: 303 });

/** The list again with one of its dialogs open for `orderId`. */
function withDialog(context: PastOrderContext, dialog: string, id: number) {
  const [pathname, search = ""] = context.listHref.split("?");
  return goTo(context.args, orderDialogHref(pathname ?? "", search, dialog, id));
}

/**
 * Spec §2 'Your Cart is NOT Empty!', the rule the home and department guards follow
 * (order-session.ts): an order with items is never given up without the shopper saying so. An
 * edit or a reorder makes another order the current one, so with items in the cart the post is
 * answered with that question first (over this list); its 'Yes, I'm Sure' posts again with
 * `replaceCart`. The order left behind stays as it is on the API's side (a cart, as when the
 * shopper leaves for home); only the session lets go of it.
 */
function askBeforeReplacing(
  context: PastOrderContext,
  posted: { orderId: number; replaceCart: boolean },
  replacing: ReplacingIntent,
) {
  if (posted.replaceCart || !losesItemsIfReplaced(context.working)) return null;
  const [pathname, search = ""] = context.listHref.split("?");
  return goTo(context.args, replaceCartHref(pathname ?? "", search, posted.orderId, replacing));
}

/** The order `id` becomes the current one (spec §4: after reorder or retract), then the cart. */
async function makeCurrentAndGoToCart(args: RequestArgs, id: number) {
  const { session } = args.context.shopper;
  forgetOrder(session);
  await rememberOrder(args, id);
  return goTo(args, "/cart");
}

/** A refusal the page explains (§8, 409), as opposed to a fault (the error page). */
const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/** Edit: 'Important!' confirmed. Retracted, the order is the cart; refused, 'Order Retraction Failed'. */
async function retract(
  context: PastOrderContext,
  posted: Extract<PastOrderPost, { intent: "retract" }>,
) {
  const ask = askBeforeReplacing(context, posted, "retract");
  if (ask) return ask;
  try {
    await context.args.context.api.retractOrder(posted.orderId);
  } catch (error) {
    if (isConflict(error)) return withDialog(context, RETRACT_FAILED_DIALOG, posted.orderId);
    throw error;
  }
  return makeCurrentAndGoToCart(context.args, posted.orderId);
}

/** Cancel confirmed: back on the list, which says so; refused, 'Order Cancelation Failed'. */
async function cancel(
  context: PastOrderContext,
  posted: Extract<PastOrderPost, { intent: "cancel" }>,
) {
  let cancelled: Order;
  try {
    cancelled = await context.args.context.api.cancelOrder(posted.orderId);
  } catch (error) {
    if (isConflict(error)) return withDialog(context, CANCEL_FAILED_DIALOG, posted.orderId);
    throw error;
  }
  const { session } = context.args.context.shopper;
  addFlashMessage(session, {
    kind: "success",
    text: `Order ${cancelled.number ?? cancelled.id} has been cancelled.`,
  });
  return goTo(context.args, context.listHref);
}

/**
 * Reorder: a new cart with the order's items becomes the current order, and the cart names the
 * items that could not be had (a flash). Nothing could be had: the list says so. Any other failure
 * is the error page (spec §8: reorder failures go to the generic handler).
 */
async function reorder(
  context: PastOrderContext,
  posted: Extract<PastOrderPost, { intent: "reorder" }>,
) {
  const ask = askBeforeReplacing(context, posted, "reorder");
  if (ask) return ask;
  const { session } = context.args.context.shopper;
  let made: { id: number; leftOut: { name: string }[] };
  try {
    made = await context.args.context.api.reorder(posted.orderId);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "reorder_unavailable")) throw error;
    addFlashMessage(session, {
      kind: "error",
      text: "None of this order's items are available now, so there is nothing to reorder.",
    });
    return goTo(context.args, context.listHref);
  }
  const leftOut = leftOutMessage(made.leftOut.map((item) => item.name));
  if (leftOut) addFlashMessage(session, { kind: "info", text: leftOut });
  return makeCurrentAndGoToCart(context.args, made.id);
}

/**
 * The page's post, by its intent. A guest (signed out meanwhile) or a malformed post goes back to
 * the list, which shows what is true now.
 */
export async function changePastOrder(
  args: RequestArgs,
  storeId: number,
  form: FormData,
  working: Order | null,
) {
  const posted = readIntent(form, pastOrderIntents);
  const listHref = pastOrdersPageHref(storeId, pageOf(posted?.page ?? null));
  const { session } = args.context.shopper;
  if (!posted || !isAuthenticated(session)) return goTo(args, listHref);
  const context: PastOrderContext = { args, storeId, listHref, working };
  switch (posted.intent) {
    case "retract":
      return retract(context, posted);
    case "cancel":
      return cancel(context, posted);
    case "reorder":
      return reorder(context, posted);
  }
}
