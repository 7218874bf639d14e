import { CLUB_SAVINGS_LABEL, formatMoney, formatSaving } from "@core/rules/money";
import type { CartItemView } from "~/components/cart/view";
import { UNAVAILABLE_LABEL } from "@core/rules/substitution";
import type { ReactNode } from "react";

/**
 * The items being ordered, in brief: name, quantity and price, their preferences, and what the
 * store does if one is unavailable.
 */
export function ItemSummary({
  items,
  note,
}: {
  items: CartItemView[];
  /**
   * A line more under an item (the confirmation: what the store did with it), passed in so that
   * checkout's first load does not carry it.
   */
  note?: (item: CartItemView) => ReactNode;
}) {
  return (
    <ul className="item-summary">
      {items.map((item) => (
        <li key={item.id} className="item-summary__item">
          <div>
            <p className="item-summary__name">{item.name}</p>
            <p className="item-summary__detail">{item.quantityText}</p>
            {item.preferences.length > 0 ? (
              <p className="item-summary__detail">
                {item.preferences.map((p) => p.label).join(", ")}
              </p>
            ) : null}
            {item.clubDiscount > 0 ? (
              <p className="item-summary__detail cart-item__club">
                {CLUB_SAVINGS_LABEL}{" "}
                <span className="cart-item__club-amount">{formatSaving(item.clubDiscount)}</span>
              </p>
            ) : null}
            {item.notes ? (
              <p className="item-summary__detail">Special Instructions: {item.notes}</p>
            ) : null}
            {item.picked ? null : (
              <p className="item-summary__detail">
                {UNAVAILABLE_LABEL} {item.substitutionText}
              </p>
            )}
            {note?.(item)}
          </div>
          <p className="item-summary__price">{formatMoney(item.finalSubtotal ?? item.subtotal)}</p>
        </li>
      ))}
    </ul>
  );
}
