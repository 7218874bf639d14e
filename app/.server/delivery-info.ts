/**
 * /delivery-info's work on the server (spec §2 /delivery-info, §3 "Delivery info / form", §4
 * "Delivery info submit", §5 tip, delivery form and its server errors): the form's starting
 * values, the side summary, 'Update' (the summary again without scripts) and 'Proceed to
 * Checkout' (delivery turned on with the API's check of the address, then the card authorization
 * or the checkout).
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { API_ERROR } from "@core/contract/errors";
import { DELIVERY_PAID_ONLINE } from "@core/rules/card-authorization";
import { splitStreet, joinStreet, mapDeliveryFieldErrors } from "@core/rules/delivery-address";
import { deliverySummary, type DeliverySummary } from "@core/rules/delivery-summary";
import { tipCents, tipChoiceOf, type TipOption } from "@core/rules/tips";
import { ApiError, ApiValidationError, type Order, type StorefrontApi } from "~/.server/api";
import {
  cardDeclineProblem,
  cardStartProblem,
  isApproved,
  startCardAuthorization,
} from "~/.server/payment-options";
import { orderParts } from "~/.server/order-parts";
import { checkoutStepFor, stepLineFor } from "~/.server/checkout-flow";
import { describeError, logWarning } from "~/.server/log";
import {
  redirectTo,
  addFlashMessage,
  type DeliveryInfo,
  type RequestArgs,
  type StorefrontSession,
} from "~/.server/session";
import {
  checkDeliveryForm,
  type DeliveryFormData,
  type DeliveryFormValues,
} from "~/components/delivery/delivery-form-schema";
import { departmentPath } from "~/lib/listing";

/** The session's marker of delivery mode (spec §4): set on the cart's Delivery, kept until pickup. */
const DELIVERY_MODE: DeliveryInfo = { delivery: 1 };

/**
 * Pickup instead (the cart's 'Pick Up in Store', or the way out of a delivery whose card cannot
 * be authorized): delivery mode off here, and delivery turned off at the API too, so no fee or
 * tip is left (spec §4 "Delivery mode").
 */
export async function leaveDelivery(api: StorefrontApi, session: StorefrontSession, order: Order) {
  session.unset("deliveryInfo");
  session.unset("cardDeclined");
  if (order.delivery) await api.deleteStoreDelivery(order.id);
}

/** The figures the summary is computed from, less the tip: the browser recomputes with them. */
export interface SummaryBasis {
  itemsTotal: number;
  clubSavings: number;
  deliveryAmount: number;
  promotion: {
    type: string;
    value: number;
    description: string;
    minimum_subtotal: number;
  } | null;
}

function summaryBasis(order: Order): SummaryBasis {
  const { department } = orderParts(order);
  const promotion = order.promotion?.data ?? null;
  return {
    itemsTotal: order.subtotal,
    clubSavings: order.club_savings,
    // The fee the service quoted once delivery is on; before, the department's.
    deliveryAmount: order.delivery?.delivery_amount ?? department?.delivery_amount ?? 0,
    promotion,
  };
}

const summaryOf = (basis: SummaryBasis, values: { tip_choice: string; tip_other: string }) =>
  deliverySummary({ ...basis, tip: tipChoiceOf(values.tip_choice, values.tip_other) });

/** The form's values as strings, as a page shows them again. */
type FormStrings = Record<keyof DeliveryFormValues, string>;

/**
 * What the form starts with: the delivery the order already has (back from the checkout), else
 * the signed-in shopper's profile; the tip as last chosen in this session, else none.
 */
async function startingValues(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
): Promise<FormStrings> {
  const kept = session.get("deliveryInfo") ?? {};
  const tip = {
    tip_choice: String(kept.tip_choice ?? "0"),
    tip_other: String(kept.tip_other ?? ""),
  };
  const delivery = order.delivery;
  if (delivery) {
    return {
      first_name: delivery.first_name,
      last_name: delivery.last_name,
      address: joinStreet(delivery.street, delivery.unit),
      city: delivery.city,
      state: delivery.state,
      zip_code: delivery.zip_code,
      phone: delivery.phone,
      email: delivery.email,
      instructions: delivery.dropoff_instructions ?? "",
      ...tip,
    };
  }
  const user = session.get("user");
  const profile = await api.getProfile().catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) throw error;
    logWarning("Could not read the profile for the delivery form", describeError(error));
    return null;
  });
  const address = profile?.addresses[0];
  return {
    first_name: profile?.first_name ?? user?.firstName ?? "",
    last_name: profile?.last_name ?? user?.lastName ?? "",
    address: address?.address_line_1 ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    zip_code: address?.zip_code ?? "",
    phone: profile?.phone ?? user?.phone ?? "",
    email: profile?.email ?? user?.email ?? "",
    instructions: "",
    ...tip,
  };
}

/**
 * Why the card is not authorized, when this visit tried: its start failed (§8's words, then that
 * a delivery is paid online; 'Try Again'), or the provider's page refused it (why, then another
 * card or pickup; 'Try Another Card'). Pickup is the other way on either way. Null otherwise.
 */
function cardProblemOf(session: StorefrontSession, order: Order) {
  const startProblem = cardStartProblem(session);
  if (startProblem) return { said: [startProblem, DELIVERY_PAID_ONLINE], retry: "Try Again" };
  const declined = cardDeclineProblem(session, order);
  if (declined) return { said: declined, retry: "Try Another Card" };
  return null;
}

export type CardProblem = NonNullable<ReturnType<typeof cardProblemOf>>;

/** The page: the form's values, the summary and what the department says about its delivery. */
export async function deliveryInfoPage(
  args: RequestArgs,
  session: StorefrontSession,
  api: StorefrontApi,
  order: Order,
) {
  // Arriving here is choosing delivery (spec §4 "Delivery mode").
  if (!session.get("deliveryInfo")) session.set("deliveryInfo", DELIVERY_MODE);
  const { department, store } = orderParts(order);
  const defaults = await startingValues(api, session, order);
  const basis = summaryBasis(order);
  return {
    step: stepLineFor(session, order, "delivery"),
    defaults,
    basis,
    summary: summaryOf(basis, defaults),
    provider: department?.delivery_type ?? null,
    storeInstructions:
      department?.delivery_type === "store"
        ? (department.store_delivery_customer_instructions ?? null)
        : null,
    departmentName: department?.name ?? null,
    shopHref: department && store ? departmentPath(store.id, department.id) : "/",
    authorized: isApproved(order),
    cardProblem: cardProblemOf(session, order),
  };
}

/**
 * The form's answer when the page stays: the entries as posted (every one, the tip too, shown
 * again without scripts) and the summary for them; for a refused 'Proceed to Checkout', why.
 */
export type DeliveryInfoResult =
  | { intent: "update"; values: FormStrings; summary: DeliverySummary; result?: never }
  | {
      intent: "submit";
      result: SubmissionResult<string[]>;
      values: FormStrings;
      summary: DeliverySummary;
    };

const postedStrings = (form: FormData): FormStrings => {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 500) : "";
  };
  return {
    first_name: value("first_name"),
    last_name: value("last_name"),
    address: value("address"),
    city: value("city"),
    state: value("state"),
    zip_code: value("zip_code"),
    phone: value("phone"),
    email: value("email"),
    instructions: value("instructions"),
    tip_choice: value("tip_choice") || "0",
    tip_other: value("tip_other"),
  };
};

/** 'Update' (without scripts): the summary for the tip as posted, the entries kept, nothing saved. */
export function updateSummary(order: Order, form: FormData) {
  const values = postedStrings(form);
  return data<DeliveryInfoResult>({
    intent: "update",
    values,
    summary: summaryOf(summaryBasis(order), values),
  });
}

/** The delivery info the API takes: the address with its number, the tip in cents. */
function deliveryBody(values: DeliveryFormData, tip: number) {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    address: values.address,
    city: values.city,
    state: values.state,
    zip_code: values.zip_code,
    dropoff_instructions: values.instructions || null,
    tip,
  };
}

/** The placement's delivery payload (spec §3), from the delivery the order holds. */
export function deliveryPayloadOf(order: Order) {
  const delivery = order.delivery;
  if (!delivery) return undefined;
  return {
    dropoff_instructions: delivery.dropoff_instructions,
    dropoff_address: {
      street: delivery.street,
      unit: delivery.unit,
      city: delivery.city,
      state: delivery.state,
      zip_code: delivery.zip_code,
    },
    tip: delivery.tip_amount,
  };
}

/**
 * 'Proceed to Checkout' (spec §4 "Delivery info submit"): the form checked, delivery turned on
 * with the service's check of the address (its field errors shown beside the fields, §5), then
 * the checkout when the card is already authorized, else the provider's page.
 */
export async function submitDeliveryInfo(
  args: RequestArgs,
  session: StorefrontSession,
  api: StorefrontApi,
  order: Order,
  form: FormData,
) {
  const submission = checkDeliveryForm(form);
  const basis = summaryBasis(order);
  const posted = postedStrings(form);
  const summary = summaryOf(basis, posted);
  const refuse = (reply: Parameters<typeof submission.reply>[0] = {}) =>
    data<DeliveryInfoResult>(
      { intent: "submit", result: submission.reply(reply), values: posted, summary },
      { status: 400 },
    );
  if (submission.status !== "success") return refuse();
  const values = submission.value;
  const tip = tipCents(tipChoiceOf(values.tip_choice, values.tip_other), summary.orderTotal);

  let delivered: Order;
  try {
    delivered = await api.setStoreDelivery(order.id, deliveryBody(values, tip));
  } catch (error) {
    if (error instanceof ApiValidationError) {
      const mapped = mapDeliveryFieldErrors(error.errors);
      return refuse({
        fieldErrors: mapped.fields as Record<string, string[]>,
        formErrors: mapped.generic,
      });
    }
    // Not allowed any more (an item that cannot be delivered was added, the order was placed):
    // the API's own words.
    if (error instanceof ApiError && error.status === 403)
      return refuse({ formErrors: [error.message] });
    throw error;
  }
  // Kept for this order: the tip as chosen (the API holds it in cents only).
  session.set("deliveryInfo", {
    ...DELIVERY_MODE,
    tip_choice: values.tip_choice as TipOption,
    tip_other: values.tip_choice === "other" ? values.tip_other.slice(0, 20) : "",
  });
  const next = checkoutStepFor(session, delivered, "delivery-saved");
  if (next.kind === "page") return redirectTo(next.to, { status: 303 });
  const { street, unit } = splitStreet(values.address);
  const started = await startCardAuthorization(args, api, session, delivered, {
    delivery: {
      tip,
      user: {
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone,
        address_line_1: unit ? `${unit} ${street}` : street,
        city: values.city,
        state: values.state,
        zip_code: values.zip_code,
      },
    },
  });
  // A failed start is marked with its reason: the page says it, with the ways on. The entries
  // are the order's delivery now, so the page shows them again.
  const fallback = next.kind === "card-authorization" ? next.fallback : "/delivery-info";
  return started.redirect ?? redirectTo(fallback, { status: 303 });
}

/** 'Pick Up Instead': the order becomes a pickup, whose time is chosen again (its slots differ). */
export async function switchToPickup(
  args: RequestArgs,
  session: StorefrontSession,
  api: StorefrontApi,
  order: Order,
) {
  await leaveDelivery(api, session, order);
  return redirectTo("/fulfillment-time", { status: 303 });
}

/**
 * Placement refused the delivery (spec §8: a 422 with delivery errors): the errors are flashed and
 * the shopper goes back to the delivery form. Answers null for any other refusal.
 */
export async function deliveryRefusal(
  args: RequestArgs,
  session: StorefrontSession,
  error: ApiValidationError,
): Promise<Response | null> {
  if (
    error.code !== API_ERROR.deliveryAddressInvalid &&
    !Object.keys(error.errors).some((key) => key.startsWith("delivery."))
  )
    return null;
  const byField: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors))
    byField[key.replace(/^delivery\./, "")] = messages;
  const mapped = mapDeliveryFieldErrors(byField);
  const messages = [...mapped.generic, ...Object.values(mapped.fields).flat()];
  for (const text of new Set(messages.length ? messages : [error.message]))
    addFlashMessage(session, { kind: "error", text });
  return redirectTo("/delivery-info", { status: 303 });
}

/** What a delivery order's pages say about how it arrives (spec §2 "delivery description"). */
function deliveryDescription(order: Order): string {
  const { department } = orderParts(order);
  if (order.delivery?.provider === "door_dash")
    return "A DoorDash driver brings your order from the store; DoorDash texts you when it is on the way.";
  return (
    department?.store_delivery_customer_instructions ??
    "A driver from the store brings your order at the time shown."
  );
}

/** A delivery order's delivery as /checkout and /confirmation show it; null for pickup. */
export function deliveryView(order: Order) {
  const delivery = order.delivery;
  if (!delivery) return null;
  return {
    name: `${delivery.first_name} ${delivery.last_name}`,
    street: joinStreet(delivery.street, delivery.unit),
    place: `${delivery.city}, ${delivery.state} ${delivery.zip_code}`,
    phone: delivery.phone,
    instructions: delivery.dropoff_instructions,
    provider: delivery.provider,
    description: deliveryDescription(order),
  };
}
