/**
 * /payment-options (spec §2, §4 "Payment options entry"): 'Pay Online' starts a card
 * authorization on the payment provider's page (with FEATURE_BILLING_ADDRESSES it goes to
 * /addresses first, to choose the billing address), 'Pay At Store' gives up any authorization and goes
 * to the checkout, 'Continue Shopping' goes back to the department. Needs an order, a signed-in
 * shopper and the order-system integration. A start that failed is said here (§8: 'Pay Online'
 * disabled, 'Pay At Store' offered) with 'Try Again'; where the department takes payment online
 * only, 'Pay At Store' says so.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import {
  AUTHORIZATION_TOO_SMALL,
  cardHoldAmount,
  cardHoldMessage,
  ONLINE_PAYMENT_REQUIRED,
} from "@core/rules/card-authorization";
import {
  canPayOnlineFor,
  cardStartProblem,
  holdOutgrown,
  payAtStore,
  retryCardAuthorization,
  startCardAuthorization,
} from "~/.server/payment-options";
import { orderParts } from "~/.server/order-parts";
import { checkoutStepFor, entryPath, stepLineFor } from "~/.server/checkout-flow";
import { storefrontConfig } from "~/.server/config";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { redirectTo, type RequestArgs } from "~/.server/session";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CsrfInput } from "~/components/CsrfInput";
import { onlinePaymentRequired } from "~/lib/checkout-flow";
import { departmentPath } from "~/lib/listing";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { ROUTE_GUARD_MESSAGES, titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Payment Options");

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Payment Options", to: "/payment-options" }),
};

export const routeMeta = {
  requiresOrder: true,
  requiresAuthentication: true,
  signInMessage: ROUTE_GUARD_MESSAGES.signInToPayOnline,
  requiresMi9Integration: true,
} as const satisfies RouteMeta;

/** Where a shopper arriving here goes instead (spec §4), or null to show the page. */
async function elsewhere(args: RequestArgs) {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = args.context.shopper;
  const to = entryPath(checkoutStepFor(session, order, "/payment-options"));
  return { order, session, to };
}

const required = (order: Parameters<typeof orderParts>[0]) =>
  onlinePaymentRequired(storefrontConfig().features.orderSystem, orderParts(order).department);

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order, session, to } = await elsewhere(args);
  if (to) return redirectTo(to);
  const { department, store, items } = orderParts(order);
  const held = items.map((item) => ({
    unit_of_measure: item.product?.data?.unit_of_measure ?? "each",
    subtotal: item.subtotal,
  }));
  return {
    step: stepLineFor(session, order, "payment"),
    holdNote: cardHoldMessage(cardHoldAmount(order.total, held), held),
    departmentName: department?.name ?? null,
    shopHref: department && store ? departmentPath(store.id, department.id) : "/",
    required: required(order),
    canPayOnline: canPayOnlineFor(session, order),
    // Why this visit's last start failed: said with 'Try Again'.
    startProblem: cardStartProblem(session),
    // The card's hold no longer covers the cart: placement would refuse it.
    outgrown: holdOutgrown(order),
    // 'Pay Online' asks for the billing address first (/addresses) rather than leaving the site.
    choosesAddress: storefrontConfig().features.billingAddresses,
  };
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order, session, to } = await elsewhere(args);
  if (to) return redirectTo(to, { status: 303 });
  const api = args.context.api;
  const intent = form.get("intent");
  const back = () => redirectTo("/payment-options", { status: 303 });
  if (intent === "pay-at-store") {
    // Placement would refuse it: said here rather than bounced back from the checkout.
    if (required(order)) return data({ refusal: ONLINE_PAYMENT_REQUIRED }, { status: 422 });
    await payAtStore(api, order);
    return redirectTo("/checkout", { status: 303 });
  }
  if (intent === "retry") retryCardAuthorization(session);
  else if (intent !== "pay-online") return back();
  if (!canPayOnlineFor(session, order)) return back();
  if (storefrontConfig().features.billingAddresses)
    return redirectTo("/addresses", { status: 303 });
  const started = await startCardAuthorization(args, api, session, order);
  // A failed start is marked with its reason: this page says it.
  return started.redirect ?? back();
});

export default function PaymentOptions() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const refusal = answer && "refusal" in answer ? answer.refusal : null;
  const alert = useRef<HTMLDivElement>(null);
  // A failure is said where focus goes, so a screen reader hears it at once.
  useEffect(() => {
    if (page.startProblem || refusal) alert.current?.focus();
  }, [page.startProblem, refusal]);
  // To the provider's page: a whole page load. To /addresses: a page of ours.
  const toProvider = !page.choosesAddress;

  return (
    <div className="auth-request">
      <section className="card auth-card" aria-labelledby="payment-title">
        <p className="page-header__eyebrow">{page.step}</p>
        <h1 id="payment-title">Payment Options</h1>
        <p className="auth-card__lead">
          {page.required
            ? `The ${page.departmentName ?? ""} department takes payment online when you order.`
            : `Pay for your ${page.departmentName ? `${page.departmentName} ` : ""}order online now, or at the store when you pick it up.`}
        </p>
        {page.startProblem || refusal ? (
          <div className="notice notice--error" role="alert" tabIndex={-1} ref={alert}>
            {page.startProblem ? <p>{page.startProblem}</p> : null}
            {page.startProblem && !page.required ? <p>{PAYMENT_MESSAGES.unavailable}</p> : null}
            {refusal || page.required ? <p>{ONLINE_PAYMENT_REQUIRED}</p> : null}
          </div>
        ) : null}
        {page.outgrown ? <p className="notice">{AUTHORIZATION_TOO_SMALL}</p> : null}
        {page.canPayOnline ? <p className="auth-card__note">{page.holdNote}</p> : null}
        <div className="auth-card__buttons">
          {page.startProblem ? (
            <Form method="post" reloadDocument={toProvider}>
              <CsrfInput />
              <input type="hidden" name="intent" value="retry" />
              <button type="submit" className="button button--primary">
                Try Again
              </button>
            </Form>
          ) : null}
          <Form method="post" reloadDocument={toProvider}>
            <CsrfInput />
            <input type="hidden" name="intent" value="pay-online" />
            <button type="submit" className="button button--primary" disabled={!page.canPayOnline}>
              Pay Online
            </button>
          </Form>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="pay-at-store" />
            <button type="submit" className="button button--secondary">
              {pending === "pay-at-store" ? <span className="spinner" aria-hidden="true" /> : null}
              Pay At Store
            </button>
          </Form>
        </div>
        <p className="auth-card__back">
          <Link to={page.shopHref}>Continue Shopping</Link>
        </p>
      </section>
    </div>
  );
}
