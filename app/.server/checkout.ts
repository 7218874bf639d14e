/**
 * /checkout's work on the server (spec §2 'Review and Place Order', §8 "Place order"): where the
 * shopper is sent before checking out, the page's data, and the three posts (Place Order, the
 * entries kept as they are typed, and the 'assist' flag). The route only guards and answers.
 */
import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { z } from "zod";
import { isIncomplete } from "@core/rules/order-status";
import { PICKUP_TIME_GONE } from "@core/rules/pickup-slots";
import { holdingUntil } from "@core/rules/slot-capacity";
import { formatStoreClock } from "~/components/checkout/format";
import { ApiError, ApiValidationError, type Order, type StorefrontApi } from "~/.server/api";
import { fulfillmentTime, orderParts, storeAddress } from "~/.server/order-parts";
import { isAuthenticated } from "~/.server/shopper";
import { storefrontConfig } from "~/.server/config";
import { describeError, logError, logWarning } from "~/.server/log";
import {
  redirectTo,
  addFlashMessage,
  type RequestArgs,
  type StorefrontSession,
} from "~/.server/session";
import { cartItemsView, totalsView } from "~/components/cart/view";
import {
  API_FIELD_NAMES,
  checkCheckoutForm,
  checkDeliveryCheckoutForm,
  type CheckoutFormValues,
} from "~/components/checkout/checkout-form-schema";
import type { OrderChanges } from "@core/contract/order-changes";
import { deliveryPayloadOf, deliveryRefusal, deliveryView } from "~/.server/delivery-info";
import { AUTHORIZATION_TOO_SMALL } from "@core/rules/card-authorization";
import { holdOutgrown, paymentWords } from "~/.server/payment-options";
import { SYNC_CHECKOUT_ENTRIES } from "~/lib/quiet-posts";
import {
  DUPLICATE_ORDER,
  ITEM_QUANTITY_GONE,
  PLACEMENT_PROBLEM,
} from "@core/rules/placement-messages";
import { isDelivery } from "./delivery-mode";
import { checkoutStepFor, entryPath, stepLineFor } from "./checkout-flow";

/**
 * Where /checkout (its page or a post) sends the shopper first, or null to stay: the checkout's
 * navigation (app/lib/checkout-flow.ts). Sent to choose a time, they are told why.
 */
export function checkoutEntry(session: StorefrontSession, order: Order): string | null {
  const to = entryPath(checkoutStepFor(session, order, "/checkout"));
  if (to === "/fulfillment-time") {
    const noun = isDelivery(order, session) ? "delivery" : "pickup";
    addFlashMessage(session, {
      kind: "error",
      text: `Please choose a ${noun} time before you check out.`,
    });
  }
  return to;
}

/**
 * The Idempotency-Key for placing this order, made once per order and kept in the session: a
 * double submit, or a post retried after its answer was lost, places the order once.
 */
function placementKeyFor(session: StorefrontSession, orderId: number): string {
  const kept = session.get("placementKey");
  if (kept && kept.orderId === orderId) return kept.key;
  const key = randomUUID();
  session.set("placementKey", { orderId, key });
  return key;
}

/** The page: where, when, how it is paid, the form's starting values, the items and totals. */
export async function checkoutPageData(
  args: RequestArgs,
  session: StorefrontSession,
  order: Order,
) {
  // Made now, before any post: two quick posts of this page then share the same key.
  placementKeyFor(session, order.id);

  const { department, store, pickupLocations } = orderParts(order);
  const features = storefrontConfig().features;
  const customer = order.customer;
  // A signed-in shopper's details from the profile fill what the order does not have yet.
  const user = session.get("user");
  const viewer = { signedIn: isAuthenticated(session) };
  // The number the SMS wording gives for help: the store's, else the brand's.
  const smsPhone = features.sms
    ? (store?.phone ?? (await args.context.api.getBrand().catch(() => null))?.phone ?? null)
    : null;
  return {
    step: stepLineFor(session, order, "review"),
    noun: isDelivery(order, session) ? ("delivery" as const) : ("pickup" as const),
    delivery: order.delivery ? deliveryView(order) : null,
    store: store && { ...storeAddress(store), timezone: store.timezone },
    departmentName: department?.name ?? null,
    pickupLocations,
    // Worded here, in the store's zone: the page then needs no date library in the browser.
    pickupTime: fulfillmentTime(order),
    // A capped slot's place is held for a while once the time is saved (decision 028).
    holdNotice:
      isIncomplete(order) && order.held_until && store
        ? holdingUntil(formatStoreClock(order.held_until, store.timezone))
        : null,
    editable: isIncomplete(order),
    // A hold the cart outgrew is not a payment: placement would refuse it (decision 021).
    payment: holdOutgrown(order) ? AUTHORIZATION_TOO_SMALL : paymentWords(order),
    authorizeAgain: holdOutgrown(order),
    defaults: {
      first_name: customer.first_name ?? user?.firstName ?? "",
      last_name: customer.last_name ?? user?.lastName ?? "",
      email: customer.email ?? user?.email ?? "",
      phone: customer.phone ?? user?.phone ?? "",
      // The order's location, else the department's first: chosen already, with scripts or
      // without, and changed in one step.
      pickup_location_id:
        order.pickup_location_id !== null
          ? String(order.pickup_location_id)
          : String(pickupLocations[0]?.id ?? ""),
      notification_type: customer.notification_type.filter(
        (t) => t === "email" || (t === "sms" && features.sms),
      ),
      notes: order.notes ?? "",
    },
    smsOffered: features.sms,
    smsPhone,
    items: cartItemsView(order, viewer),
    totals: totalsView(order, viewer),
    substitutionsAllowed: order.substitutions_allowed,
    receivedAssistance: order.received_assistance,
  };
}

export interface PlaceResult {
  intent: "place";
  result: SubmissionResult<string[]>;
  pickupError: string | null;
}

type FieldErrors = Partial<Record<keyof CheckoutFormValues, string[]>>;

/** An API 422's errors split into this form's fields, the pickup time, and the rest. */
function splitApiErrors(errors: Record<string, string[]>) {
  const fieldErrors: FieldErrors = {};
  const other: string[] = [];
  let pickupError: string | null = null;
  for (const [key, messages] of Object.entries(errors)) {
    const field = API_FIELD_NAMES[key];
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages];
    else if (key === "pickup_at") pickupError = messages[0] ?? PICKUP_TIME_GONE;
    else other.push(...messages);
  }
  return { fieldErrors, other: [...new Set(other)], pickupError };
}

/** The checkout page's posts by `intent`; any other is Place Order. */
export const checkoutIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("assist") }),
  z.object({ intent: z.literal(SYNC_CHECKOUT_ENTRIES) }),
  z.object({ intent: z.literal("place") }),
]);

/** A typed entry as the order takes it while unfinished: trimmed, within the API's length. */
const entry = (max: number) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value?.trim().slice(0, max) || null);

/** The entries as typed so far: nothing is required yet, Place Order checks them. */
const typedEntries = z.object({
  first_name: entry(100),
  last_name: entry(100),
  email: entry(254),
  phone: entry(30),
  notes: entry(1000),
  pickup_location_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  notification_type: z
    .array(z.enum(["email", "sms"]))
    .catch([])
    .default([]),
});

/**
 * Spec §9: with scripts, the checkout's entries are kept on the order 250 ms after typing stops,
 * so leaving the page (Edit Cart, another tab) loses none. A pickup order's details and notes, a
 * delivery order's notes; an entry the API refuses is left for Place Order to say.
 */
export async function syncCheckoutEntries(api: StorefrontApi, order: Order, form: FormData) {
  if (!isIncomplete(order)) return data({ intent: SYNC_CHECKOUT_ENTRIES, saved: false });
  const typed = typedEntries.parse({
    ...Object.fromEntries(form),
    notification_type: form.getAll("notification_type"),
  });
  const sms = storefrontConfig().features.sms;
  const changes: OrderChanges = order.delivery
    ? { notes: typed.notes }
    : {
        ...(typed.pickup_location_id === undefined
          ? {}
          : { pickup_location_id: typed.pickup_location_id }),
        customer: {
          first_name: typed.first_name,
          last_name: typed.last_name,
          email: typed.email,
          phone: typed.phone,
          notification_type: typed.notification_type.filter((type) => type !== "sms" || sms),
        },
        notes: typed.notes,
      };
  try {
    await api.updateOrder(order.id, changes);
    return data({ intent: SYNC_CHECKOUT_ENTRIES, saved: true });
  } catch (error) {
    // Quietly: the entries stay in the form, and Place Order saves them (or says why not).
    if (!(error instanceof ApiError)) throw error;
    logWarning("Could not keep the checkout entries", {
      orderId: order.id,
      ...describeError(error),
    });
    return data({ intent: SYNC_CHECKOUT_ENTRIES, saved: false });
  }
}

/** A pickup order's details from the checkout form: location, who picks up, notes. */
function pickupChanges(values: CheckoutFormValues, sms: boolean): OrderChanges {
  return {
    pickup_location_id: values.pickup_location_id,
    customer: {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: values.phone,
      notification_type: values.notification_type.filter((type) => type !== "sms" || sms),
    },
    notes: values.notes,
  };
}

/** Typing 'assist' on the page: the order was placed with a store associate's help. */
export async function markAssisted(api: StorefrontApi, order: Order) {
  if (isIncomplete(order) && !order.received_assistance)
    await api.updateOrder(order.id, { received_assistance: true });
  return data({ intent: "assist" as const, ok: true });
}

/** Whether a placement that failed placed the order after all (an unreadable order: no). */
async function placedDespite(api: StorefrontApi, orderId: number): Promise<boolean> {
  return api.getFullOrder(orderId).then(
    (current) => !isIncomplete(current),
    () => false,
  );
}

/**
 * Place Order: the form read with the checkout schema, the details saved on the order, then the
 * order placed with this order's Idempotency-Key. A placed order goes to the confirmation, also
 * when a fault took the placement's answer (the order is read again); a refusal answers the form
 * with the API's errors on its fields (spec §8).
 */
export async function placeOrder(
  args: RequestArgs,
  session: StorefrontSession,
  api: StorefrontApi,
  order: Order,
  form: FormData,
) {
  const toConfirmation = () => redirectTo("/confirmation", { status: 303 });
  const elsewhere = checkoutEntry(session, order);
  if (elsewhere) return redirectTo(elsewhere, { status: 303 });

  // A delivery order's person and address were given on /delivery-info: only notes are asked here.
  const submission = order.delivery ? checkDeliveryCheckoutForm(form) : checkCheckoutForm(form);
  const fail = (
    reply: { fieldErrors?: FieldErrors; formErrors?: string[] },
    pickupError: string | null = null,
  ) =>
    data<PlaceResult>(
      {
        intent: "place",
        result: submission.reply({
          ...reply,
          fieldErrors: reply.fieldErrors as Record<string, string[]>,
        }),
        pickupError,
      },
      { status: 400 },
    );
  if (submission.status !== "success") {
    return data<PlaceResult>(
      { intent: "place", result: submission.reply(), pickupError: null },
      { status: 400 },
    );
  }
  const values = submission.value;

  /** A 403: the order was placed already (go and see it), else another placement's duplicate. */
  const afterRefusal = async () => {
    const current = await api.getFullOrder(order.id);
    return isIncomplete(current) ? fail({ formErrors: [DUPLICATE_ORDER] }) : toConfirmation();
  };

  const changes: OrderChanges = order.delivery
    ? { notes: values.notes }
    : pickupChanges(values as CheckoutFormValues, storefrontConfig().features.sms);
  try {
    await api.updateOrder(order.id, changes);
  } catch (error) {
    if (error instanceof ApiValidationError) {
      const { fieldErrors, other, pickupError } = splitApiErrors(error.errors);
      return fail({ fieldErrors, formErrors: other }, pickupError);
    }
    if (error instanceof ApiError && error.status === 403) return afterRefusal();
    logError("Could not save the checkout details", { orderId: order.id, ...describeError(error) });
    return fail({ formErrors: [PLACEMENT_PROBLEM] });
  }

  try {
    await api.placeOrder(order.id, placementKeyFor(session, order.id), deliveryPayloadOf(order));
  } catch (error) {
    if (error instanceof ApiValidationError) {
      // The delivery no longer holds (the address, the service): back to its form, told why.
      const toDeliveryInfo = await deliveryRefusal(args, session, error);
      if (toDeliveryInfo) return toDeliveryInfo;
      // Stock ran out between the cart and placement: the API says so by its code.
      if (error.code === "out_of_stock") return fail({ formErrors: [ITEM_QUANTITY_GONE] });
      // A refusal a new card authorization mends: back to the payment choice, told why.
      const refused = entryPath(checkoutStepFor(session, order, "placement-refused", error.code));
      if (refused) {
        addFlashMessage(session, { kind: "error", text: error.message });
        return redirectTo(refused, { status: 303 });
      }
      const { fieldErrors, other, pickupError } = splitApiErrors(error.errors);
      const combined =
        other.length || pickupError || Object.keys(fieldErrors).length ? other : [error.message];
      return fail({ fieldErrors, formErrors: combined }, pickupError);
    }
    if (error instanceof ApiError && error.status === 403) return afterRefusal();
    // A fault (the API's database away, no answer) may have struck after the order was placed:
    // then the shopper sees it placed, not a problem to try again.
    if (await placedDespite(api, order.id)) return toConfirmation();
    logError("Could not place the order", { orderId: order.id, ...describeError(error) });
    return fail({ formErrors: [PLACEMENT_PROBLEM] });
  }
  return toConfirmation();
}
