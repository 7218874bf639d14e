/**
 * /fulfillment-time (spec §2): the pickup (or delivery) time, built with the shared slot rules
 * from the API's blackouts, lead-time limits and interval and the items' lead times, in the
 * store's time zone. Saving it leads on by the spec §4 decision (checkout or sign-in).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApiError, ApiValidationError } from "~/.server/api";
import { isAuthenticated, orderParts, orderSlots } from "~/.server/checkout";
import { departmentPath } from "~/lib/listing";
import { storefrontConfig } from "~/.server/config";
import { requireCsrf } from "~/.server/csrf";
import { describeError, logWarning } from "~/.server/log";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import { getShopperState, redirectWithCookies } from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { AssistanceListener } from "~/components/checkout/AssistanceListener";
import { timeZoneAbbreviation } from "~/components/checkout/format";
import { PickupTimeForm } from "~/components/checkout/PickupTimeForm";
import { nextStepAfterPickupTime } from "~/lib/checkout-flow";
import {
  chooseSlot,
  dayMismatch,
  isDayValue,
  NO_DELIVERY_TIME,
  NO_PICKUP_TIME,
  PICKUP_TIME_GONE,
  pickupSlots,
  type SlotDay,
  type SlotRules,
} from "@core/rules/pickup-slots";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) =>
  titleMeta(matches, page?.noun === "delivery" ? "Delivery Time" : "Pickup Time");

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Pickup Time", to: "/fulfillment-time" }),
};

export const routeMeta = { requiresOrder: true } as const satisfies RouteMeta;

/** Where a store without a time zone is taken to be. */
const DEFAULT_TIME_ZONE = "America/New_York";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = await getShopperState(args);
  const api = await requireApi(args);
  const { department, store } = orderParts(order);
  const delivery = Boolean(session.get("deliveryInfo"));

  let days: SlotDay[] = [];
  let rules: SlotRules | null = null;
  let timeZone = store?.timezone ?? DEFAULT_TIME_ZONE;
  let unavailable = false;
  try {
    const slots = await orderSlots(api, order);
    timeZone = slots.timeZone;
    rules = slots.rules;
    // Delivery shows when it arrives: the pickup slot plus the department's delivery time.
    days = delivery
      ? pickupSlots(new Date(), slots.rules, { deliveryMinutes: department?.delivery_time ?? 0 })
      : slots.days;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    // Spec §8: a failed blackout fetch is reported and leaves no times to choose from.
    logWarning("Could not load the pickup blackouts", {
      orderId: order.id,
      ...describeError(error),
    });
    unavailable = true;
  }

  const chosen = chooseSlot(days, order.pickup_at);
  const askedDay = new URL(args.request.url).searchParams.get("day");
  const dayOfChosen = days.find((d) => d.slots.some((s) => s.value === chosen?.value));
  const shownDay =
    (isDayValue(askedDay) ? days.find((d) => d.date === askedDay) : undefined) ??
    dayOfChosen ??
    days[0];
  const initialValue =
    shownDay?.slots.find((s) => s.value === chosen?.value)?.value ??
    shownDay?.slots[0]?.value ??
    "";

  return {
    noun: delivery ? ("delivery" as const) : ("pickup" as const),
    days,
    // With JavaScript the picker recomputes the days from these as the minute turns (spec §9).
    rules,
    deliveryMinutes: delivery ? (department?.delivery_time ?? 0) : 0,
    initialDay: shownDay?.date ?? "",
    initialValue,
    unavailable,
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
  const { session } = await getShopperState(args);
  await requireCsrf(args.request, session);
  const { order } = await guardRoute(args, routeMeta);
  const api = await requireApi(args);
  const form = await args.request.formData();
  const day = form.get("day");
  // Without JavaScript, 'Update times' posts the form to show the chosen day's times.
  if (form.get("intent") === "show-day") {
    const to = isDayValue(day) ? `/fulfillment-time?day=${day}` : "/fulfillment-time";
    return redirectWithCookies(args.context, to, { status: 303 });
  }
  const pickupAt = form.get("pickup_at");
  if (typeof pickupAt !== "string" || Number.isNaN(Date.parse(pickupAt))) {
    return data({ error: PICKUP_TIME_GONE, day: null }, { status: 400 });
  }

  const { department, store, pickupLocations } = orderParts(order);
  const noun = session.get("deliveryInfo") ? "delivery" : "pickup";
  const changedDay = isDayValue(day)
    ? dayMismatch(day, new Date(pickupAt), store?.timezone ?? DEFAULT_TIME_ZONE, noun)
    : null;
  // The day was changed but not the time: answer with that day's times, save nothing.
  if (changedDay) return data({ error: changedDay, day }, { status: 400 });
  // One pickup location leaves nothing to choose: it is the order's.
  const onlyLocation = pickupLocations.length === 1 ? pickupLocations[0] : undefined;
  try {
    await api.updateOrder(order.id, {
      pickup_at: new Date(pickupAt).toISOString(),
      ...(order.pickup_location_id === null && onlyLocation
        ? { pickup_location_id: onlyLocation.id }
        : {}),
    });
  } catch (error) {
    // Taken or closed meanwhile: say so; the page fetches the times again (spec §8).
    if (error instanceof ApiValidationError)
      return data({ error: PICKUP_TIME_GONE, day: null }, { status: 400 });
    throw error;
  }

  const step = nextStepAfterPickupTime({
    delivery: Boolean(session.get("deliveryInfo")),
    authenticated: isAuthenticated(session),
    orderSystem: storefrontConfig().features.orderSystem,
    department,
    hasCardAuthorization: Boolean(order.cardAuthorization?.data),
    cardAuthorizationFailed: session.get("cardAuthorizationFailed") ?? false,
  });
  // Sign-in and the payment gateway come in later issues: the sign-in page is where both start.
  const to =
    step.kind === "page" ? step.to : step.kind === "sign-in" ? "/auth-request" : step.fallback;
  // The checkout's time dialog saves in place: it stays on /checkout when that is the next step.
  if (form.get("from") === "checkout" && to === "/checkout") {
    return data({ error: null, day: null, saved: true as const });
  }
  return redirectWithCookies(args.context, to, { status: 303 });
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
  const initialDay = answeredDay?.date ?? page.initialDay;
  const initialValue = answeredDay ? (answeredDay.slots[0]?.value ?? "") : page.initialValue;

  return (
    <div className="fulfillment-page">
      <header className="page-header">
        <p className="page-header__eyebrow">Step 2 of 3</p>
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
            days={page.days}
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
