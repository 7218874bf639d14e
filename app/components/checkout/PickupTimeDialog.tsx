import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { loadOnce, useLazyModule } from "~/components/useLazyModule";
import { PICKUP_TIME_GONE } from "@core/rules/pickup-slot-messages";
import type { action, loader } from "~/routes/fulfillment-time";

const DIALOG_ID = "pickup-time-dialog";

/** The picker's code is not on the checkout's first load: it is fetched when the dialog opens. */
const loadForm = loadOnce(() => import("./PickupTimeForm"));

/**
 * /checkout's 'Change' for the pickup (or delivery) time, with JavaScript: the time picker of
 * /fulfillment-time in a modal dialog. It loads that page's times when opened and saves through
 * its action; the checkout's time then updates in place and focus returns to 'Change'. A refused
 * time keeps the dialog open with the message and the times fetched again. (Without JavaScript,
 * 'Change' is a link to /fulfillment-time, which comes back here after saving.)
 */
export function usePickupTimeDialog(noun: "pickup" | "delivery") {
  const times = useFetcher<typeof loader>();
  const saver = useFetcher<typeof action>();
  const picker = useLazyModule(loadForm);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Each load of the times starts the selects over.
  const [loads, setLoads] = useState(0);
  const Noun = noun === "delivery" ? "Delivery" : "Pickup";

  const loadTimes = () => {
    times.load("/fulfillment-time");
    setLoads((n) => n + 1);
  };

  const open = () => {
    void picker.start();
    setError(null);
    loadTimes();
    dialog.current?.showModal();
  };

  // The save's answer: close on success (focus goes back to 'Change'), else say why and reload.
  const settled = saver.state === "idle" ? saver.data : undefined;
  useEffect(() => {
    if (!settled) return;
    if ("saved" in settled && settled.saved) {
      dialog.current?.close();
    } else {
      setError(settled.error ?? PICKUP_TIME_GONE);
      loadTimes();
    }
    // loadTimes is a fresh closure each render; the answer alone decides what happens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const page = times.state === "idle" ? times.data : undefined;
  const PickupTimeForm = picker.module?.PickupTimeForm;
  // The times replace the loading text (and the Cancel that held focus): focus goes to the Day,
  // or to the refused Time, which takes it itself.
  useEffect(() => {
    if (page && PickupTimeForm && !error && dialog.current?.open) {
      dialog.current.querySelector<HTMLElement>("select, button")?.focus();
    }
  }, [page, PickupTimeForm, error]);
  const cancel = (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => dialog.current?.close()}
    >
      Cancel
    </button>
  );

  // Two pieces: the dialog holds a form of its own, so it is rendered outside the checkout form.
  const button = (
    <button
      ref={opener}
      type="button"
      className="button button--secondary button--small"
      aria-haspopup="dialog"
      onClick={open}
    >
      Change<span className="visually-hidden"> {noun} time</span>
    </button>
  );
  const dialogElement = (
    <dialog
      ref={dialog}
      id={DIALOG_ID}
      className="dialog pickup-time-dialog"
      aria-labelledby={`${DIALOG_ID}-title`}
      onClose={() => opener.current?.focus()}
    >
      <h2 id={`${DIALOG_ID}-title`} className="dialog__title">
        {page && page.days.length === 0 ? "No Availability" : `Choose Your ${Noun} Time`}
      </h2>
      {page && PickupTimeForm ? (
        <PickupTimeForm
          key={loads}
          days={page.days}
          computedAt={page.computedAt}
          rules={page.rules}
          deliveryMinutes={page.deliveryMinutes}
          initialDay={page.initialDay}
          initialValue={page.initialValue}
          error={error}
          noun={page.noun}
          secondaryAction={cancel}
          submitLabel="Save"
          fetcher={saver}
          idPrefix="dialog-pickup"
          from="checkout"
        />
      ) : (
        <>
          <p role="status">Loading {noun} times…</p>
          <div className="dialog__actions">{cancel}</div>
        </>
      )}
    </dialog>
  );
  return { button, dialog: dialogElement };
}
