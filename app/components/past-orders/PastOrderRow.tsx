import { useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { UNAVAILABLE_LABEL } from "@core/rules/substitution";
import { DialogCloseLink, DialogOpenLink, ModalDialog } from "~/components/Dialog";
import { DIALOG_PARAM, dialogCloseHref } from "~/lib/dialog-url";
import {
  CANCEL_DIALOG,
  DIALOG_PARAMS,
  ORDER_PARAM,
  orderDialogHref,
  RETRACT_DIALOG,
  type PastOrderIntent,
} from "~/lib/past-orders";
import type { PastOrderView } from "~/.server/past-orders";
import { OrderStatusHistory } from "~/components/order-changes/OrderStatusHistory";
import { PickedItemChangeNote } from "~/components/order-changes/PickedItemChangeNote";
import { PastOrderForm, type PastOrderPostTarget } from "./PastOrderForm";

const dialogId = (dialog: string, orderId: number) => `${dialog}-${orderId}`;

/** Whether the URL asks for `dialog` about this order. */
function useRequested(dialog: string, orderId: number): boolean {
  const [searchParams] = useSearchParams();
  return (
    searchParams.get(DIALOG_PARAM) === dialog && searchParams.get(ORDER_PARAM) === String(orderId)
  );
}

/** The page without any of its dialogs: where Cancel (and, without JS, closing) leads. */
export function useCloseHref(): string {
  const { pathname, search } = useLocation();
  return dialogCloseHref(pathname, search, DIALOG_PARAMS);
}

/** Edit or Cancel: the link to the order's question (with JS it opens the dialog in place). */
function OrderDialogLink({
  order,
  dialog,
  className,
  children,
}: {
  order: PastOrderView;
  dialog: string;
  className: string;
  children: string;
}) {
  const { pathname, search } = useLocation();
  return (
    <DialogOpenLink
      dialogId={dialogId(dialog, order.id)}
      to={orderDialogHref(pathname, search, dialog, order.id)}
      className={`button button--small ${className}`}
    >
      {children}
      <span className="visually-hidden"> order {order.number}</span>
    </DialogOpenLink>
  );
}

/**
 * One past order (spec §2): number, date placed, department, status, total, pickup or delivery
 * and when, its item lines (each with its substitution choice, decision 029), then what the
 * server allows: Edit and Cancel (each asks first, in a dialog), Reorder; a submitted
 * order that can no longer be edited says to contact the store.
 */
export function PastOrderRow({
  order,
  target,
}: {
  order: PastOrderView;
  target: PastOrderPostTarget;
}) {
  const headingId = `past-order-${order.id}-title`;
  const { actions } = order;
  return (
    <li className="card past-order" aria-labelledby={headingId}>
      <div className="past-order__head">
        <h2 id={headingId} className="past-order__number">
          Order {order.number}
        </h2>
        <p className="past-order__status">{order.status}</p>
      </div>
      <dl className="facts past-order__facts">
        <div>
          <dt>Placed</dt>
          <dd>{order.placedOn}</dd>
        </div>
        <div>
          <dt>Department</dt>
          <dd>{order.department}</dd>
        </div>
        <div>
          <dt>{order.fulfillment}</dt>
          <dd>{order.readyAt ?? "Not chosen"}</dd>
        </div>
        <div>
          <dt>{order.finalTotal ? "Estimated total" : "Total"}</dt>
          <dd>{order.total}</dd>
        </div>
        {order.finalTotal ? (
          <div>
            <dt>Final amount</dt>
            <dd>{order.finalTotal}</dd>
          </div>
        ) : null}
      </dl>
      {order.history.length > 1 ? (
        <OrderStatusHistory
          steps={order.history}
          label={`Status history of order ${order.number}`}
        />
      ) : null}
      {order.items.length > 0 ? (
        <ul className="past-order__items" aria-label={`Items of order ${order.number}`}>
          {order.items.map((item) => (
            <li key={item.id} className="past-order__item">
              <span className="past-order__item-name">{item.name}</span>{" "}
              <span className="past-order__item-detail">{item.quantityText}</span>
              {item.picked ? null : (
                <span className="past-order__item-detail past-order__item-substitution">
                  {UNAVAILABLE_LABEL} {item.substitutionText}
                </span>
              )}
              <PickedItemChangeNote item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {actions.contactStore ? (
        <p className="past-order__note">Please contact the store to make changes to your order.</p>
      ) : null}
      {actions.edit || actions.cancel || actions.reorder ? (
        <div className="past-order__actions">
          {actions.edit ? (
            <OrderDialogLink order={order} dialog={RETRACT_DIALOG} className="button--secondary">
              Edit
            </OrderDialogLink>
          ) : null}
          {actions.reorder ? (
            <PastOrderForm
              target={target}
              intent="reorder"
              orderId={order.id}
              className="button button--primary button--small"
            >
              Reorder<span className="visually-hidden"> order {order.number}</span>
            </PastOrderForm>
          ) : null}
          {actions.cancel ? (
            <OrderDialogLink
              order={order}
              dialog={CANCEL_DIALOG}
              className="button--quiet button--danger"
            >
              Cancel
            </OrderDialogLink>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

interface OrderQuestionProps {
  order: PastOrderView;
  target: PastOrderPostTarget;
  dialog: typeof RETRACT_DIALOG | typeof CANCEL_DIALOG;
  title: string;
  intent: PastOrderIntent;
  /** The button that leaves everything as it is. */
  keepLabel: string;
  confirmLabel: string;
  confirmClassName: string;
  children: ReactNode;
}

/** A question about one order: keep it as it is (closes), or confirm (posts `intent`). */
function OrderQuestion(props: OrderQuestionProps) {
  const { order, target, dialog, intent } = props;
  const closeHref = useCloseHref();
  const id = dialogId(dialog, order.id);
  return (
    <ModalDialog
      id={id}
      title={props.title}
      requested={useRequested(dialog, order.id)}
      closeHref={closeHref}
    >
      <p className="dialog__body">{props.children}</p>
      <div className="dialog__actions">
        <DialogCloseLink dialogId={id} to={closeHref} className="button button--secondary">
          {props.keepLabel}
        </DialogCloseLink>
        <PastOrderForm
          target={target}
          intent={intent}
          orderId={order.id}
          className={props.confirmClassName}
        >
          {props.confirmLabel}
        </PastOrderForm>
      </div>
    </ModalDialog>
  );
}

/**
 * The questions an order's Edit and Cancel open (spec §2): 'Important!' (the order goes back into
 * the cart and must be placed again) and 'Are You Sure You Want To Cancel This Order?'. Pages
 * render these before their content, so that without JS the open one comes first in the tab order.
 */
export function PastOrderDialogs({
  order,
  target,
}: {
  order: PastOrderView;
  target: PastOrderPostTarget;
}) {
  return (
    <>
      {order.actions.edit ? (
        <OrderQuestion
          order={order}
          target={target}
          dialog={RETRACT_DIALOG}
          title="Important!"
          intent="retract"
          keepLabel="Cancel"
          confirmLabel="Edit Order"
          confirmClassName="button button--primary"
        >
          Editing order <strong>{order.number}</strong> takes it back into your cart. It is no
          longer placed: change what you like, then place it again, or the store will not prepare
          it.
        </OrderQuestion>
      ) : null}
      {order.actions.cancel ? (
        <OrderQuestion
          order={order}
          target={target}
          dialog={CANCEL_DIALOG}
          title="Are You Sure You Want To Cancel This Order?"
          intent="cancel"
          keepLabel="Keep Order"
          confirmLabel="Yes, Cancel Order"
          confirmClassName="button button--danger"
        >
          Order <strong>{order.number}</strong> will be cancelled and the store will not prepare it.
        </OrderQuestion>
      ) : null}
    </>
  );
}
