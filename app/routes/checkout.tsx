/**
 * Over 250 lines: the page is one form whose layout reads best in one place.
 *
 * /checkout 'Review and Place Order' (spec §2): where and when to pick up, how it is paid, who
 * picks up, notes, the items, and Place Order. The action saves the customer, location and notes
 * on the order, then places it with an Idempotency-Key kept in the session for this order, so a
 * double submit or a retried post leaves one placed order. Errors follow spec §8.
 *
 * With scripts the entries are kept on the order 250 ms after typing stops (spec §9). Typing
 * 'assist' (outside any field) marks the order as placed with a store associate's help: the
 * listener posts `intent=assist` here. The work is in app/.server/checkout.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import {
  checkoutIntents,
  checkoutPageData,
  checkoutEntry,
  markAssisted,
  placeOrder,
  syncCheckoutEntries,
} from "~/.server/checkout";
import { readCheckedPost } from "~/.server/csrf";
import { readIntent } from "~/.server/form-intent";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { redirectTo } from "~/.server/session";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { OrderTotals } from "~/components/cart/OrderTotals";
import type { CheckoutFormValues } from "~/components/checkout/checkout-form-schema";
import { ItemSummary } from "~/components/checkout/ItemSummary";
import { usePickupTimeDialog } from "~/components/checkout/PickupTimeDialog";
import { CustomerSection, NotesSection } from "~/components/checkout/CustomerSection";
import { island } from "~/components/island";
import { CsrfInput } from "~/components/CsrfInput";
import { ErrorSummary, useSummaryFocus, type SummaryLink } from "~/components/forms/ErrorSummary";
import { FieldError } from "~/components/forms/FieldError";
import { useLazyCheck } from "~/components/forms/lazy-check";
import { useFormCheck } from "~/components/forms/useFormCheck";
import { loadOnce } from "~/components/useLazyModule";
import { useHydrated } from "~/components/useHydrated";
import { MESSAGES } from "@core/rules/patterns";
import { FORM_SYNC_DEBOUNCE_MS } from "~/lib/form-sync";
import { skipReloadAfterQuietPosts, SYNC_CHECKOUT_ENTRIES } from "~/lib/quiet-posts";
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

const ASSISTED_BANNER = "A store associate assisted with placing this order";
/** The card's hold no longer covers the cart: a new one starts from the payment options' post. */
const AUTHORIZE_AGAIN_FORM = "authorize-again";

/**
 * The guard of both the page and its posts: a placed order is not abandoned here. The page sends
 * it on to its confirmation (its Place Order answer lost to a fault, a reload, the back button),
 * and a second press is not placed twice, rather than leaving the shopper on 'order required'
 * (decision 006).
 */
const guardAllowingPlaced = { ...routeMeta, allowsSubmittedOrder: true } as const;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, guardAllowingPlaced);
  const { session } = args.context.shopper;
  const elsewhere = checkoutEntry(session, order);
  if (elsewhere) throw redirectTo(elsewhere);
  return checkoutPageData(args, session, order);
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, guardAllowingPlaced);
  const api = args.context.api;
  const posted = readIntent(form, checkoutIntents) ?? { intent: "place" as const };
  if (posted.intent === "assist") return markAssisted(api, order);
  if (posted.intent === SYNC_CHECKOUT_ENTRIES) return syncCheckoutEntries(api, order, form);
  return placeOrder(args, session, api, order, form);
});

/** Entries kept as they are typed change nothing shown: no reload (see ~/lib/quiet-posts). */
export const shouldRevalidate = skipReloadAfterQuietPosts;

/** A delivery order's address (no pickup order needs its code): an island. */
const DeliveryAddressIsland = island("delivery-address", () =>
  import("~/components/delivery/DeliveryAddressSection").then((m) => m.DeliveryAddressSection),
);

/** The location's radios, and with scripts its dialog: an island, hydrated once its code is here. */
const PickupLocationIsland = island("pickup-location", () =>
  import("~/components/checkout/PickupLocationField").then((m) => m.PickupLocationField),
);

/** 'assist' typed on the keyboard (renders nothing): its listener loads once the page runs. */
const AssistanceListener = lazy(() =>
  import("~/components/checkout/AssistanceListener").then((m) => ({
    default: m.AssistanceListener,
  })),
);

/** The form's check, loaded on first focus or press (see lazy-check.ts). */
const loadCheck = loadOnce(() => import("~/components/checkout/checkout-form-schema"));

const FIELD_ORDER: (keyof CheckoutFormValues)[] = [
  "pickup_location_id",
  "first_name",
  "last_name",
  "email",
  "phone",
  "notification_type",
  "notes",
];

/**
 * Spec §9: with scripts the form's entries are kept on the order once typing pauses, by a quiet
 * post of the whole form (`onInput` of the form: a field typed in, a box ticked, a choice made).
 *
 * Place Order waits for a save still on its way (`holdSubmit`): the router ends a navigation under
 * way with a fetcher's answer that lands during it, matched against the routes the browser knows
 * so far, and /confirmation, not yet known (lazy route discovery), then matched the catch-all
 * route: the shopper's order was placed and they saw an empty page. The press is sent again once
 * the save is answered; a save not yet sent is dropped, since Place Order posts the same entries.
 */
function useEntrySync() {
  const sync = useFetcher({ key: "checkout-entries" });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const heldPresses = useRef<(() => void)[]>([]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (sync.state === "idle") for (const press of heldPresses.current.splice(0)) press();
  }, [sync.state]);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const entries = new FormData(form);
      entries.set("intent", SYNC_CHECKOUT_ENTRIES);
      sync.submit(entries, { method: "post", action: "/checkout" });
    }, FORM_SYNC_DEBOUNCE_MS);
  };
  /** For the form's onSubmit: true when the press waits for a save on its way (sent again after). */
  const holdSubmit = (event: FormEvent<HTMLFormElement>) => {
    clearTimeout(timer.current);
    if (sync.state === "idle") return false;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    heldPresses.current.push(() => form.requestSubmit(submitter));
    return true;
  };
  return { onInput, holdSubmit };
}

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
  // Presses of Place Order (or Enter in a field).
  const [attempts, setAttempts] = useState(0);

  const lazyCheck = useLazyCheck(loadCheck);
  const entrySync = useEntrySync();
  const check = lazyCheck.module;
  const [form, fields] = useFormCheck<CheckoutFormValues>({
    id: "checkout",
    lastResult: placeResult?.result,
    defaultValue: page.defaults,
    // A delivery order's form has only the notes: its check reads those alone.
    check: !check
      ? null
      : page.delivery
        ? check.checkDeliveryCheckoutForm
        : check.checkCheckoutForm,
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
    if (lazyCheck.hold(event) || entrySync.holdSubmit(event)) return;
    setAttempts((n) => n + 1);
    form.onSubmit(event);
  };

  // Focus goes to the summary after a press and after the server's answer to one, never when the
  // summary merely reappears (a field emptied again while typing).
  const summaryRef = useSummaryFocus(attempts, placeResult);

  return (
    <div className="checkout-page">
      <header className="page-header">
        <p className="page-header__eyebrow">{page.step}</p>
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

      <Form
        method="post"
        action="/checkout"
        id={form.id}
        onSubmit={handleSubmit}
        onBlur={form.onBlur}
        onInput={(event) => {
          form.onInput(event);
          if (page.editable) entrySync.onInput(event);
        }}
        noValidate
        {...lazyCheck.warmUp}
      >
        <CsrfInput />
        <div className="checkout-layout">
          <div className="checkout-layout__main">
            {page.delivery ? (
              <DeliveryAddressIsland delivery={page.delivery} />
            ) : (
              <section className="card checkout-section" aria-labelledby="location-title">
                <h2 id="location-title" className="checkout-section__title">
                  Pickup Location
                </h2>
                {page.store ? (
                  <p className="checkout-section__store">
                    <strong>{page.store.name}</strong>
                    {page.departmentName ? ` · ${page.departmentName}` : ""}
                    <br />
                    {page.store.address}, {page.store.city}, {page.store.state}{" "}
                    {page.store.zip_code}
                  </p>
                ) : null}
                <PickupLocationIsland
                  id={fields.pickup_location_id.id}
                  name={fields.pickup_location_id.name}
                  locations={page.pickupLocations}
                  defaultId={String(fields.pickup_location_id.initialValue ?? "")}
                  error={fields.pickup_location_id.errors?.[0] ?? null}
                />
              </section>
            )}

            <section className="card checkout-section" aria-labelledby="time-title">
              <div className="checkout-section__head">
                <h2 id="time-title" className="checkout-section__title">
                  {page.delivery ? "Delivery Time" : "Pickup Time"}
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
                {page.pickupTime ?? `No ${page.noun} time chosen yet.`}
              </p>
              {page.holdNotice ? <p className="field__hint">{page.holdNotice}</p> : null}
              <FieldError id="pickup-time-error" message={placeResult?.pickupError} />
            </section>

            <section className="card checkout-section" aria-labelledby="payment-title">
              <h2 id="payment-title" className="checkout-section__title">
                Payment
              </h2>
              <p className="checkout-section__value">{page.payment}</p>
              {page.authorizeAgain ? (
                <button
                  type="submit"
                  form={AUTHORIZE_AGAIN_FORM}
                  className="button button--secondary button--small"
                >
                  Authorize Again
                </button>
              ) : null}
            </section>

            {page.delivery ? null : (
              <CustomerSection
                fields={fields}
                smsOffered={page.smsOffered}
                smsPhone={page.smsPhone}
              />
            )}
            <NotesSection fields={fields} />
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
                  ? "Unavailable items will be substituted as chosen for each item."
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
      {page.authorizeAgain ? (
        // Its button sits in the payment section, inside the checkout's form: this form is
        // outside it (forms do not nest), so the checkout's fields are neither sent nor checked.
        <Form
          method="post"
          action="/payment-options"
          id={AUTHORIZE_AGAIN_FORM}
          reloadDocument
          hidden
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="pay-online" />
        </Form>
      ) : null}
      {hydrated && page.editable ? timeDialog.dialog : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <AssistanceListener alreadySet={page.receivedAssistance} />
        </Suspense>
      ) : null}
    </div>
  );
}
