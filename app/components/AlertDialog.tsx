/**
 * Store alerts (spec §2): shown one at a time; closing one records it as seen and the next one
 * shows. Without JavaScript the alert is a dialog section at the top of the page whose Close is a
 * real form post (the dismiss route answers with a redirect back here). With JavaScript the same
 * markup opens as a modal <dialog>; Close or Escape records it in the background and the next
 * alert opens at once.
 */
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CsrfInput } from "./CsrfInput";
import { useHydrated } from "./useHydrated";

export interface StoreAlert {
  id: number;
  type: "message" | "image";
  name: string;
  message: string | null;
  image_url: string | null;
  alt_text: string | null;
}

/** The form field that sends a no-JS shopper back where they were. */
export const REDIRECT_FIELD = "redirectTo";

export const alertDismissPath = (id: number) => `/alerts/${id}/dismiss`;

export function StoreAlerts({ alerts }: { alerts: StoreAlert[] }) {
  // Closed here already; the loaders stop listing them once the dismissal is recorded.
  const [closed, setClosed] = useState<number[]>([]);
  const current = alerts.find((alert) => !closed.includes(alert.id));
  if (!current) return null;
  return (
    <AlertDialog
      key={current.id}
      alert={current}
      onClosed={() => setClosed((ids) => [...ids, current.id])}
    />
  );
}

function AlertDialog({ alert, onClosed }: { alert: StoreAlert; onClosed: () => void }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const recorded = useRef(false);
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const titleId = `alert-${alert.id}-title`;
  const action = alertDismissPath(alert.id);

  useEffect(() => {
    const element = dialog.current;
    if (!hydrated || !element || element.matches(":modal")) return;
    // Open as a section (no JS yet): reopen as a modal. Removing the attribute, unlike close(),
    // fires no close event, so this does not count as the shopper closing it.
    if (element.open) element.removeAttribute("open");
    element.showModal();
  }, [hydrated]);

  /** Every way of closing (Close, Escape) records the alert once, without leaving the page. */
  const onClose = () => {
    if (recorded.current || !form.current) return;
    recorded.current = true;
    const data = new FormData(form.current);
    // No redirect: the fetcher gets a plain answer and the page's data is reloaded.
    data.delete(REDIRECT_FIELD);
    fetcher.submit(data, { method: "post", action });
    onClosed();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!dialog.current?.open) return;
    event.preventDefault();
    dialog.current.close();
  };

  const image = alert.type === "image" && alert.image_url;

  return (
    <dialog
      ref={dialog}
      className={`dialog alert-dialog alert-dialog--${alert.type}`}
      aria-labelledby={titleId}
      // Server-rendered open as a section of the page; after hydration showModal() drives it.
      open={hydrated ? undefined : true}
      onClose={hydrated ? onClose : undefined}
    >
      <h2 id={titleId} className={image ? "visually-hidden" : "dialog__title"}>
        {alert.name}
      </h2>
      {image ? (
        <img
          className="alert-dialog__image"
          src={alert.image_url!}
          alt={alert.alt_text ?? alert.name}
          width={600}
          height={300}
        />
      ) : null}
      {!image && alert.message ? <p className="alert-dialog__message">{alert.message}</p> : null}
      <Form
        ref={form}
        method="post"
        action={action}
        className="dialog__actions"
        onSubmit={hydrated ? onSubmit : undefined}
      >
        <CsrfInput />
        <input type="hidden" name={REDIRECT_FIELD} value={`${pathname}${search}`} />
        <button type="submit" className="button button--primary" data-autofocus>
          Close
        </button>
      </Form>
    </dialog>
  );
}
