/**
 * /payment-options (spec §2, §4 "Payment options entry"): 'Pay Online' starts a card
 * authorization on the payment provider's page (with FEATURE_BILLING_ADDRESSES it goes to
 * /addresses first, to choose the billing address), 'Pay At Store' gives up any authorization and goes
 * to the checkout, 'Continue Shopping' goes back to the department. Needs an order, a signed-in
 * shopper and the order-system integration.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cardHoldAmount, cardHoldMessage } from "@core/rules/card-authorization";
import {
  canPayOnlineFor,
  cardAuthorizationFailed,
  isApproved,
  payAtStore,
  startCardAuthorization,
} from "~/.server/card-payment";
import { checkoutStep, orderParts } from "~/.server/checkout";
import { storefrontConfig } from "~/.server/config";
import { readCsrfCheckedForm } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { getShopperState, redirectWithCookies, type RequestArgs } from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import { CsrfInput } from "~/components/CsrfInput";
import { paymentOptionsEntryRedirect, onlinePaymentRequired } from "~/lib/checkout-flow";
import { departmentPath } from "~/lib/listing";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Payment Options");

export const routeMeta = {
  requiresOrder: true,
  requiresAuthentication: true,
  requiresMi9Integration: true,
} as const satisfies RouteMeta;

/** Where a shopper arriving here goes instead (spec §4), or null to show the page. */
async function elsewhere(args: RequestArgs) {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = await getShopperState(args);
  const to = paymentOptionsEntryRedirect({
    delivery: Boolean(session.get("deliveryInfo")),
    orderSystem: storefrontConfig().features.orderSystem,
    department: orderParts(order).department,
    hasCardAuthorization: isApproved(order),
    cardAuthorizationFailed: cardAuthorizationFailed(session),
  });
  return { order, session, to };
}

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order, session, to } = await elsewhere(args);
  if (to) return redirectWithCookies(args.context, to);
  const { department, store, items } = orderParts(order);
  const held = items.map((item) => ({
    unit_of_measure: item.product?.data?.unit_of_measure ?? "each",
    subtotal: item.subtotal,
  }));
  return {
    step: checkoutStep(session, order, "payment"),
    holdNote: cardHoldMessage(cardHoldAmount(order.total, held), held),
    departmentName: department?.name ?? null,
    shopHref: department && store ? departmentPath(store.id, department.id) : "/",
    required: onlinePaymentRequired(storefrontConfig().features.orderSystem, department),
    canPayOnline: canPayOnlineFor(session, order),
    // 'Pay Online' asks for the billing address first (/addresses) rather than leaving the site.
    choosesAddress: storefrontConfig().features.billingAddresses,
  };
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session: csrfSession } = await getShopperState(args);
  const form = await readCsrfCheckedForm(args.request, csrfSession);
  const { order, session, to } = await elsewhere(args);
  if (to) return redirectWithCookies(args.context, to, { status: 303 });
  const api = await requireApi(args);
  if (form.get("intent") === "pay-at-store") {
    await payAtStore(api, order);
    return redirectWithCookies(args.context, "/checkout", { status: 303 });
  }
  if (form.get("intent") !== "pay-online" || !canPayOnlineFor(session, order))
    return redirectWithCookies(args.context, "/payment-options", { status: 303 });
  if (storefrontConfig().features.billingAddresses)
    return redirectWithCookies(args.context, "/addresses", { status: 303 });
  const started = await startCardAuthorization(args, api, session, order);
  if (started.redirect) return started.redirect;
  return data({ problem: started.problem });
});

export default function PaymentOptions() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const problem = answer && "problem" in answer ? answer.problem : null;
  const canPayOnline = page.canPayOnline && !problem;
  const alert = useRef<HTMLDivElement>(null);
  // A start that failed is said where focus goes, so a screen reader hears it at once.
  useEffect(() => {
    if (problem) alert.current?.focus();
  }, [problem]);

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
        {canPayOnline ? null : (
          <div className="notice notice--error" role="alert" tabIndex={-1} ref={alert}>
            {problem ? <p>{problem}</p> : null}
            <p>{PAYMENT_MESSAGES.unavailable}</p>
          </div>
        )}
        {canPayOnline ? <p className="auth-card__note">{page.holdNote}</p> : null}
        <div className="auth-card__buttons">
          {/* To the provider's page: a whole page load. To /addresses: a page of ours. */}
          <Form method="post" reloadDocument={!page.choosesAddress}>
            <CsrfInput />
            <input type="hidden" name="intent" value="pay-online" />
            <button type="submit" className="button button--primary" disabled={!canPayOnline}>
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
