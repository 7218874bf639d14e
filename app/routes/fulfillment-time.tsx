/**
 * /fulfillment-time (spec §2): the pickup (or delivery) time, built with the shared slot rules
 * from the API's blackouts, lead-time limits and interval and the items' lead times, in the
 * store's time zone. Saving it leads on by the spec §4 decision (checkout or sign-in).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { orderParts } from "~/.server/order-parts";
import { stepLineFor } from "~/.server/checkout-flow";
import { departmentPath } from "~/lib/listing";
import { readCheckedPost } from "~/.server/csrf";
import {
  DEFAULT_TIME_ZONE,
  pickerDeliveryMinutes,
  pickerSlots,
  savePickupTime,
} from "~/.server/fulfillment-time";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { AssistanceListener } from "~/components/checkout/AssistanceListener";
import { timeZoneAbbreviation } from "~/components/checkout/format";
import { PickupTimeForm } from "~/components/checkout/PickupTimeForm";
import {
  NO_DELIVERY_TIME,
  NO_PICKUP_TIME,
  PICKUP_TIME_GONE,
} from "@core/rules/pickup-slot-messages";
import { chooseSlot, firstOpenSlot, isDayValue, withTimesOf } from "@core/rules/pickup-slots";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";
import { isDelivery } from "~/.server/delivery-mode";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  titleMeta(matches, page?.noun === "delivery" ? "Delivery Time" : "Pickup Time");

export const handle: BreadcrumbHandle = {
  // Named like the page's heading: a delivery order chooses its delivery time here.
  breadcrumb: (match) => ({
    label:
      (match.data as { noun?: string } | undefined)?.noun === "delivery"
        ? "Delivery Time"
        : "Pickup Time",
    to: "/fulfillment-time",
  }),
};

export const routeMeta = { requiresOrder: true } as const satisfies RouteMeta;

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = args.context.shopper;
  const api = args.context.api;
  const { department, store } = orderParts(order);
  const delivery = isDelivery(order, session);

  const deliveryMinutes = pickerDeliveryMinutes(session, order);
  const computedAt = Date.now();
  const slots = await pickerSlots(api, order, {
    now: new Date(computedAt),
    deliveryMinutes,
    fulfillment: delivery ? "delivery" : "pickup",
  });
  const days = slots?.days ?? [];
  const timeZone = slots?.timeZone ?? store?.timezone ?? DEFAULT_TIME_ZONE;

  const chosen = chooseSlot(days, order.pickup_at);
  const askedDay = new URL(args.request.url).searchParams.get("day");
  const dayOfChosen = days.find((d) => d.slots.some((s) => s.value === chosen?.value));
  const shownDay =
    (isDayValue(askedDay) ? days.find((d) => d.date === askedDay) : undefined) ??
    dayOfChosen ??
    days[0];
  const initialValue =
    shownDay?.slots.find((s) => s.value === chosen?.value)?.value ??
    (shownDay && firstOpenSlot(shownDay.slots)?.value) ??
    "";

  return {
    step: stepLineFor(session, order, "time"),
    noun: delivery ? ("delivery" as const) : ("pickup" as const),
    // The picker computes every day's times from the rules and this instant (a month of 15-minute
    // slots would be 100 KB of page data); the days come with the shown day's times only.
    days: withTimesOf(days, shownDay?.date),
    computedAt,
    rules: slots?.rules ?? null,
    deliveryMinutes,
    initialDay: shownDay?.date ?? "",
    initialValue,
    // Spec §8: the blackouts could not be read, so no time is offered.
    unavailable: slots === null,
    timeZoneLabel: timeZoneAbbreviation(timeZone),
    store: store && {
      name: store.name,
      address: store.address,
      city: store.city,
      state: store.state,
    },
    departmentName: department?.name ?? null,
    continueHref: department ? departmentPath(department.store_id, department.id) : "/cart",
    receivedAssistance: order.received_assistance,
  };
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, routeMeta);
  return savePickupTime(args, session, args.context.api, order, form);
});

export default function FulfillmentTime() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const Noun = page.noun === "delivery" ? "Delivery" : "Pickup";
  const none = page.days.length === 0;
  // A refused day change shows that day's times (the page's URL does not name it).
  const answeredDay = actionData?.day
    ? page.days.find((d) => d.date === actionData.day)
    : undefined;
  // Its times come with the refusal (the page's days carry the first shown day's only).
  const answeredSlots = actionData && "slots" in actionData ? actionData.slots : [];
  const days = answeredDay
    ? page.days.map((d) => (d === answeredDay ? { ...d, slots: answeredSlots } : d))
    : page.days;
  const initialDay = answeredDay?.date ?? page.initialDay;
  const initialValue = answeredDay
    ? (firstOpenSlot(answeredSlots)?.value ?? "")
    : page.initialValue;

  return (
    <div className="fulfillment-page">
      <header className="page-header">
        <p className="page-header__eyebrow">{page.step}</p>
        <h1>Choose Your {Noun} Time</h1>
        {page.store ? (
          <p className="page-header__lead">
            {page.noun === "delivery" ? "Delivered from" : "Pick up at"} {page.store.name},{" "}
            {page.store.address}, {page.store.city}. Times are in the store&apos;s local time (
            {page.timeZoneLabel}).
          </p>
        ) : null}
      </header>

      <section className="card fulfillment-card" aria-labelledby="fulfillment-title">
        <h2 id="fulfillment-title" className="fulfillment-card__title">
          {none ? "No Availability" : `${Noun} Time`}
        </h2>
        {none ? (
          <>
            <p className="notice notice--error" role="status">
              {page.noun === "delivery" ? NO_DELIVERY_TIME : NO_PICKUP_TIME}
            </p>
            {page.unavailable ? (
              <p>Pickup times could not be loaded just now. Please try again in a moment.</p>
            ) : null}
            <div className="button-row">
              <Link to={page.continueHref} className="button button--secondary">
                Continue Shopping
              </Link>
            </div>
          </>
        ) : (
          <PickupTimeForm
            // Fresh times (after a refused save) start the selects over.
            key={`${initialDay}|${initialValue}|${page.days.length}`}
            days={days}
            computedAt={page.computedAt}
            rules={page.rules}
            deliveryMinutes={page.deliveryMinutes}
            initialDay={initialDay}
            initialValue={initialValue}
            error={actionData?.day && !answeredDay ? PICKUP_TIME_GONE : (actionData?.error ?? null)}
            noun={page.noun}
            secondaryAction={
              <Link to={page.continueHref} className="button button--secondary">
                Continue Shopping
              </Link>
            }
          />
        )}
      </section>
      <AssistanceListener alreadySet={page.receivedAssistance} />
    </div>
  );
}
