/**
 * /fulfillment-time's post (spec §2, §4, §8): the form read with conform's parse and one zod union
 * (Update times without scripts, or the chosen time), the time saved on the order, and the way on.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import {
  dayMismatch,
  isDayValue,
  pickupSlots,
  PICKUP_TIME_GONE,
  type Slot,
  type SlotDay,
  type SlotRules,
} from "@core/rules/pickup-slots";
import { FULL_SLOT_TYPE, type SlotKind } from "@core/rules/slot-capacity";
import { ApiError, ApiValidationError, type Order, type StorefrontApi } from "~/.server/api";
import { orderParts } from "~/.server/order-parts";
import { describeError, logWarning } from "~/.server/log";
import { startCardAuthorization } from "~/.server/payment-options";
import { checkoutStepFor } from "~/.server/checkout-flow";
import { redirectTo, type RequestArgs, type StorefrontSession } from "~/.server/session";
import { isDelivery } from "./delivery-mode";

/** Where a store without a time zone is taken to be. */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** A day as the Day select posts it; anything else is no day. */
const day = z.unknown().transform((value) => (isDayValue(value) ? value : null));

/**
 * The form's posts: 'Update times' (without scripts: show another day's times) or the time
 * chosen, an instant the API can read; any other post is a time that cannot be booked.
 */
export const pickupTimePost = z.preprocess(
  (payload) =>
    payload &&
    typeof payload === "object" &&
    (payload as { intent?: unknown }).intent === "show-day"
      ? payload
      : { ...(payload as object), intent: "save" },
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("show-day"), day }),
    z.object({
      intent: z.literal("save"),
      day,
      pickup_at: z
        .string({ invalid_type_error: PICKUP_TIME_GONE, required_error: PICKUP_TIME_GONE })
        .refine((value) => !Number.isNaN(Date.parse(value)), PICKUP_TIME_GONE),
      from: z.unknown().transform((value) => (value === "checkout" ? "checkout" : null)),
    }),
  ]),
);

/** Delivery shows when it arrives: the slot plus the department's delivery time. */
export function pickerDeliveryMinutes(session: StorefrontSession, order: Order): number {
  return isDelivery(order, session) ? (orderParts(order).department?.delivery_time ?? 0) : 0;
}

export interface OrderSlots {
  days: SlotDay[];
  timeZone: string;
  rules: SlotRules;
}

/** The order's pickup slots from now, by the API's blackouts and the items' lead times. */
async function orderSlots(
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
 * The order's slots for the picker, or null when its blackouts could not be read: reported, and
 * no time is offered (spec §8). A refused key still ends the request (it becomes a guest's).
 */
export async function pickerSlots(
  api: StorefrontApi,
  order: Order,
  options: { now?: Date; deliveryMinutes: number; fulfillment: SlotKind },
): Promise<OrderSlots | null> {
  try {
    return await orderSlots(api, order, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    logWarning("Could not load the pickup blackouts", {
      orderId: order.id,
      ...describeError(error),
    });
    return null;
  }
}

/** A refusal; `slots` are the times of `day` when the answer shows that day (see below). */
const refuse = (error: string, day: string | null, slots: Slot[] = []) =>
  data({ error, day, slots }, { status: 400 });

/** Saves the chosen time and leads on by the spec §4 decision (checkout or sign-in). */
export async function savePickupTime(
  args: RequestArgs,
  session: StorefrontSession,
  api: StorefrontApi,
  order: Order,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: pickupTimePost, disableAutoCoercion: true });
  if (submission.status !== "success") return refuse(PICKUP_TIME_GONE, null);
  const posted = submission.value;
  // Without JavaScript, 'Update times' posts the form to show the chosen day's times.
  if (posted.intent === "show-day") {
    const to = posted.day ? `/fulfillment-time?day=${posted.day}` : "/fulfillment-time";
    return redirectTo(to, { status: 303 });
  }

  const { store, pickupLocations } = orderParts(order);
  const noun = isDelivery(order, session) ? "delivery" : "pickup";
  const pickupAt = new Date(posted.pickup_at);
  const changedDay = posted.day
    ? dayMismatch(posted.day, pickupAt, store?.timezone ?? DEFAULT_TIME_ZONE, noun)
    : null;
  // The day was changed but not the time (without JavaScript): answer with that day's times,
  // worded here as the page's loader words the shown day's, and save nothing.
  if (changedDay) {
    const slots = await pickerSlots(api, order, {
      deliveryMinutes: pickerDeliveryMinutes(session, order),
      fulfillment: noun,
    });
    const shown = slots?.days.find((d) => d.date === posted.day);
    return refuse(changedDay, posted.day, shown?.slots ?? []);
  }
  // One pickup location leaves nothing to choose: it is the order's.
  const onlyLocation = pickupLocations.length === 1 ? pickupLocations[0] : undefined;
  try {
    await api.updateOrder(order.id, {
      pickup_at: pickupAt.toISOString(),
      // The place is held in the slots of the kind the shopper is choosing (decision 028).
      fulfillment: noun,
      ...(order.pickup_location_id === null && onlyLocation
        ? { pickup_location_id: onlyLocation.id }
        : {}),
    });
  } catch (error) {
    // Taken or closed meanwhile: say so; the page fetches the times again (spec §8).
    if (error instanceof ApiValidationError) return refuse(PICKUP_TIME_GONE, null);
    throw error;
  }

  const step = checkoutStepFor(session, order, "time-saved");
  let to: string;
  if (step.kind === "card-authorization") {
    // Online payment is required: straight to the provider's page; if that cannot start, the
    // payment options say why (the session's mark) and offer another try.
    const started = await startCardAuthorization(args, api, session, order);
    if (started.redirect) return started.redirect;
    to = step.fallback;
  } else if (step.kind === "sign-in") {
    // A delivery order's information needs a signed-in shopper (spec §4): sign in, then there.
    to = `/auth-request?returnTo=${encodeURIComponent(step.then)}`;
  } else {
    to = step.kind === "page" ? step.to : "/fulfillment-time";
  }
  // The checkout's time dialog saves in place: it stays on /checkout when that is the next step.
  if (posted.from === "checkout" && to === "/checkout") {
    return data({ error: null, day: null, saved: true as const });
  }
  return redirectTo(to, { status: 303 });
}
