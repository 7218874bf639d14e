/**
 * /card-authorization/cancel (spec §2): the shopper left the payment provider's page without
 * paying; back to the cart, where the order waits as it was.
 */
import { redirect } from "@remix-run/node";

export const loader = () => redirect("/cart");

/** Never shown: a page route (not a resource route), so any failure is the error page. */
export default function CardAuthorizationCancel() {
  return null;
}
