/**
 * /checkout 'Review and Place Order' (spec §2): where and when to pick up, how it is paid, who
 * picks up, notes, the items, and Place Order. The action saves the customer, location and notes
 * on the order, then places it with an Idempotency-Key kept in the session for this order, so a
 * double submit or a retried post leaves one placed order. Errors follow spec §8.
 *
 * Typing 'assist' (outside any field) marks the order as placed with a store associate's help:
 * the listener posts `intent=assist` here.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { ApiError, ApiValidationError } from "~/.server/api";
import { isAuthenticated, orderParts, placementKeyFor } from "~/.server/checkout";
import { storefrontConfig } from "~/.server/config";
import { requireCsrf } from "~/.server/csrf";
import { describeError, logError } from "~/.server/log";
import { isIncomplete } from "@core/rules/order-status";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import {
  addFlashMessage,
  getShopperState,
  redirectWithCookies,
  type StorefrontSession,
} from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { OrderTotals } from "~/components/cart/OrderTotals";
import { cartItemsView, totalsView } from "~/components/cart/view";
import { AssistanceListener } from "~/components/checkout/AssistanceListener";
import {
  API_FIELD_NAMES,
  checkoutFormSchema,
  type CheckoutFormValues,
} from "~/components/checkout/checkout-form-schema";
import { ErrorSummary, useSummaryFocus, type SummaryLink } from "~/components/forms/ErrorSummary";
import { formatPickupTime } from "~/components/checkout/format";
import { Field, TextField } from "~/components/forms/Field";
import { FieldError } from "~/components/forms/FieldError";
import { ItemSummary } from "~/components/checkout/ItemSummary";
import { PickupLocationField } from "~/components/checkout/PickupLocationField";
import { usePickupTimeDialog } from "~/components/checkout/PickupTimeDialog";
import { SmsTerms } from "~/components/checkout/SmsTerms";
import { CsrfInput } from "~/components/CsrfInput";
import { useHydrated } from "~/components/useHydrated";
import { checkoutEntryRedirect } from "~/lib/checkout-flow";
import { MESSAGES } from "@core/rules/patterns";
import { PICKUP_TIME_GONE } from "@core/rules/pickup-slots";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Review and Place Order");

/** Guests check out only where the department allows guest checkout (spec §5, decision 011). */
export const routeMeta = {
  requiresOrder: true,
  requiresAuthentication: "unless-guest-checkout",
} as const satisfies RouteMeta;

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Checkout", to: "/checkout" }),
};

/** Spec §8 "Place order". */
const ITEM_QUANTITY_GONE = "The requested quantity of an item in your cart is no longer available.";
const DUPLICATE_ORDER = "This appears to be a duplicate order.";
const PLACEMENT_PROBLEM = "There was a problem placing your order. Please try again later.";
const ASSISTED_BANNER = "A store associate assisted with placing this order";

/** Checkout comes after the time is chosen (spec §4): without one, the shopper is sent to choose it. */
function pickupTimeMissing(session: StorefrontSession, order: Parameters<typeof orderParts>[0]) {
  if (order.pickup_at) return false;
  const noun = session.get("deliveryInfo") ? "delivery" : "pickup";
  addFlashMessage(session, {
    kind: "error",
    text: `Please choose a ${noun} time before you check out.`,
  });
  return true;
}

function entryRedirect(session: StorefrontSession, order: Parameters<typeof orderParts>[0]) {
  return checkoutEntryRedirect({
    authenticated: isAuthenticated(session),
    orderSystem: storefrontConfig().features.orderSystem,
    department: orderParts(order).department,
    hasCardAuthorization: Boolean(order.cardAuthorization?.data),
    cardAuthorizationFailed: session.get("cardAuthorizationFailed") ?? false,
  });
}

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = await getShopperState(args);
  if (pickupTimeMissing(session, order))
    throw await redirectWithCookies(args.context, "/fulfillment-time");
  const elsewhere = entryRedirect(session, order);
  if (elsewhere) throw await redirectWithCookies(args.context, elsewhere);
  // Made now, before any post: two quick posts of this page then share the same key.
  placementKeyFor(session, order.id);

  const { department, store, pickupLocations } = orderParts(order);
  const authorization = order.cardAuthorization?.data ?? null;
  const features = storefrontConfig().features;
  const customer = order.customer;
  // The number the SMS wording gives for help: the store's, else the brand's.
  const smsPhone = features.sms
    ? (store?.phone ?? (await (await requireApi(args)).getBrand().catch(() => null))?.phone ?? null)
    : null;
  return {
    noun: session.get("deliveryInfo") ? ("delivery" as const) : ("pickup" as const),
    store: store && {
      name: store.name,
      address: store.address,
      city: store.city,
      state: store.state,
      zip_code: store.zip_code,
      timezone: store.timezone,
    },
    departmentName: department?.name ?? null,
    pickupLocations,
    pickupAt: order.pickup_at,
    editable: isIncomplete(order),
    payment:
      authorization && authorization.status === "approved"
        ? `Paid online${authorization.card_brand ? ` with ${authorization.card_brand}` : ""}${authorization.card_last_four ? ` ending in ${authorization.card_last_four}` : ""}`
        : "Pay at the store",
    defaults: {
      first_name: customer.first_name ?? "",
      last_name: customer.last_name ?? "",
      email: customer.email ?? "",
      phone: customer.phone ?? "",
      pickup_location_id:
        order.pickup_location_id !== null
          ? String(order.pickup_location_id)
          : pickupLocations.length === 1
            ? String(pickupLocations[0]!.id)
            : "",
      notification_type: customer.notification_type.filter(
        (t) => t === "email" || (t === "sms" && features.sms),
      ),
      notes: order.notes ?? "",
    },
    smsOffered: features.sms,
    smsPhone,
    items: cartItemsView(order),
    totals: totalsView(order),
    substitutionsAllowed: order.substitutions_allowed,
    receivedAssistance: order.received_assistance,
  };
});

interface PlaceResult {
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

const isQuantityProblem = (errors: Record<string, string[]>) =>
  Object.entries(errors).some(
    ([key, messages]) =>
      key.startsWith("items") && messages.some((message) => /quantity/i.test(message)),
  );

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = await getShopperState(args);
  await requireCsrf(args.request, session);
  // A placed order may come back here (a second click, back and resubmit): it is not placed twice.
  const { order } = await guardRoute(args, { ...routeMeta, allowsSubmittedOrder: true });
  const form = await args.request.formData();
  const api = await requireApi(args);

  if (form.get("intent") === "assist") {
    if (isIncomplete(order) && !order.received_assistance)
      await api.updateOrder(order.id, { received_assistance: true });
    return data({ intent: "assist" as const, ok: true });
  }

  const toConfirmation = () => redirectWithCookies(args.context, "/confirmation", { status: 303 });
  if (!isIncomplete(order)) return toConfirmation();
  if (pickupTimeMissing(session, order)) {
    return redirectWithCookies(args.context, "/fulfillment-time", { status: 303 });
  }
  const elsewhere = entryRedirect(session, order);
  if (elsewhere) return redirectWithCookies(args.context, elsewhere, { status: 303 });

  const submission = parseWithZod(form, { schema: checkoutFormSchema, disableAutoCoercion: true });
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
  const sms = storefrontConfig().features.sms;

  /** A 403: the order was placed already (go and see it), else another placement's duplicate. */
  const afterRefusal = async () => {
    const current = await api.getFullOrder(order.id);
    return isIncomplete(current) ? fail({ formErrors: [DUPLICATE_ORDER] }) : toConfirmation();
  };

  try {
    await api.updateOrder(order.id, {
      pickup_location_id: values.pickup_location_id,
      customer: {
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone,
        notification_type: values.notification_type.filter((type) => type !== "sms" || sms),
      },
      notes: values.notes,
    });
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
    await api.placeOrder(order.id, placementKeyFor(session, order.id));
  } catch (error) {
    if (error instanceof ApiValidationError) {
      if (isQuantityProblem(error.errors)) return fail({ formErrors: [ITEM_QUANTITY_GONE] });
      const { fieldErrors, other, pickupError } = splitApiErrors(error.errors);
      const combined =
        other.length || pickupError || Object.keys(fieldErrors).length ? other : [error.message];
      return fail({ fieldErrors, formErrors: combined }, pickupError);
    }
    if (error instanceof ApiError && error.status === 403) return afterRefusal();
    logError("Could not place the order", { orderId: order.id, ...describeError(error) });
    return fail({ formErrors: [PLACEMENT_PROBLEM] });
  }
  return toConfirmation();
});

const SMS_TERMS_ID = "sms-terms";

/** The name of the hidden button conform submits with when it validates a field. */
const CONFORM_INTENT = "__intent__";

const FIELD_ORDER: (keyof CheckoutFormValues)[] = [
  "pickup_location_id",
  "first_name",
  "last_name",
  "email",
  "phone",
  "notification_type",
  "notes",
];

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const placeResult = actionData && actionData.intent === "place" ? actionData : null;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const timeDialog = usePickupTimeDialog(page.noun);
  const placing =
    navigation.state !== "idle" &&
    navigation.formAction === "/checkout" &&
    navigation.formMethod?.toUpperCase() === "POST";
  // Presses of Place Order (or Enter in a field); conform's own validation submits do not count.
  const [attempts, setAttempts] = useState(0);

  const [form, fields] = useForm<CheckoutFormValues>({
    id: "checkout",
    lastResult: placeResult?.result,
    defaultValue: page.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: checkoutFormSchema, disableAutoCoercion: true }),
  });

  const links: SummaryLink[] = FIELD_ORDER.flatMap((name) => {
    const field = fields[name];
    const message = field.errors?.[0];
    return message ? [{ target: field.id, message }] : [];
  });
  const formMessages = [
    ...(form.errors ?? []),
    ...(placeResult?.pickupError ? [placeResult.pickupError] : []),
  ];
  const showSummary =
    (attempts > 0 || placeResult !== null) && (links.length > 0 || formMessages.length > 0);
  const summaryTitle = links.length > 0 ? MESSAGES.correctFields : (formMessages[0] ?? "");
  const summaryMessages = links.length > 0 ? formMessages : formMessages.slice(1);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Validating on blur and while typing goes through a submit event too, from conform's
    // temporary intent button: counting those would pull focus away from the field.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") !== CONFORM_INTENT) setAttempts((n) => n + 1);
    form.onSubmit(event);
  };

  // Focus goes to the summary after a press and after the server's answer to one, never when the
  // summary merely reappears (a field emptied again while typing).
  const summaryRef = useSummaryFocus(attempts, placeResult);

  const noticeChoices = [
    { value: "email", label: "Email me" },
    ...(page.smsOffered ? [{ value: "sms", label: "Text me (SMS)" }] : []),
  ];
  const chosenNotices = fields.notification_type.initialValue;
  const chosenList = Array.isArray(chosenNotices)
    ? chosenNotices
    : chosenNotices
      ? [chosenNotices]
      : [];

  return (
    <div className="checkout-page">
      <header className="page-header">
        <p className="page-header__eyebrow">Step 3 of 3</p>
        <h1>Review and Place Order</h1>
      </header>

      {page.receivedAssistance ? (
        <p className="notice assist-banner" role="status">
          {ASSISTED_BANNER}
        </p>
      ) : null}

      {showSummary ? (
        <ErrorSummary
          ref={summaryRef}
          title={summaryTitle}
          messages={summaryMessages}
          links={links}
        />
      ) : null}

      <Form method="post" action="/checkout" id={form.id} onSubmit={handleSubmit} noValidate>
        <CsrfInput />
        <div className="checkout-layout">
          <div className="checkout-layout__main">
            <section className="card checkout-section" aria-labelledby="location-title">
              <h2 id="location-title" className="checkout-section__title">
                Pickup Location
              </h2>
              {page.store ? (
                <p className="checkout-section__store">
                  <strong>{page.store.name}</strong>
                  {page.departmentName ? ` · ${page.departmentName}` : ""}
                  <br />
                  {page.store.address}, {page.store.city}, {page.store.state} {page.store.zip_code}
                </p>
              ) : null}
              <PickupLocationField
                id={fields.pickup_location_id.id}
                name={fields.pickup_location_id.name}
                locations={page.pickupLocations}
                defaultId={String(fields.pickup_location_id.initialValue ?? "")}
                error={fields.pickup_location_id.errors?.[0] ?? null}
              />
            </section>

            <section className="card checkout-section" aria-labelledby="time-title">
              <div className="checkout-section__head">
                <h2 id="time-title" className="checkout-section__title">
                  Pickup Time
                </h2>
                {!page.editable ? null : hydrated ? (
                  timeDialog.button
                ) : (
                  <Link to="/fulfillment-time" className="button button--secondary button--small">
                    Change<span className="visually-hidden"> {page.noun} time</span>
                  </Link>
                )}
              </div>
              {/* Saved from the dialog, the new time is read out where it shows. */}
              <p className="checkout-section__value" aria-live="polite">
                {page.pickupAt && page.store
                  ? formatPickupTime(page.pickupAt, page.store.timezone)
                  : "No pickup time chosen yet."}
              </p>
              <FieldError id="pickup-time-error" message={placeResult?.pickupError} />
            </section>

            <section className="card checkout-section" aria-labelledby="payment-title">
              <h2 id="payment-title" className="checkout-section__title">
                Payment
              </h2>
              <p className="checkout-section__value">{page.payment}</p>
            </section>

            <section className="card checkout-section" aria-labelledby="customer-title">
              <h2 id="customer-title" className="checkout-section__title">
                Your Information
              </h2>
              <p className="field__hint">
                All fields are required. We use them only to tell you about this order.
              </p>
              <div className="form-grid">
                <TextField
                  id={fields.first_name.id}
                  name={fields.first_name.name}
                  label="First Name"
                  autoComplete="given-name"
                  defaultValue={String(fields.first_name.initialValue ?? "")}
                  errors={fields.first_name.errors}
                  maxLength={100}
                />
                <TextField
                  id={fields.last_name.id}
                  name={fields.last_name.name}
                  label="Last Name"
                  autoComplete="family-name"
                  defaultValue={String(fields.last_name.initialValue ?? "")}
                  errors={fields.last_name.errors}
                  maxLength={100}
                />
                <TextField
                  id={fields.email.id}
                  name={fields.email.name}
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  spellCheck={false}
                  defaultValue={String(fields.email.initialValue ?? "")}
                  errors={fields.email.errors}
                  maxLength={254}
                />
                <TextField
                  id={fields.phone.id}
                  name={fields.phone.name}
                  label="Mobile Phone"
                  type="tel"
                  autoComplete="tel-national"
                  hint="10 digits, e.g. (609) 555-0142"
                  defaultValue={String(fields.phone.initialValue ?? "")}
                  errors={fields.phone.errors}
                  maxLength={20}
                />
              </div>
              <fieldset className="checkbox-group" id={fields.notification_type.id}>
                <legend>Tell me when my order is ready</legend>
                {noticeChoices.map((choice) => (
                  <div key={choice.value} className="checkbox-field">
                    <input
                      type="checkbox"
                      id={`${fields.notification_type.id}-${choice.value}`}
                      name={fields.notification_type.name}
                      value={choice.value}
                      defaultChecked={chosenList.includes(choice.value)}
                      aria-describedby={choice.value === "sms" ? SMS_TERMS_ID : undefined}
                    />
                    <label htmlFor={`${fields.notification_type.id}-${choice.value}`}>
                      {choice.label}
                    </label>
                  </div>
                ))}
                {page.smsOffered ? <SmsTerms id={SMS_TERMS_ID} phone={page.smsPhone} /> : null}
                <FieldError message={fields.notification_type.errors?.[0]} />
              </fieldset>
            </section>

            <section className="card checkout-section" aria-labelledby="notes-title">
              <h2 id="notes-title" className="checkout-section__title">
                Order Notes
              </h2>
              <Field
                id={fields.notes.id}
                label={
                  <>
                    Anything the store should know?{" "}
                    <span className="field__optional">(optional)</span>
                  </>
                }
                error={fields.notes.errors?.[0]}
                messagesBelow
              >
                {(control) => (
                  <textarea
                    {...control}
                    name={fields.notes.name}
                    className="input textarea"
                    rows={3}
                    maxLength={1000}
                    defaultValue={String(fields.notes.initialValue ?? "")}
                  />
                )}
              </Field>
            </section>
          </div>

          <aside className="checkout-layout__side" aria-labelledby="summary-title">
            <div className="card summary-card">
              <div className="checkout-section__head">
                <h2 id="summary-title" className="summary-card__title">
                  Order Summary
                </h2>
                <Link to="/cart" className="button button--quiet button--small">
                  Edit Cart
                </Link>
              </div>
              <ItemSummary items={page.items} />
              <OrderTotals totals={page.totals} />
              <p className="summary-card__note">
                {page.substitutionsAllowed
                  ? "Unavailable items will be substituted."
                  : "Unavailable items will be left out."}
              </p>
              <button
                type="submit"
                className="button button--primary button--block"
                aria-disabled={placing || undefined}
              >
                {placing ? <span className="spinner" aria-hidden="true" /> : null}
                {placing ? "Placing Order..." : "Place Order"}
              </button>
            </div>
          </aside>
        </div>
      </Form>
      {hydrated && page.editable ? timeDialog.dialog : null}
      <AssistanceListener alreadySet={page.receivedAssistance} />
    </div>
  );
}
