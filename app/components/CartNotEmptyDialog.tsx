import { useLocation, useSearchParams } from "@remix-run/react";
import { DIALOG_PARAM, dialogCloseHref } from "~/lib/dialog-url";
import { DialogCloseLink, ModalDialog } from "./Dialog";

export const CART_NOT_EMPTY_DIALOG = "cart-not-empty";

/** Asked before leaving for home with items in the cart (home abandons the order). */
export function CartNotEmptyDialog() {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const closeHref = dialogCloseHref(pathname, search);
  return (
    <ModalDialog
      id={CART_NOT_EMPTY_DIALOG}
      title="Your Cart is NOT Empty!"
      requested={searchParams.get(DIALOG_PARAM) === CART_NOT_EMPTY_DIALOG}
      closeHref={closeHref}
    >
      <p className="dialog__body">If you go home now, your current order will be lost.</p>
      <div className="dialog__actions">
        <DialogCloseLink
          dialogId={CART_NOT_EMPTY_DIALOG}
          to={closeHref}
          className="button button--secondary"
        >
          Cancel
        </DialogCloseLink>
        {/* A full page load: home clears the order on entry. */}
        <a href="/" className="button button--primary">
          Yes, I&apos;m Sure — Go Home
        </a>
      </div>
    </ModalDialog>
  );
}
