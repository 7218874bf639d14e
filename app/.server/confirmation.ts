/**
 * /confirmation's work on the server (spec §2 'Thank You!'): the placed order as the page shows
 * it, the coupon offer, and the notification opt-in, the one change the API accepts after
 * placement. The route only guards and answers.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { formatPhone } from "@core/rules/phone";
import type { Order } from "~/.server/api";
import { paymentWords } from "~/.server/payment-options";
import { fulfillmentTime, orderParts, storeAddress } from "~/.server/order-parts";
import { isAuthenticated } from "~/.server/shopper";
import { storefrontConfig } from "~/.server/config";
import { couponOffer } from "~/.server/coupons";
import { deliveryView } from "~/.server/delivery-info";
import { type RequestArgs } from "~/.server/session";
import { notificationTypes } from "~/components/checkout/checkout-form-schema";
import { cartItemsView } from "~/components/cart/view";
import { statusHistoryView } from "~/components/order-changes/status-history";
import { orderStatusWords } from "~/lib/order-status-words";

/** The placed order as the page shows it. */
export async function confirmationPageData(args: RequestArgs, order: Order) {
  const api = args.context.api;
  const { session } = args.context.shopper;
  const { store, pickupLocations } = orderParts(order);
  const features = storefrontConfig().features;
  const brand = await api.getBrand().catch(() => null);
  const location = pickupLocations.find((l) => l.id === order.pickup_location_id) ?? null;
  const phone = store?.phone ?? brand?.phone ?? null;
  return {
    number: order.number ?? String(order.id),
    total: order.total,
    // Where the store has got to with it (issue 30): status, history, final amount once picked.
    status: orderStatusWords(order.status),
    history: statusHistoryView(order, store?.timezone ?? "America/New_York"),
    finalTotal: order.final_total ?? null,
    // Price Plus Club savings as placed (spec §6: signed-in shoppers; the API's amount, 0 without a card).
    clubSavings: isAuthenticated(session) ? order.club_savings : 0,
    itemCount: order.item_count,
    // The item lines, each with what the store does if it is unavailable (decision 029).
    items: cartItemsView(order, { signedIn: isAuthenticated(session) }),
    pickupTime: fulfillmentTime(order),
    delivery: deliveryView(order),
    payment: paymentWords(order),
    store: store && storeAddress(store),
    location,
    storePhone: phone ? formatPhone(phone) : null,
    email: order.customer.email,
    phone: order.customer.phone ? formatPhone(order.customer.phone).display : null,
    notificationTypes: order.customer.notification_type,
    smsOffered: features.sms,
    coupon: await couponOffer(args, api, order),
    signedIn: isAuthenticated(session),
  };
}

/** The opt-in's one field: the checkout's notification kinds (none, one or both ticked). */
export const notificationOptInSchema = z.object({ notification_type: notificationTypes });

/**
 * The notification opt-in: the kinds ticked (SMS only where offered), saved on the order; a
 * forged value saves none, as no box ticked would.
 */
export async function saveNotificationChoice(args: RequestArgs, order: Order, form: FormData) {
  const submission = parseWithZod(form, {
    schema: notificationOptInSchema,
    disableAutoCoercion: true,
  });
  const sms = storefrontConfig().features.sms;
  const chosen =
    submission.status === "success"
      ? submission.value.notification_type.filter((type) => type !== "sms" || sms)
      : [];
  await args.context.api.updateOrder(order.id, { customer: { notification_type: chosen } });
  return data({ saved: true });
}
