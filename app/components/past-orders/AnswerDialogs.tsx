import { useSearchParams } from "@remix-run/react";
import { CartNotEmptyQuestion } from "~/components/CartNotEmptyDialog";
import { DialogCloseLink, ModalDialog } from "~/components/Dialog";
import { DIALOG_PARAM } from "~/lib/dialog-url";
import {
  DIALOG_PARAMS,
  ORDER_PARAM,
  REFUSAL_DIALOGS,
  REPLACE_CART_DIALOG,
  REPLACING_PARAM,
  type RefusalDialog,
} from "~/lib/past-orders";
import type { PastOrderView } from "~/.server/past-orders";
import { PastOrderForm, type PastOrderPostTarget } from "./PastOrderForm";
import { useCloseHref } from "./PastOrderRow";

const isRefusal = (dialog: string | null): dialog is RefusalDialog =>
  dialog !== null && Object.hasOwn(REFUSAL_DIALOGS, dialog);

/**
 * 'Order Retraction Failed' / 'Order Cancelation Failed' (spec §8): the store has started the
 * order. The action's redirect after the API's 409 asks for it in the URL, so it is the page's
 * answer without JS and, with JS, a modal that takes focus (Close returns it to the page).
 */
export function RefusalDialog() {
  const [searchParams] = useSearchParams();
  const closeHref = useCloseHref();
  const dialog = searchParams.get(DIALOG_PARAM);
  if (!isRefusal(dialog)) return null;
  const { title, message } = REFUSAL_DIALOGS[dialog];
  return (
    <ModalDialog id={dialog} title={title} requested closeHref={closeHref}>
      <p className="dialog__body">{message}</p>
      <div className="dialog__actions">
        <DialogCloseLink dialogId={dialog} to={closeHref} className="button button--primary">
          Close
        </DialogCloseLink>
      </div>
    </ModalDialog>
  );
}

/**
 * 'Your Cart is NOT Empty!' before an edit or a reorder replaces the cart (the action asks with a
 * redirect here when the cart has items; see app/.server/past-orders.ts). 'Yes, I'm Sure' posts
 * the same intent again, agreeing to give up the cart.
 */
export function ReplaceCartDialog({
  orders,
  target,
}: {
  orders: PastOrderView[];
  target: PastOrderPostTarget;
}) {
  const [searchParams] = useSearchParams();
  const replacing = searchParams.get(REPLACING_PARAM);
  const order = orders.find((o) => String(o.id) === searchParams.get(ORDER_PARAM));
  if (searchParams.get(DIALOG_PARAM) !== REPLACE_CART_DIALOG || !order) return null;
  if (replacing !== "retract" && replacing !== "reorder") return null;
  return (
    <CartNotEmptyQuestion
      id={REPLACE_CART_DIALOG}
      requested
      closeParams={DIALOG_PARAMS}
      going={replacing === "retract" ? "edit this order" : "reorder this order"}
    >
      <PastOrderForm
        target={target}
        intent={replacing}
        orderId={order.id}
        replaceCart
        className="button button--primary"
      >
        {replacing === "retract" ? "Yes, I'm Sure — Edit Order" : "Yes, I'm Sure — Reorder"}
      </PastOrderForm>
    </CartNotEmptyQuestion>
  );
}
