/**
 * "Is this a delivery?", one answer for every page and post (issue 28). The shopper's choice is
 * kept in the session from the cart's Delivery press (`deliveryInfo`, with the delivery form's
 * entries later); the order carries its delivery once the form is saved (`order.delivery`), and
 * that says so on any device. Leaving delivery (Pick Up in Store) clears both, so in one trip the
 * two agree; where the session lacks the choice (another device, a placed order's page read
 * without the trip) the saved delivery decides.
 */

/** The part of the session (app/.server/session.ts) this rule reads. */
interface DeliveryChoice {
  get(name: "deliveryInfo"): unknown;
}

export function isDelivery(
  order: { delivery?: unknown } | null | undefined,
  session?: DeliveryChoice,
): boolean {
  return Boolean(order?.delivery) || Boolean(session?.get("deliveryInfo"));
}
