/**
 * Over 250 lines: the page and its opt-in form read best together.
 *
 * /confirmation (spec §2): 'Thank You!', the order number, where and when to pick up, the
 * notification opt-in (the one change the API accepts after placement), the coupon offer, and the
 * store's notes. It shows the submitted order; the next page that does not allow a submitted order
 * lets it go (app/.server/order-session.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { confirmationPageData, saveNotificationChoice } from "~/.server/confirmation";
import { isCouponPost, loadCoupon } from "~/.server/coupons";
import { readCheckedPost } from "~/.server/csrf";
import { isIncomplete } from "@core/rules/order-status";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { redirectTo } from "~/.server/session";
import { DeliveryAddressSection } from "~/components/delivery/DeliveryAddressSection";
import { CouponOffer } from "~/components/checkout/CouponOffer";
import { ItemSummary } from "~/components/checkout/ItemSummary";
import { OrderProgressSection } from "~/components/order-changes/OrderProgressSection";
import { PickedItemChangeNote } from "~/components/order-changes/PickedItemChangeNote";
import { SmsTerms } from "~/components/checkout/SmsTerms";
import { CsrfInput } from "~/components/CsrfInput";
import { CLUB_SAVINGS_LABEL, formatMoney, formatSaving } from "@core/rules/money";
import { CANCELLATION_FEES_TEXT } from "@core/rules/price-disclaimer";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Thank You!");

/** It shows the order just placed. */
export const routeMeta = {
  requiresOrder: true,
  allowsSubmittedOrder: true,
} as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  // Not placed yet: checkout is where that happens.
  if (isIncomplete(order)) throw redirectTo("/checkout");
  return confirmationPageData(args, order);
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, routeMeta);
  if (isCouponPost(form)) return loadCoupon(args, order, form);
  return saveNotificationChoice(args, order, form);
});

export default function Confirmation() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="confirmation-page">
      <section className="confirmation-hero" aria-labelledby="thanks-title">
        <span className="confirmation-hero__check" aria-hidden="true">
          ✓
        </span>
        <div>
          <h1 id="thanks-title">Thank You!</h1>
          <p className="confirmation-hero__lead">Your order has been placed.</p>
          <p className="confirmation-hero__number">
            Order Number <strong>{page.number}</strong>
          </p>
        </div>
      </section>

      <div className="checkout-layout">
        <div className="checkout-layout__main">
          <OrderProgressSection
            status={page.status}
            history={page.history}
            estimate={page.total}
            final={page.finalTotal}
          />
          {page.delivery ? <DeliveryAddressSection delivery={page.delivery} /> : null}
          <section className="card checkout-section" aria-labelledby="pickup-title">
            <h2 id="pickup-title" className="checkout-section__title">
              {page.delivery ? "Delivery" : "Pick Up"}
            </h2>
            <dl className="facts">
              {page.delivery ? null : (
                <div>
                  <dt>Where</dt>
                  <dd>
                    {page.location ? (
                      <>
                        <strong>{page.location.name}</strong>
                        <br />
                        {page.location.address_1}
                        {page.location.address_2 ? (
                          <>
                            <br />
                            {page.location.address_2}
                          </>
                        ) : null}
                      </>
                    ) : null}
                    {page.store ? (
                      <>
                        {page.location ? <br /> : null}
                        {page.location ? null : (
                          <>
                            {page.store.address}
                            <br />
                          </>
                        )}
                        {page.store.city}, {page.store.state} {page.store.zip_code}
                        <br />
                        <span className="facts__muted">{page.store.name} store</span>
                      </>
                    ) : null}
                  </dd>
                </div>
              )}
              <div>
                <dt>When</dt>
                <dd>{page.pickupTime ?? "To be arranged with the store"}</dd>
              </div>
              <div>
                <dt>{page.finalTotal === null ? "Total" : "Estimated total"}</dt>
                <dd>
                  {formatMoney(page.total)} for {page.itemCount}{" "}
                  {page.itemCount === 1 ? "item" : "items"}
                  <br />
                  <span className="facts__muted">{page.payment}</span>
                </dd>
              </div>
              {page.clubSavings > 0 ? (
                <div>
                  <dt>{CLUB_SAVINGS_LABEL}</dt>
                  <dd>{formatSaving(page.clubSavings)}, already taken off the total</dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section className="card checkout-section" aria-labelledby="items-title">
            <h2 id="items-title" className="checkout-section__title">
              Items
            </h2>
            <ItemSummary items={page.items} note={(item) => <PickedItemChangeNote item={item} />} />
          </section>

          <NotificationOptIn
            email={page.email}
            phone={page.phone}
            initial={page.notificationTypes}
            smsOffered={page.smsOffered}
            storePhone={page.storePhone?.display ?? null}
          />
        </div>

        <aside className="checkout-layout__side" aria-label="Good to know">
          {page.coupon ? <CouponOffer offer={page.coupon} /> : null}
          <div className="card store-notes">
            <h2 className="checkout-section__title">Good to Know</h2>
            <p>
              Need to change something? Please contact the store soon
              {page.storePhone ? (
                <>
                  {" "}
                  at{" "}
                  <a href={`tel:${page.storePhone.digits}`} className="nowrap">
                    {page.storePhone.display}
                  </a>
                </>
              ) : null}
              .
            </p>
            <p>{CANCELLATION_FEES_TEXT}</p>
            {/* Home starts a new trip (and lets this order go). */}
            <a href="/" className="button button--secondary">
              Start a New Order
            </a>
          </div>
        </aside>
      </div>
    </div>
  );
}

function NotificationOptIn({
  email,
  phone,
  initial,
  smsOffered,
  storePhone,
}: {
  email: string | null;
  phone: string | null;
  initial: string[];
  smsOffered: boolean;
  storePhone: string | null;
}) {
  // The page's action also answers the coupon offer's post, which says nothing of `saved`.
  const fetcher = useFetcher<{ saved?: boolean }>();
  const actionData = useActionData<{ saved?: boolean }>();
  const [choosing, setChoosing] = useState(false);
  // Optimistic (spec §4): 'All Set!' as soon as the choice is sent.
  const saved =
    !choosing &&
    (fetcher.state !== "idle" || Boolean(fetcher.data?.saved) || Boolean(actionData?.saved));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChoosing(false);
    fetcher.submit(event.currentTarget, { method: "post", action: "/confirmation" });
  };

  return (
    <section className="card checkout-section" aria-labelledby="notify-title">
      <h2 id="notify-title" className="checkout-section__title">
        Order Updates
      </h2>
      <Form
        method="post"
        action="/confirmation"
        onSubmit={handleSubmit}
        onChange={() => setChoosing(true)}
      >
        <CsrfInput />
        <fieldset className="checkbox-group">
          <legend>How should we tell you your order is ready?</legend>
          <div className="checkbox-field">
            <input
              type="checkbox"
              id="notify-email"
              name="notification_type"
              value="email"
              defaultChecked={initial.includes("email")}
            />
            <label htmlFor="notify-email">Email{email ? ` (${email})` : ""}</label>
          </div>
          {smsOffered ? (
            <div className="checkbox-field">
              <input
                type="checkbox"
                id="notify-sms"
                name="notification_type"
                value="sms"
                defaultChecked={initial.includes("sms")}
                aria-describedby="notify-sms-terms"
              />
              <label htmlFor="notify-sms">Text message{phone ? ` to ${phone}` : ""}</label>
            </div>
          ) : null}
        </fieldset>
        {smsOffered ? <SmsTerms id="notify-sms-terms" phone={storePhone} /> : null}
        <div className="button-row opt-in__row">
          <button type="submit" className="button button--primary">
            Save
          </button>
          <p className="opt-in__status" role="status">
            {saved ? <strong>All Set!</strong> : null}
          </p>
        </div>
      </Form>
    </section>
  );
}
