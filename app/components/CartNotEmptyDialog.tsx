import { Form, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { DIALOG_PARAM, dialogCloseHref } from "~/lib/dialog-url";
import { CsrfInput } from "./CsrfInput";
import { DialogCloseLink, ModalDialog } from "./Dialog";

export const CART_NOT_EMPTY_DIALOG = "cart-not-empty";
export const CART_NOT_EMPTY_DEPARTMENTS_DIALOG = "cart-not-empty-departments";

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

/**
 * The same question before going to the departments list: the order belongs to one department,
 * so it is left behind (the cart action forgets it, then opens the departments of `storeId`).
 */
export function CartNotEmptyDepartmentsDialog({ storeId }: { storeId: number }) {
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const closeHref = dialogCloseHref(pathname, search);
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "abandon-order";
  return (
    <ModalDialog
      id={CART_NOT_EMPTY_DEPARTMENTS_DIALOG}
      title="Your Cart is NOT Empty!"
      requested={searchParams.get(DIALOG_PARAM) === CART_NOT_EMPTY_DEPARTMENTS_DIALOG}
      closeHref={closeHref}
    >
      <p className="dialog__body">
        If you go to the departments now, your current order will be lost.
      </p>
      <div className="dialog__actions">
        <DialogCloseLink
          dialogId={CART_NOT_EMPTY_DEPARTMENTS_DIALOG}
          to={closeHref}
          className="button button--secondary"
        >
          Cancel
        </DialogCloseLink>
        <Form method="post" action="/cart">
          <CsrfInput />
          <input type="hidden" name="intent" value="abandon-order" />
          <input type="hidden" name="store" value={storeId} />
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={pending || undefined}
          >
            {pending && <span className="spinner" aria-hidden="true" />}
            Yes, I&apos;m Sure — Go To Departments
          </button>
        </Form>
      </div>
    </ModalDialog>
  );
}
