/**
 * The store pages' forms (issue 30): a status move and one item's pick, each a plain POST form
 * with its CSRF token, so each works without JavaScript; and what the two pages share (their
 * stylesheet, the status tag).
 */
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/CsrfInput";
import { formatUnit } from "@core/rules/units";
import { orderStatusWords } from "~/lib/order-status-words";
import storeStyles from "~/styles/store.css?url";

/** The store pages' stylesheet: loaded by those pages only, never by the shopper's. */
export const storeLinks = () => [{ rel: "stylesheet", href: storeStyles }];

/** An order's status as a tag, coloured by where the order stands. */
export function StatusTag({ status }: { status: string }) {
  return <span className={`store-status store-status--${status}`}>{orderStatusWords(status)}</span>;
}

/** The buttons that move an order one step, as the API says it may move. */
export function StatusButtons(props: { orderId: number; status: string; next: string[] }) {
  if (props.next.length === 0) return null;
  return (
    <div className="store-actions">
      {props.next.map((to) => (
        <Form method="post" key={to} className="store-actions__form">
          <CsrfInput />
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="order" value={props.orderId} />
          <input type="hidden" name="from" value={props.status} />
          <input type="hidden" name="status" value={to} />
          <button
            type="submit"
            className={
              to === "cancelled"
                ? "button button--small button--quiet button--danger"
                : "button button--small button--primary"
            }
          >
            {to === "cancelled" ? "Cancel Order" : `Mark ${orderStatusWords(to)}`}
          </button>
        </Form>
      ))}
    </div>
  );
}

export interface PickView {
  id: number;
  product_name: string;
  sold_by_weight: boolean;
  unit_of_measure: string;
  quantity: number;
  substitutes: { id: number; name: string }[];
}

/** Picked (with the weighed quantity), substituted, or unavailable: three small forms. */
export function PickForms({ item }: { item: PickView }) {
  const quantityId = `picked-${item.id}`;
  const substituteId = `substitute-${item.id}`;
  return (
    <div className="store-pick">
      <Form method="post" className="store-pick__form">
        <CsrfInput />
        <input type="hidden" name="intent" value="pick" />
        <input type="hidden" name="item" value={item.id} />
        <input type="hidden" name="pick_status" value="picked" />
        <label htmlFor={quantityId} className="store-pick__label">
          {item.sold_by_weight
            ? `Weighed quantity (${formatUnit(item.unit_of_measure)}) of ${item.product_name}`
            : `Quantity picked of ${item.product_name}`}
        </label>
        <input
          id={quantityId}
          className="input store-pick__quantity"
          name="picked_quantity"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          max="999"
          required={item.sold_by_weight}
          defaultValue={item.sold_by_weight ? undefined : item.quantity}
        />
        <button type="submit" className="button button--primary">
          Picked
        </button>
      </Form>
      {item.substitutes.length > 0 && (
        <Form method="post" className="store-pick__form">
          <CsrfInput />
          <input type="hidden" name="intent" value="pick" />
          <input type="hidden" name="item" value={item.id} />
          <input type="hidden" name="pick_status" value="substituted" />
          <label htmlFor={substituteId} className="store-pick__label">
            Substitute {item.product_name} with
          </label>
          <select id={substituteId} name="picked_product_id" className="input select">
            {item.substitutes.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {item.sold_by_weight && (
            <>
              <label htmlFor={`${substituteId}-quantity`} className="store-pick__label">
                Weighed quantity ({formatUnit(item.unit_of_measure)})
              </label>
              <input
                id={`${substituteId}-quantity`}
                className="input store-pick__quantity"
                name="picked_quantity"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                max="999"
              />
            </>
          )}
          <button type="submit" className="button button--secondary">
            Substitute
          </button>
        </Form>
      )}
      <Form method="post" className="store-pick__form">
        <CsrfInput />
        <input type="hidden" name="intent" value="pick" />
        <input type="hidden" name="item" value={item.id} />
        <input type="hidden" name="pick_status" value="unavailable" />
        <button type="submit" className="button button--quiet button--danger">
          Unavailable: {item.product_name}
        </button>
      </Form>
    </div>
  );
}
