import { Link, useLocation } from "@remix-run/react";
import { dialogCloseHref } from "~/lib/dialog-url";
import { DialogCloseLink, ModalDialog } from "./Dialog";

const GUESSED_STORE_DIALOG = "guessed-store";
/** `?guessed=1`: the store was found by position, not chosen (routes/start.tsx). */
export const GUESSED_PARAM = "guessed";

/** Tells the shopper their store was picked for them, and offers to choose another. */
export function GuessedStoreDialog({
  storeName,
  canChangeStores,
}: {
  storeName: string;
  canChangeStores: boolean;
}) {
  const { pathname, search } = useLocation();
  const closeHref = dialogCloseHref(pathname, search, [GUESSED_PARAM]);
  return (
    <ModalDialog
      id={GUESSED_STORE_DIALOG}
      title="We Picked a Store for You"
      requested
      closeHref={closeHref}
    >
      <p className="dialog__body">
        <strong>{storeName}</strong> was automatically selected as your store based on your
        location.
      </p>
      <div className="dialog__actions">
        {canChangeStores ? (
          <Link to="/stores" className="button button--secondary">
            Change My Home Store
          </Link>
        ) : null}
        <DialogCloseLink
          dialogId={GUESSED_STORE_DIALOG}
          to={closeHref}
          className="button button--primary"
          data-autofocus
        >
          Continue at {storeName}
        </DialogCloseLink>
      </div>
    </ModalDialog>
  );
}
