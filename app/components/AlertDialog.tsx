/**
 * Store alerts (spec §2): shown one at a time; closing one records it as seen and the next one
 * shows. Without JavaScript the alert is a dialog section at the top of the page whose Close is a
 * real form post (the dismiss route answers with a redirect back here). With JavaScript the same
 * markup opens as a modal <dialog>; Close or Escape records it in the background (a fetcher, no
 * redirect) and the next alert opens at once.
 */
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { CSRF_FIELD } from "~/lib/csrf";
import { CsrfInput } from "./CsrfInput";
import { focusIsLost, focusMainHeading } from "./focus-main-heading";
import { useHydrated } from "./useHydrated";
import { useShellData } from "./useShellData";

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

const alertDismissPath = (id: number) => `/alerts/${id}/dismiss`;

/** Ids closed earlier on the same page, sent along so that no dismissal is lost (see below). */
export const SEEN_FIELD = "seen";

export function StoreAlerts({ alerts }: { alerts: StoreAlert[] }) {
  const csrfToken = useShellData()?.csrfToken ?? "";
  const fetcher = useFetcher({ key: "store-alerts" });
  // Closed here (shown no more); the loaders stop listing them once the dismissal is recorded.
  const [closed, setClosed] = useState<number[]>([]);
  const [sent, setSent] = useState<number[]>([]);

  // The seen ids live in a cookie: two dismissals in flight at once would each start from the old
  // cookie and the later answer would drop the other's id. So one at a time, each carrying every
  // id closed so far.
  useEffect(() => {
    const latest = closed[closed.length - 1];
    if (fetcher.state !== "idle" || latest === undefined || sent.length === closed.length) return;
    const form = new FormData();
    form.set(CSRF_FIELD, csrfToken);
    for (const id of closed) form.append(SEEN_FIELD, String(id));
    fetcher.submit(form, { method: "post", action: alertDismissPath(latest) });
    setSent(closed);
  }, [closed, sent, fetcher, csrfToken]);

  const current = alerts.find((alert) => !closed.includes(alert.id));
  // The last alert closed: focus, which the dialog gives back to the page's start (nothing),
  // goes to the page's heading, where a shopper who never saw an alert starts.
  const allClosed = !current && closed.length > 0;
  useEffect(() => {
    if (allClosed && focusIsLost()) focusMainHeading();
  }, [allClosed]);
  if (!current) return null;
  return (
    <AlertDialog
      key={current.id}
      alert={current}
      onClosed={() => setClosed((ids) => (ids.includes(current.id) ? ids : [...ids, current.id]))}
    />
  );
}

function AlertDialog({ alert, onClosed }: { alert: StoreAlert; onClosed: () => void }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();
  const titleId = `alert-${alert.id}-title`;
  const action = alertDismissPath(alert.id);

  // The server's section, as painted before hydration: its room in the page (see the spacer).
  const section = useRef<{ height: number; margin: string } | null>(null);
  const spacer = useRef<HTMLDivElement>(null);

  // Layout effects: measured, swapped and reopened before the browser paints again.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!hydrated) {
      if (element.open) {
        const style = getComputedStyle(element);
        section.current = {
          height: element.getBoundingClientRect().height,
          margin: `${style.marginTop} 0 ${style.marginBottom}`,
        };
      }
      return;
    }
    if (element.matches(":modal")) return;
    // The section leaves the page for the top layer; the spacer keeps its room, so nothing below
    // jumps up (layout shift) until the shopper closes the alert.
    if (section.current && spacer.current) {
      spacer.current.style.height = `${section.current.height}px`;
      spacer.current.style.margin = section.current.margin;
    }
    // Open as a section (no JS yet): reopen as a modal. Removing the attribute, unlike close(),
    // fires no close event, so this does not count as the shopper closing it.
    if (element.open) element.removeAttribute("open");
    element.showModal();
  }, [hydrated]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!dialog.current?.open) return;
    event.preventDefault();
    // Closing (Close or Escape) is what records it: the close event calls onClosed.
    dialog.current.close();
  };

  const image = alert.type === "image" && alert.image_url;

  return (
    <>
      {hydrated ? <div ref={spacer} className="alert-dialog__spacer" aria-hidden="true" /> : null}
      <dialog
        ref={dialog}
        className={`dialog alert-dialog alert-dialog--${alert.type}`}
        aria-labelledby={titleId}
        // Server-rendered open as a section of the page; after hydration showModal() drives it.
        open={hydrated ? undefined : true}
        onClose={hydrated ? onClosed : undefined}
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
    </>
  );
}
