/**
 * /store/{store}: the store's queue (issue 30), one store-local day at a time, by department and
 * slot, with each order's status, customer, item count and notes, and the buttons that move it
 * one step. For the store's associates only: the API answers anyone else's request with its 403,
 * shown as the error page (decision 042). The work is app/.server/store-pages.ts's.
 */
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@core/rules/money";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { storeOrderPost, storeQueuePageData } from "~/.server/store-pages";
import { StatusButtons, StatusTag, storeLinks } from "~/components/store/StoreForms";
import { titleMeta } from "~/lib/route-meta";

export const headers = privatePageHeaders;

export const links: LinksFunction = storeLinks;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Store Orders");

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => storeQueuePageData(args));

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const url = new URL(args.request.url);
  return storeOrderPost(args, form, `${url.pathname}${url.search}`);
});

const timeOf = (at: string | null, timeZone: string) =>
  at
    ? new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(
        new Date(at),
      )
    : "No time";

export default function StoreQueue() {
  const data = useLoaderData<typeof loader>();
  const departments = [...new Set(data.orders.map((o) => o.department_name))];
  return (
    <section className="store-page">
      <header className="store-page__head">
        <div>
          <p className="page-header__eyebrow">Store orders</p>
          <h1>Orders at {data.storeName}</h1>
        </div>
        <nav aria-label="Days" className="store-days">
          <Link className="button button--secondary button--small" to={`?day=${data.previousDay}`}>
            Previous day
          </Link>
          <span aria-current="date" className="store-days__day">
            <time dateTime={data.day}>{data.dayLabel}</time>
          </span>
          <Link className="button button--secondary button--small" to={`?day=${data.nextDay}`}>
            Next day
          </Link>
        </nav>
      </header>
      {data.orders.length === 0 && <p className="store-empty">No orders for this day.</p>}
      {departments.map((department, index) => (
        <section key={department} aria-labelledby={`dept-${index}`} className="store-panel">
          <h2 id={`dept-${index}`}>{department}</h2>
          <table className="store-queue">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Items</th>
                <th scope="col">Notes</th>
                <th scope="col">Status</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {data.orders
                .filter((o) => o.department_name === department)
                .map((o) => (
                  <tr key={o.id}>
                    <td data-label="Time">
                      <span className="nowrap">{timeOf(o.pickup_at, data.timezone)}</span>{" "}
                      <span className="store-muted">
                        {o.fulfillment === "delivery" ? "Delivery" : "Pickup"}
                      </span>
                    </td>
                    <td data-label="Order">
                      <Link
                        className="store-queue__number"
                        to={`/store/${data.storeId}/orders/${o.id}`}
                      >
                        {o.number}
                      </Link>{" "}
                      <span className="store-muted nowrap">{formatMoney(o.total)}</span>
                    </td>
                    <td data-label="Customer">{o.customer_name}</td>
                    <td data-label="Items">{o.item_count}</td>
                    <td data-label="Notes" className="store-queue__notes">
                      {o.notes ?? ""}
                    </td>
                    <td data-label="Status">
                      <StatusTag status={o.status} />
                    </td>
                    <td data-label="Change">
                      <StatusButtons orderId={o.id} status={o.status} next={o.next_statuses} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
