/**
 * /store/{store}: the store's queue (issue 30), one store-local day at a time, by department and
 * slot, with each order's status, customer, item count and notes, and the buttons that move it
 * one step. For the store's associates only: the API answers anyone else's request with its 403,
 * shown as the error page (decision 042). The work is app/.server/store-pages.ts's.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@core/rules/money";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { storeOrderPost, storeQueuePageData } from "~/.server/store-pages";
import { StatusButtons } from "~/components/store/StoreForms";
import { orderStatusWords } from "~/lib/order-status-words";
import { titleMeta } from "~/lib/route-meta";

export const headers = privatePageHeaders;

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
    <section className="store-queue">
      <h1>Orders at {data.storeName}</h1>
      <nav aria-label="Days" className="store-queue__days">
        <Link to={`?day=${data.previousDay}`}>Previous day</Link>
        <span aria-current="date">{data.day}</span>
        <Link to={`?day=${data.nextDay}`}>Next day</Link>
      </nav>
      {data.orders.length === 0 && <p>No orders for this day.</p>}
      {departments.map((department) => (
        <section key={department} aria-labelledby={`dept-${department}`}>
          <h2 id={`dept-${department}`}>{department}</h2>
          <table className="store-queue__table">
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
                    <td>
                      {timeOf(o.pickup_at, data.timezone)}{" "}
                      {o.fulfillment === "delivery" ? "Delivery" : "Pickup"}
                    </td>
                    <td>
                      <Link to={`/store/${data.storeId}/orders/${o.id}`}>{o.number}</Link>
                      <br />
                      {formatMoney(o.total)}
                    </td>
                    <td>{o.customer_name}</td>
                    <td>{o.item_count}</td>
                    <td>{o.notes ?? ""}</td>
                    <td>{orderStatusWords(o.status)}</td>
                    <td>
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
