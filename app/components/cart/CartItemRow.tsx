import { Form, Link, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/CsrfInput";
import { DialogCloseLink, DialogOpenLink, ModalDialog } from "~/components/Dialog";
import { DIALOG_PARAM, dialogCloseHref } from "~/lib/dialog-url";
import { CLUB_SAVINGS_LABEL, formatMoney, formatSaving } from "@core/rules/money";
import { ItemSubstitution } from "./ItemSubstitution";
import type { CartItemView } from "./view";

const DELETE_ITEM_DIALOG = "delete-item";
/** The intent of the row's quantity stepper (− and +). */
export const SET_QUANTITY = "set-quantity";
const ITEM_PARAM = "item";

const dialogId = (itemId: number) => `${DELETE_ITEM_DIALOG}-${itemId}`;

/** `?dialog=delete-item&item={id}`: the server renders that item's question open. */
function deleteItemHref(pathname: string, search: string, itemId: number) {
  const params = new URLSearchParams(search);
  params.set(DIALOG_PARAM, DELETE_ITEM_DIALOG);
  params.set(ITEM_PARAM, String(itemId));
  return `${pathname}?${params.toString()}`;
}

/**
 * One cart row (spec §2): picture, name, Edit and Delete, price, then the details: quantity with
 * unit @ unit price, each preference with its price adjustment, the Price Plus Club discount (signed
 * in, from the API's order) and the special instructions; on the cart, the 'If unavailable:'
 * choice (decision 029).
 */
export function CartItemRow({
  item,
  editable,
  substitution,
}: {
  item: CartItemView;
  editable: boolean;
  /** The row's 'If unavailable:' choice: whether the order allows it, and a refusal to show. */
  substitution?: { allowed: boolean; refused: string | null };
}) {
  const { pathname, search } = useLocation();
  const headingId = `cart-item-${item.id}-name`;
  return (
    <li className="cart-item">
      <div className="cart-item__media">
        {item.imageUrl ? (
          <img
            src={item.imageUrl}
            alt={item.imageAlt}
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="cart-item__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="cart-item__main">
        <div className="cart-item__head">
          <h3 id={headingId} className="cart-item__name">
            {item.productHref ? <Link to={item.productHref}>{item.name}</Link> : item.name}
          </h3>
          <p className="cart-item__price">{formatMoney(item.subtotal)}</p>
        </div>
        <ul className="cart-item__details">
          <li>{item.quantityText}</li>
          {item.preferences.map((preference) => (
            <li key={preference.id}>
              {preference.label}
              {preference.price !== 0 ? (
                <span className="cart-item__adjustment">
                  {" "}
                  ({preference.price > 0 ? "+" : "-"}
                  {formatMoney(Math.abs(preference.price))})
                </span>
              ) : null}
            </li>
          ))}
          {item.clubDiscount > 0 ? (
            <li className="cart-item__club">
              {CLUB_SAVINGS_LABEL}{" "}
              <span className="cart-item__club-amount">{formatSaving(item.clubDiscount)}</span>
            </li>
          ) : null}
          {item.notes ? (
            <li>
              <span className="cart-item__label">Special Instructions:</span> {item.notes}
            </li>
          ) : null}
          {item.photoUrl ? <li>Photo attached</li> : null}
        </ul>
        {substitution ? (
          <ItemSubstitution
            item={item}
            allowed={substitution.allowed}
            refused={substitution.refused}
          />
        ) : null}
        {editable ? <QuantityStepper item={item} /> : null}
        {editable ? (
          <div className="cart-item__actions">
            {item.editHref ? (
              <Link to={item.editHref} className="button button--quiet button--small">
                Edit<span className="visually-hidden"> {item.name}</span>
              </Link>
            ) : null}
            <DialogOpenLink
              dialogId={dialogId(item.id)}
              to={deleteItemHref(pathname, search, item.id)}
              className="button button--quiet button--small button--danger"
            >
              Delete<span className="visually-hidden"> {item.name}</span>
            </DialogOpenLink>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** One step of the stepper: a plain post of the new quantity (the cart again after it). */
function StepForm({
  item,
  quantity,
  label,
  sign,
}: {
  item: CartItemView;
  quantity: number | null;
  label: string;
  sign: string;
}) {
  return (
    <Form method="post" action="/cart" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value={SET_QUANTITY} />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="quantity" value={quantity ?? ""} />
      <button
        type="submit"
        className="button button--secondary button--small quantity-stepper__button"
        disabled={quantity === null}
      >
        <span aria-hidden="true">{sign}</span>
        <span className="visually-hidden">
          {label} {item.name}
        </span>
      </button>
    </Form>
  );
}

/**
 * − quantity +: the next smaller or larger quantity the product offers, each a form of its own
 * (no script needed); a button with nothing that way is disabled.
 */
function QuantityStepper({ item }: { item: CartItemView }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === SET_QUANTITY &&
    navigation.formData.get("itemId") === String(item.id);
  return (
    <div
      className="quantity-stepper"
      role="group"
      aria-label={`Quantity of ${item.name}`}
      aria-busy={pending || undefined}
    >
      <StepForm item={item} quantity={item.quantity.fewer} label="Fewer" sign="−" />
      <span className="quantity-stepper__value">{item.quantity.text}</span>
      <StepForm item={item} quantity={item.quantity.more} label="More" sign="+" />
    </div>
  );
}

/**
 * 'Are You Sure You Want To Delete this Item?': a real form; a modal with JS. Pages render these
 * before their content, so that without JS the open one comes first in the tab order.
 */
export function DeleteItemDialog({ item }: { item: CartItemView }) {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const requested =
    searchParams.get(DIALOG_PARAM) === DELETE_ITEM_DIALOG &&
    searchParams.get(ITEM_PARAM) === String(item.id);
  const closeHref = dialogCloseHref(pathname, search, [DIALOG_PARAM, ITEM_PARAM]);
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "delete-item" &&
    navigation.formData.get("itemId") === String(item.id);
  const id = dialogId(item.id);
  return (
    <ModalDialog
      id={id}
      title="Are You Sure You Want To Delete this Item?"
      requested={requested}
      closeHref={closeHref}
    >
      <p className="dialog__body">
        <strong>{item.name}</strong> will be removed from your cart.
      </p>
      <div className="dialog__actions">
        <DialogCloseLink
          dialogId={id}
          to={closeHref}
          className="button button--secondary"
          data-autofocus
        >
          Cancel
        </DialogCloseLink>
        <Form method="post" action="/cart" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="intent" value="delete-item" />
          <input type="hidden" name="itemId" value={item.id} />
          <button
            type="submit"
            className="button button--danger"
            aria-disabled={pending || undefined}
          >
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            Delete Item
          </button>
        </Form>
      </div>
    </ModalDialog>
  );
}
