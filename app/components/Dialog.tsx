/**
 * A dialog that works without JavaScript: its URL (`?dialog=…`) makes the server render it open,
 * as a section over the page with real links and forms. With JavaScript the same markup opens as
 * a modal `<dialog>` (focus moves in, Escape closes, focus returns to what opened it), and the
 * links that open and close it stop navigating.
 */
import { Link, useLocation, useNavigate, type LinkProps } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "./useHydrated";

const openers = new WeakMap<HTMLDialogElement, Element | null>();

function findDialog(id: string): HTMLDialogElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLDialogElement ? element : null;
}

function openModal(dialog: HTMLDialogElement) {
  if (dialog.open && dialog.matches(":modal")) return;
  openers.set(dialog, document.activeElement);
  if (dialog.open) dialog.close(); // server-rendered open (non-modal): reopen as a modal
  dialog.showModal();
  // showModal focuses the first control; a dialog may name its expected action instead.
  dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
}

interface ModalDialogProps {
  id: string;
  title: string;
  /** The URL asks for this dialog: render it open (and, with JS, open it as a modal). */
  requested: boolean;
  /** Where closing leads when the URL asked for the dialog (the same page without the parameter). */
  closeHref: string;
  /** Called once the dialog has closed (after focus went back to what opened it). */
  onClose?: () => void;
  children: ReactNode;
}

export function ModalDialog({
  id,
  title,
  requested,
  closeHref,
  onClose,
  children,
}: ModalDialogProps) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { key: locationKey, pathname, search } = useLocation();

  useEffect(() => {
    if (hydrated && requested && ref.current) openModal(ref.current);
  }, [hydrated, requested]);

  // A dialog opened in place closes when the shopper moves on (e.g. its form was submitted). Not
  // as it mounts: a click can open it between React putting it on the page and running this.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current && !requested && ref.current?.open) ref.current.close();
    mounted.current = true;
  }, [locationKey, requested]);

  if (!requested && !hydrated) return null;

  const handleClose = () => {
    const dialog = ref.current;
    const opener = dialog ? openers.get(dialog) : null;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    // Keep the URL honest: a dialog opened by URL leaves it when closed. One the page's data
    // opened (the cart's recommendations) is already at its close address: going there again
    // would reload the page's data and, on landing, close a dialog opened meanwhile.
    if (requested && closeHref !== pathname + search)
      navigate(closeHref, { replace: true, preventScrollReset: true });
    onClose?.();
  };

  return (
    <dialog
      ref={ref}
      id={id}
      className="dialog"
      aria-labelledby={`${id}-title`}
      // Server-rendered open; after hydration the modal state is driven by showModal().
      open={requested && !hydrated ? true : undefined}
      onClose={handleClose}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** Opens a dialog that exists only with JS (`requested` false) from a button of the page. */
export function openDialog(id: string) {
  const dialog = findDialog(id);
  if (dialog) openModal(dialog);
}

type DialogLinkProps = Omit<LinkProps, "onClick"> & { dialogId: string };

/** A link to the dialog's URL; with JS it opens the dialog in place. */
export function DialogOpenLink({ dialogId, ...props }: DialogLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = findDialog(dialogId);
    if (!dialog) return;
    event.preventDefault();
    openModal(dialog);
  };
  return <Link {...props} onClick={onClick} preventScrollReset />;
}

/** A link out of the dialog (Cancel, Continue); with JS it just closes the dialog. */
export function DialogCloseLink({ dialogId, ...props }: DialogLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = findDialog(dialogId);
    if (!dialog?.open) return;
    event.preventDefault();
    dialog.close();
  };
  return <Link {...props} onClick={onClick} preventScrollReset />;
}

/**
 * The × in the corner of a script-opened dialog: a `method="dialog"` form, so the browser closes
 * the <dialog> itself. `label` names it for screen readers ('Close', 'Zoom out').
 */
export function DialogCornerClose({ label = "Close" }: { label?: string }) {
  return (
    <form method="dialog" className="quick-view__close-form">
      <button type="submit" className="quick-view__close" aria-label={label}>
        <span aria-hidden="true">×</span>
      </button>
    </form>
  );
}
