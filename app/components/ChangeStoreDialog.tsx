import { Form, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { DIALOG_PARAM, dialogCloseHref } from "~/lib/dialog-url";
import { CsrfInput } from "./CsrfInput";
import { DialogCloseLink, ModalDialog } from "./Dialog";

export const CHANGE_STORE_DIALOG = "change-store";

/** Confirms a change of store: the cart is emptied, then the store locator opens. */
export function ChangeStoreDialog() {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const closeHref = dialogCloseHref(pathname, search);
  const pending = navigation.state !== "idle" && navigation.formAction === "/change-store";
  return (
    <ModalDialog
      id={CHANGE_STORE_DIALOG}
      title="Are You Sure You Want To Change Your Store?"
      requested={searchParams.get(DIALOG_PARAM) === CHANGE_STORE_DIALOG}
      closeHref={closeHref}
    >
      <p className="dialog__body">Changing your store will remove the contents of your cart.</p>
      <div className="dialog__actions">
        <DialogCloseLink
          dialogId={CHANGE_STORE_DIALOG}
          to={closeHref}
          className="button button--secondary"
        >
          Cancel
        </DialogCloseLink>
        <Form method="post" action="/change-store">
          <CsrfInput />
          {/* It empties the cart: styled as the destructive action it is. */}
          <button
            type="submit"
            className="button button--danger"
            aria-disabled={pending || undefined}
          >
            {pending && <span className="spinner" aria-hidden="true" />}
            Change Store
          </button>
        </Form>
      </div>
    </ModalDialog>
  );
}
