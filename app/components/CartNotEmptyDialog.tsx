import {
  Form,
  useLocation,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { DIALOG_PARAM, dialogCloseHref } from "~/lib/dialog-url";
import {
  departmentOfPath,
  LEAVE_ORDER_ACTION,
  LEAVE_ORDER_DIALOG,
  LEAVE_TO_PARAM,
} from "~/lib/leave-order";
import { CsrfInput } from "./CsrfInput";
import { DialogCloseLink, ModalDialog } from "./Dialog";

export const CART_NOT_EMPTY_DIALOG = "cart-not-empty";
export const CART_NOT_EMPTY_DEPARTMENTS_DIALOG = "cart-not-empty-departments";

interface CartNotEmptyQuestionProps {
  id: string;
  requested: boolean;
  /** What cancelling takes off the URL without JS: the page stays as it was. */
  closeParams?: readonly string[];
  /** "go home", "go to Bakery", "edit this order"… */
  going: string;
  /** The confirming form ('Yes, I'm Sure — …'). */
  children: ReactNode;
}

/**
 * 'Your Cart is NOT Empty!' (spec §2): asked before going somewhere, or doing something, that
 * gives up the order in the cart. Cancel keeps everything as it is; the confirming form (its
 * 'Yes, I'm Sure') is the one place that lets the order go.
 */
export function CartNotEmptyQuestion(props: CartNotEmptyQuestionProps) {
  const { id, requested, closeParams, going, children } = props;
  const { pathname, search } = useLocation();
  const closeHref = dialogCloseHref(pathname, search, closeParams);
  return (
    <ModalDialog
      id={id}
      title="Your Cart is NOT Empty!"
      requested={requested}
      closeHref={closeHref}
    >
      <p className="dialog__body">If you {going} now, your current order will be lost.</p>
      <div className="dialog__actions">
        <DialogCloseLink dialogId={id} to={closeHref} className="button button--secondary">
          Cancel
        </DialogCloseLink>
        {children}
      </div>
    </ModalDialog>
  );
}

/** 'Yes, I'm Sure' of a move: posts to /leave-order, which gives the order up and goes on to `to`. */
function LeaveOrderForm({ to, confirmLabel }: { to: string; confirmLabel: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formAction === LEAVE_ORDER_ACTION &&
    navigation.formData?.get(LEAVE_TO_PARAM) === to;
  return (
    <Form method="post" action={LEAVE_ORDER_ACTION}>
      <CsrfInput />
      <input type="hidden" name={LEAVE_TO_PARAM} value={to} />
      {/* It gives the order up: styled as the destructive action it is. */}
      <button type="submit" className="button button--danger" aria-disabled={pending || undefined}>
        {pending && <span className="spinner" aria-hidden="true" />}
        {confirmLabel}
      </button>
    </Form>
  );
}

/** Asked before leaving for home with items in the cart (home abandons the order). */
export function CartNotEmptyDialog() {
  const [searchParams] = useSearchParams();
  return (
    <CartNotEmptyQuestion
      id={CART_NOT_EMPTY_DIALOG}
      requested={searchParams.get(DIALOG_PARAM) === CART_NOT_EMPTY_DIALOG}
      going="go home"
    >
      <LeaveOrderForm to="/" confirmLabel="Yes, I'm Sure — Go Home" />
    </CartNotEmptyQuestion>
  );
}

/**
 * The same question before going to the departments list: the order belongs to one department,
 * so it is left behind before the departments of `storeId` open.
 */
export function CartNotEmptyDepartmentsDialog({ storeId }: { storeId: number }) {
  const [searchParams] = useSearchParams();
  return (
    <CartNotEmptyQuestion
      id={CART_NOT_EMPTY_DEPARTMENTS_DIALOG}
      requested={searchParams.get(DIALOG_PARAM) === CART_NOT_EMPTY_DEPARTMENTS_DIALOG}
      going="go to the departments"
    >
      <LeaveOrderForm
        to={`/stores/${storeId}/departments`}
        confirmLabel="Yes, I'm Sure — Go To Departments"
      />
    </CartNotEmptyQuestion>
  );
}

interface StoreRouteData {
  store?: { departments: { id: number; name: string }[] };
}

/**
 * The question the server asks when a request would abandon the order (a department other than
 * the order's, or home): `?dialog=leave-order&leave-to=…` over the page the shopper came from.
 */
export function LeaveOrderDialog() {
  const [searchParams] = useSearchParams();
  const store = useRouteLoaderData<StoreRouteData>("routes/stores.$store")?.store;
  const to = searchParams.get(LEAVE_TO_PARAM);
  if (searchParams.get(DIALOG_PARAM) !== LEAVE_ORDER_DIALOG || !to?.startsWith("/")) return null;

  const departmentId = departmentOfPath(to)?.departmentId;
  const name = store?.departments.find((d) => d.id === departmentId)?.name;
  const [going, confirmLabel] =
    to === "/"
      ? ["go home", "Yes, I'm Sure — Go Home"]
      : name
        ? [`go to ${name}`, `Yes, I'm Sure — Go To ${name}`]
        : ["change department", "Yes, I'm Sure — Change Department"];
  return (
    <CartNotEmptyQuestion
      id={LEAVE_ORDER_DIALOG}
      requested
      closeParams={[DIALOG_PARAM, LEAVE_TO_PARAM]}
      going={going}
    >
      <LeaveOrderForm to={to} confirmLabel={confirmLabel} />
    </CartNotEmptyQuestion>
  );
}
