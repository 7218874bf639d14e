/**
 * /delivery-info (spec §2, §3 "Delivery info / form", §4 "Delivery info submit", §5, §9): who
 * receives the order and where, a message to the driver, the tip (none, 5, 10, 15 % or 'Other'),
 * and a side summary of the order total, tip, delivery fee, delivery promotion and final total.
 * With JavaScript the summary follows the tip as it changes (250 ms after typing stops); without,
 * 'Update' posts the form and the page answers with the summary again. 'Proceed to Checkout'
 * turns delivery on with the delivery service's check of the address, then goes to the card
 * authorization (or the checkout when the card is already authorized). The work is in
 * app/.server/delivery-info.ts.
 */
import { DELIVERY_INSTRUCTIONS_MAX_LENGTH } from "@core/rules/limits";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { DELIVERY_FORM_FIELDS } from "@core/rules/delivery-address";
import { deliverySummary, type DeliverySummary } from "@core/rules/delivery-summary";
import { formatMoney, formatSaving } from "@core/rules/money";
import { MESSAGES } from "@core/rules/patterns";
import { tipChoiceOf, TIP_OPTIONS, TIP_PRESETS } from "@core/rules/tips";
import { readCheckedPost } from "~/.server/csrf";
import {
  deliveryInfoPage,
  submitDeliveryInfo,
  switchToPickup,
  updateSummary,
  type CardProblem,
  type DeliveryInfoResult,
} from "~/.server/delivery-info";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CsrfInput } from "~/components/CsrfInput";
import type { DeliveryFormValues } from "~/components/delivery/delivery-form-schema";
import { DeliveryPartnerMark } from "~/components/delivery/DeliveryPartnerMark";
import { ErrorSummary, useSummaryFocus, type SummaryLink } from "~/components/forms/ErrorSummary";
import { Field, TextField } from "~/components/forms/Field";
import { EmailField, NameFields, PhoneField } from "~/components/forms/PersonFields";
import { FieldError } from "~/components/forms/FieldError";
import { useLazyCheck } from "~/components/forms/lazy-check";
import { useFormCheck } from "~/components/forms/useFormCheck";
import { useHydrated } from "~/components/useHydrated";
import { loadOnce } from "~/components/useLazyModule";
import { FORM_SYNC_DEBOUNCE_MS } from "~/lib/form-sync";
import { ROUTE_GUARD_MESSAGES, titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and address: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Delivery Information");

/** Spec §2: an order, a signed-in shopper, the order system, and a department that delivers. */
export const routeMeta = {
  requiresOrder: true,
  requiresAuthentication: true,
  signInMessage: ROUTE_GUARD_MESSAGES.signInForDelivery,
  requiresMi9Integration: true,
  mustAllowDelivery: true,
} as const satisfies RouteMeta;

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Delivery Information", to: "/delivery-info" }),
};

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = args.context.shopper;
  return deliveryInfoPage(args, session, args.context.api, order);
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, routeMeta);
  if (form.get("intent") === "update") return updateSummary(order, form);
  const api = args.context.api;
  if (form.get("intent") === "pickup") return switchToPickup(args, session, api, order);
  return submitDeliveryInfo(args, session, api, order, form);
});

/** The form's check, loaded on first focus or press (see lazy-check.ts). */
const loadCheck = loadOnce(() => import("~/components/delivery/delivery-form-schema"));

/** The form's fields in the order they show, for the error summary's links. */
const FIELD_ORDER: (keyof DeliveryFormValues)[] = [
  ...DELIVERY_FORM_FIELDS.filter((name) => name !== "tip"),
  "tip_other",
];

const TIP_LABELS: Record<(typeof TIP_OPTIONS)[number], string> = {
  "0": "No tip",
  ...(Object.fromEntries(TIP_PRESETS.map((p) => [String(p), `${p}%`])) as Record<
    "5" | "10" | "15",
    string
  >),
  other: "Other",
};

export default function DeliveryInfo() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DeliveryInfoResult | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitted = answer?.intent === "submit" ? answer : null;
  // Without scripts 'Update' and a refusal answer the entries as posted: the form shows them again.
  const shown = answer?.values ?? page.defaults;
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  const [tipChoice, setTipChoice] = useState(shown.tip_choice);
  const [tipOther, setTipOther] = useState(shown.tip_other);
  const [typedOther, setTypedOther] = useState(shown.tip_other);
  useEffect(() => {
    const timer = setTimeout(() => setTipOther(typedOther), FORM_SYNC_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedOther]);
  // With scripts the figures are the page's own; without, the server's last answer.
  const live = useMemo(
    () => deliverySummary({ ...page.basis, tip: tipChoiceOf(tipChoice, tipOther) }),
    [page.basis, tipChoice, tipOther],
  );
  const summary: DeliverySummary = hydrated ? live : (answer?.summary ?? page.summary);

  const lazyCheck = useLazyCheck(loadCheck);
  const [form, fields] = useFormCheck<DeliveryFormValues>({
    id: "delivery-info",
    lastResult: submitted?.result,
    defaultValue: shown,
    check: lazyCheck.module?.checkDeliveryForm ?? null,
  });
  const [attempts, setAttempts] = useState(0);
  const links: SummaryLink[] = FIELD_ORDER.flatMap((name) => {
    const field = fields[name];
    const message = field.errors?.[0];
    return message ? [{ target: field.id, message }] : [];
  });
  const formMessages = form.errors ?? [];
  const showSummary =
    (attempts > 0 || submitted !== null) && (links.length > 0 || formMessages.length > 0);
  const summaryRef = useSummaryFocus(attempts, submitted);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // 'Update' only recomputes (without scripts); the check is for going on.
    if (submitter?.getAttribute("value") === "update") return;
    if (lazyCheck.hold(event)) return;
    setAttempts((n) => n + 1);
    form.onSubmit(event);
  };

  return (
    <div className="checkout-page">
      <header className="page-header">
        <p className="page-header__eyebrow">{page.step}</p>
        <h1>Delivery Information</h1>
      </header>

      {page.cardProblem ? <CardProblemAlert problem={page.cardProblem} formId={form.id} /> : null}

      {showSummary ? (
        <ErrorSummary
          ref={summaryRef}
          title={links.length > 0 ? MESSAGES.correctFields : (formMessages[0] ?? "")}
          messages={links.length > 0 ? formMessages : formMessages.slice(1)}
          links={links}
        />
      ) : null}

      <Form
        method="post"
        id={form.id}
        onSubmit={handleSubmit}
        onBlur={form.onBlur}
        onInput={form.onInput}
        noValidate
        {...lazyCheck.warmUp}
      >
        <CsrfInput />
        <div className="checkout-layout">
          <div className="checkout-layout__main">
            <section className="card checkout-section" aria-labelledby="address-title">
              <div className="checkout-section__head">
                <h2 id="address-title" className="checkout-section__title">
                  Deliver To
                </h2>
                {page.provider === "door_dash" ? <DeliveryPartnerMark /> : null}
              </div>
              <p className="field__hint">Fields marked * are required.</p>
              <div className="form-grid">
                <NameFields firstName={fields.first_name} lastName={fields.last_name} />
                <TextField
                  field={fields.address}
                  label="Street Address"
                  autoComplete="address-line1"
                  maxLength={200}
                  className="form-grid__wide"
                />
                <TextField
                  field={fields.city}
                  label="City"
                  autoComplete="address-level2"
                  maxLength={100}
                />
                <TextField
                  field={fields.state}
                  label="State"
                  autoComplete="address-level1"
                  maxLength={50}
                />
                <TextField
                  field={fields.zip_code}
                  label="Zip Code"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={10}
                />
                <PhoneField field={fields.phone} label="Phone Number" />
                <EmailField
                  field={fields.email}
                  label="Email Address"
                  className="form-grid__wide"
                />
              </div>
              <Field
                id={fields.instructions.id}
                label="Message to Driver (optional)"
                hint={page.storeInstructions ?? "A gate code, where to leave the order…"}
                error={fields.instructions.errors?.[0]}
                messagesBelow
              >
                {(control) => (
                  <textarea
                    {...control}
                    name={fields.instructions.name}
                    className="input textarea"
                    rows={3}
                    maxLength={DELIVERY_INSTRUCTIONS_MAX_LENGTH}
                    defaultValue={String(fields.instructions.initialValue ?? "")}
                  />
                )}
              </Field>
            </section>

            <section className="card checkout-section" aria-labelledby="tip-title">
              <h2 id="tip-title" className="checkout-section__title">
                Tip Your Driver
              </h2>
              <fieldset className="tip-choices">
                <legend className="visually-hidden">Tip</legend>
                {TIP_OPTIONS.map((option) => (
                  <div key={option} className="tip-choice">
                    <input
                      type="radio"
                      id={`tip-${option}`}
                      name="tip_choice"
                      value={option}
                      defaultChecked={shown.tip_choice === option}
                      onChange={() => setTipChoice(option)}
                    />
                    <label htmlFor={`tip-${option}`}>{TIP_LABELS[option]}</label>
                  </div>
                ))}
              </fieldset>
              <div className="tip-other">
                <label htmlFor={fields.tip_other.id}>Other tip amount, in dollars</label>
                <FieldError
                  id={`${fields.tip_other.id}-error`}
                  message={fields.tip_other.errors?.[0]}
                />
                <span className="tip-other__input">
                  <span aria-hidden="true">$</span>
                  <input
                    id={fields.tip_other.id}
                    name={fields.tip_other.name}
                    className="input"
                    inputMode="decimal"
                    maxLength={20}
                    defaultValue={shown.tip_other}
                    aria-invalid={fields.tip_other.errors?.length ? true : undefined}
                    aria-describedby={
                      fields.tip_other.errors?.length ? `${fields.tip_other.id}-error` : undefined
                    }
                    onChange={(event) => setTypedOther(event.currentTarget.value)}
                    onFocus={() => {
                      // Typing an amount is choosing 'Other'.
                      const other = document.getElementById("tip-other") as HTMLInputElement | null;
                      if (other && !other.checked) {
                        other.checked = true;
                        setTipChoice("other");
                      }
                    }}
                  />
                </span>
              </div>
            </section>
          </div>

          <aside className="checkout-layout__side" aria-labelledby="summary-title">
            <div className="card summary-card">
              <h2 id="summary-title" className="summary-card__title">
                Order Summary
              </h2>
              <dl className="totals" aria-live="polite">
                <div className="totals__row">
                  <dt>Order Total</dt>
                  <dd>{formatMoney(summary.orderTotal)}</dd>
                </div>
                <div className="totals__row">
                  <dt>Tip</dt>
                  <dd>{formatMoney(summary.tip)}</dd>
                </div>
                <div className="totals__row">
                  <dt>Delivery Fee</dt>
                  <dd>{formatMoney(summary.deliveryFee)}</dd>
                </div>
                {summary.deliveryPromotion ? (
                  <div className="totals__row totals__row--discount">
                    <dt>{summary.deliveryPromotion.description}</dt>
                    <dd>{formatSaving(summary.deliveryPromotion.discount)}</dd>
                  </div>
                ) : null}
                <div className="totals__row totals__row--total">
                  <dt>Final Total</dt>
                  <dd>{formatMoney(summary.finalTotal)}</dd>
                </div>
              </dl>
              {hydrated ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="update"
                  className="button button--secondary button--block"
                  formNoValidate
                >
                  Update
                </button>
              )}
              <button
                type="submit"
                name="intent"
                value="submit"
                className="button button--primary button--block"
                aria-disabled={pending === "submit" || undefined}
              >
                {pending === "submit" ? <span className="spinner" aria-hidden="true" /> : null}
                Proceed to Checkout
              </button>
              <p className="summary-card__note">
                {page.authorized
                  ? "Your card is already authorized for this order."
                  : "Next, authorize your card on our payment provider's secure page."}
              </p>
              <Link to={page.shopHref} className="button button--quiet button--block">
                Continue Shopping
              </Link>
            </div>
          </aside>
        </div>
      </Form>
    </div>
  );
}

/**
 * The card could not be authorized this visit: its start failed (§8's words), or the provider's
 * page refused it. A delivery is paid online, so the first way on is another try ('Proceed to
 * Checkout' again, with the entries as they are, which opens the provider's page), then pickup.
 */
function CardProblemAlert({ problem, formId }: { problem: CardProblem; formId: string }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => alert.current?.focus(), []);
  return (
    <div className="notice notice--error card-problem" role="alert" tabIndex={-1} ref={alert}>
      {/* What happened first, then what is left. */}
      {problem.said.map((sentence, index) => (
        <p key={sentence} className={index === 0 ? "card-problem__what" : undefined}>
          {sentence}
        </p>
      ))}
      <div className="card-problem__actions">
        <button
          type="submit"
          form={formId}
          name="intent"
          value="submit"
          className="button button--primary"
        >
          {problem.retry}
        </button>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="pickup" />
          <button type="submit" className="button button--secondary">
            Pick Up Instead
          </button>
        </Form>
      </div>
    </div>
  );
}
