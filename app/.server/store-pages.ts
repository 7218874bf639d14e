/**
 * The store's pages (issue 30): /store/{store}, the day's queue, and /store/{store}/orders/{id},
 * picking one order. Server-rendered forms that post here and come back (303), so all of it works
 * without JavaScript. Who may see them is the API's to say (decision 042): a guest, a shopper or
 * another store's associate gets its 403 as the error page, an order not the store's its 404.
 */
import { z } from "zod";
import { PICK_STATUSES } from "@core/rules/final-amount";
import { parseId } from "@core/rules/ids";
import { STORE_STATUSES } from "@core/rules/order-status";
import { ApiError } from "./api/errors";
import { readIntent } from "./form-intent";
import { StorefrontError } from "./route-errors";
import { addFlashMessage, redirectTo, type RequestArgs } from "./session";

const NOT_FOUND = "The requested page could not be found.";

/** A store page's request: the route's args with its path params. */
type PageArgs = RequestArgs & { params: { store?: string; order?: string } };

function idOf(param: string | undefined): number {
  const id = parseId(param);
  if (id === null) throw new StorefrontError(NOT_FOUND, 404);
  return id;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** 'Sunday, November 29, 2026': the queue's day as the associate reads it (noon UTC keeps it). */
const DAY_IN_WORDS = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** The queue of one store-local day (today unless `?day=` names another). */
export async function storeQueuePageData(args: PageArgs) {
  const storeId = idOf(args.params.store);
  const asked = new URL(args.request.url).searchParams.get("day");
  const day = asked && DAY.test(asked) ? asked : undefined;
  const answer = await args.context.api.storeQueue(storeId, day);
  const shown = answer.meta.day as string;
  const shift = (days: number) => {
    const at = new Date(`${shown}T12:00:00Z`);
    at.setUTCDate(at.getUTCDate() + days);
    return at.toISOString().slice(0, 10);
  };
  return {
    storeId,
    storeName: String(answer.meta.store_name ?? ""),
    timezone: String(answer.meta.timezone ?? "UTC"),
    day: shown,
    dayLabel: DAY_IN_WORDS.format(new Date(`${shown}T12:00:00Z`)),
    previousDay: shift(-1),
    nextDay: shift(1),
    orders: answer.data,
  };
}

export async function storeOrderPageData(args: PageArgs) {
  const storeId = idOf(args.params.store);
  const orderId = idOf(args.params.order);
  const order = await args.context.api.storeOrder(storeId, orderId);
  return { storeId, order };
}

const statusPost = z.object({
  intent: z.literal("status"),
  status: z.enum(STORE_STATUSES),
  from: z.enum(STORE_STATUSES),
});
const pickPost = z.object({
  intent: z.literal("pick"),
  item: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  pick_status: z.enum(PICK_STATUSES),
  picked_quantity: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? null : Number(v.trim()))),
  picked_product_id: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null)),
});
const storePostIntents = z.discriminatedUnion("intent", [statusPost, pickPost]);

/** The associate's posts: a status move, or one item's pick. Back to `backTo` either way. */
export async function storeOrderPost(args: PageArgs, form: FormData, backTo: string) {
  const storeId = idOf(args.params.store);
  const posted = readIntent(form, storePostIntents);
  const { session } = args.context.shopper;
  const api = args.context.api;
  // The picking page's order is its path's; the queue's posts name theirs.
  const orderId = idOf(args.params.order ?? (form.get("order") as string | null) ?? undefined);
  try {
    if (!posted) throw new StorefrontError("That was not a change this page makes.", 400);
    if (posted.intent === "status") {
      await api.setStoreStatus(storeId, orderId, posted.status, posted.from);
      addFlashMessage(session, { kind: "success", text: "The order's status was changed." });
    } else {
      const quantity = posted.picked_quantity;
      if (quantity !== null && !Number.isFinite(quantity))
        throw new StorefrontError("Enter the quantity as a number.", 422);
      await api.pickItem(storeId, orderId, posted.item, {
        pick_status: posted.pick_status,
        ...(quantity !== null ? { picked_quantity: quantity } : {}),
        ...(posted.picked_product_id !== null
          ? { picked_product_id: posted.picked_product_id }
          : {}),
      });
      addFlashMessage(session, { kind: "success", text: "The item was recorded." });
    }
  } catch (error) {
    // A refusal the associate can act on is told on the page; anything else is the error page.
    const refused =
      (error instanceof ApiError && [409, 422].includes(error.status)) ||
      (error instanceof StorefrontError && error.status < 500);
    if (!refused) throw error;
    const fields = error instanceof ApiError ? Object.values(error.errors).flat() : [];
    addFlashMessage(session, { kind: "error", text: fields[0] ?? (error as Error).message });
  }
  return redirectTo(backTo, { status: 303 });
}
