/**
 * /store/{store}/orders/{order}: picking one order (issue 30, decision 043). Each item with its
 * configuration (selections, message, photo, special instructions) and the shopper's substitution
 * choice; picked (with the weighed quantity for an item sold by weight), substituted with what
 * the shopper allowed, or unavailable; the estimate, the final amount and the card hold; the
 * status history; the buttons that move the order one step. Associates of the store only
 * (decision 042). The work is app/.server/store-pages.ts's.
 */
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@core/rules/money";
import { substitutionText } from "@core/rules/substitution";
import { isSubstitutionChoice } from "@core/rules/substitution";
import { formatQuantityWithUnit } from "@core/rules/units";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { storeOrderPageData, storeOrderPost } from "~/.server/store-pages";
import { PickForms, StatusButtons, StatusTag, storeLinks } from "~/components/store/StoreForms";
import { orderStatusWords } from "~/lib/order-status-words";
import { titleMeta } from "~/lib/route-meta";

export const headers = privatePageHeaders;

export const links: LinksFunction = storeLinks;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Pick Order");

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => storeOrderPageData(args));

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  return storeOrderPost(args, form, new URL(args.request.url).pathname);
});

const PICK_WORDS: Record<string, string> = {
  picked: "Picked",
  substituted: "Substituted",
  unavailable: "Unavailable",
};

export default function PickOrder() {
  const { storeId, order } = useLoaderData<typeof loader>();
  const when = (at: string | null) =>
    at
      ? new Intl.DateTimeFormat("en-US", {
          timeZone: order.timezone,
          dateStyle: "medium",
          timeStyle: "short",
        }).format(new Date(at))
      : "";
  const picking = order.status === "in_progress";
  return (
    <section className="store-page">
      <p className="store-back">
        <Link to={`/store/${storeId}`}>Back to the store&apos;s orders</Link>
      </p>
      <header className="store-page__head">
        <div>
          <p className="page-header__eyebrow">{order.department_name}</p>
          <h1>Order {order.number}</h1>
        </div>
        <StatusTag status={order.status} />
      </header>
      <div className="store-panel">
        <dl className="store-facts">
          <div>
            <dt>Status</dt>
            <dd>{orderStatusWords(order.status)}</dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>{order.customer_name}</dd>
          </div>
          <div>
            <dt>{order.fulfillment === "delivery" ? "Delivery" : "Pickup"}</dt>
            <dd>
              {order.department_name}, {when(order.pickup_at)}
            </dd>
          </div>
          {order.notes && (
            <div>
              <dt>Notes</dt>
              <dd>{order.notes}</dd>
            </div>
          )}
        </dl>
        <StatusButtons orderId={order.id} status={order.status} next={order.next_statuses} />
      </div>

      <h2>Items</h2>
      {!picking && <p className="store-muted">Items are picked while the order is in progress.</p>}
      <ul className="store-items">
        {order.items.map((item) => (
          <li
            key={item.id}
            className={`store-item${item.pick_status ? ` store-item--${item.pick_status}` : ""}`}
          >
            <div className="store-item__head">
              <h3>
                {item.product_name}, {formatQuantityWithUnit(item.quantity, item.unit_of_measure)}
              </h3>
              <p className="store-item__state">
                {item.pick_status ? PICK_WORDS[item.pick_status] : "Not picked yet"}
                {item.pick_status === "picked" && item.picked_quantity !== null
                  ? `: ${formatQuantityWithUnit(item.picked_quantity, item.unit_of_measure)}`
                  : ""}
                {item.pick_status === "substituted" && item.picked_product_name
                  ? `: ${item.picked_product_name}`
                  : ""}
                {item.final_subtotal !== null ? ` (${formatMoney(item.final_subtotal)})` : ""}
              </p>
            </div>
            {item.preferences.length > 0 && (
              <ul className="store-item__details">
                {item.preferences.map((p, i) => (
                  <li key={i}>{p.facet_name ? `${p.facet_name}: ${p.value}` : p.value}</li>
                ))}
              </ul>
            )}
            {item.notes && <p>Special instructions: {item.notes}</p>}
            {item.image_url && (
              <p>
                <a href={item.image_url}>The shopper&apos;s photo</a>
              </p>
            )}
            <p className="store-muted">
              If unavailable:{" "}
              {isSubstitutionChoice(item.substitution)
                ? substitutionText(item.substitution, item.substitute_product_name)
                : item.substitution}
            </p>
            {picking && <PickForms item={item} />}
          </li>
        ))}
      </ul>

      <div className="store-columns">
        <section aria-labelledby="amount" className="store-panel">
          <h2 id="amount">Amount</h2>
          <dl className="totals">
            <div className="totals__row">
              <dt>Estimated total</dt>
              <dd>{formatMoney(order.total)}</dd>
            </div>
            <div className="totals__row totals__row--total">
              <dt>Final amount</dt>
              <dd>{order.final ? formatMoney(order.final.total) : "As estimated"}</dd>
            </div>
          </dl>
          <p className="store-payment">
            {order.payment === "online"
              ? order.captured_amount !== null
                ? `Charged ${formatMoney(order.captured_amount)} of the ${formatMoney(order.held_amount ?? 0)} hold`
                : `Card hold of ${formatMoney(order.held_amount ?? 0)}`
              : `Due at pickup: ${formatMoney(order.final?.total ?? order.total)}`}
          </p>
        </section>

        <section aria-labelledby="history" className="store-panel">
          <h2 id="history">History</h2>
          <ol className="store-history">
            {order.history.map((h, i) => (
              <li key={i}>
                {orderStatusWords(h.status)}, {when(h.at)}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </section>
  );
}
