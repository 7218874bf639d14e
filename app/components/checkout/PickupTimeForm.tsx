import { Form, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { useHydrated } from "~/components/useHydrated";
import { loadOnce, useLazyModule } from "~/components/useLazyModule";
import { NO_DELIVERY_TIME, NO_PICKUP_TIME } from "@core/rules/pickup-slot-messages";
import { firstOpenSlot } from "@core/rules/open-slots";
import type { SlotDay, SlotRules } from "@core/rules/pickup-slots";
import { FieldError } from "~/components/forms/FieldError";
import { useMinuteClock } from "./useMinuteClock";

/** The slot rules (with date-fns), fetched on first use: the shown day's times come rendered. */
const loadSlotRules = loadOnce(() => import("@core/rules/pickup-slots"));

interface PickupTimeFormProps {
  /** The days as the server computed them (the times of the shown day at least). */
  days: SlotDay[];
  /**
   * The rules the days came from, and when: the picker computes every day's times from them (the
   * same on the server and in the browser), and again each minute, dropping slots that pass.
   */
  rules: SlotRules | null;
  computedAt: number;
  deliveryMinutes: number;
  /** The day shown first (YYYY-MM-DD) and the time selected in it (an ISO instant). */
  initialDay: string;
  initialValue: string;
  error: string | null;
  noun: "pickup" | "delivery";
  /** Beside the submit button: 'Continue Shopping' on the page, 'Cancel' in the dialog. */
  secondaryAction: ReactNode;
  submitLabel?: string;
  /** Saves without leaving the page (the checkout's dialog); else a plain form post. */
  fetcher?: FetcherWithComponents<unknown>;
  /** Prefix of the controls' ids, so the dialog's never clash with the page's. */
  idPrefix?: string;
  /** Where the form was opened from, posted with it (the checkout's dialog stays on /checkout). */
  from?: "checkout";
}

/**
 * Day and Time selects. With JS the time options follow the day at once, and the slots are
 * recomputed each minute; a chosen time that has passed gives way to the earliest one (spec §4),
 * and the change is announced. Without JS the Time select lists the times of the day shown, and
 * 'Update times' posts the form to see another day's (the page comes back with `?day=`). The
 * form posts the day with the chosen instant, so a time left from another day is refused rather
 * than booked.
 */
export function PickupTimeForm({
  days: serverDays,
  rules,
  computedAt,
  deliveryMinutes,
  initialDay,
  initialValue,
  error,
  noun,
  secondaryAction,
  submitLabel = "Next",
  fetcher,
  idPrefix = "pickup",
  from,
}: PickupTimeFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const now = useMinuteClock();
  // The server's days (the shown day with its times) until the rules are here: the markup
  // hydrates against the data it was rendered from, not against a recomputation (which a
  // browser's clock or time-zone data could tell apart). The rules (with date-fns) are fetched
  // once the page is running, not before it can be used; then every day's times come from them.
  const slotRules = useLazyModule(loadSlotRules);
  useEffect(() => {
    void slotRules.start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const days = useMemo(
    () =>
      slotRules.module && rules
        ? slotRules.module.pickupSlots(now ?? new Date(computedAt), rules, { deliveryMinutes })
        : serverDays,
    [slotRules.module, now, rules, computedAt, deliveryMinutes, serverDays],
  );
  const [day, setDay] = useState(initialDay);
  const [value, setValue] = useState(initialValue);
  const [passedNotice, setPassedNotice] = useState("");
  const shown = days.find((d) => d.date === day) ?? days[0];
  const slots = shown?.slots ?? [];
  // After the times were fetched again, a vanished or filled choice falls back to the day's
  // first open time.
  const selected = slots.some((slot) => slot.value === value && !slot.full)
    ? value
    : (firstOpenSlot(slots)?.value ?? "");
  const saving = fetcher
    ? fetcher.state === "submitting"
    : navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  // The minute turned and the chosen time is gone: the earliest time left is chosen, and said.
  useEffect(() => {
    if (!now || !value || days.some((d) => d.slots.some((slot) => slot.value === value))) return;
    const first = days[0];
    const earliest = first && firstOpenSlot(first.slots);
    setDay(first?.date ?? "");
    setValue(earliest?.value ?? "");
    setPassedNotice(
      first && earliest
        ? `The ${noun} time you chose has passed. ${first.label} at ${earliest.label} is now selected.`
        : `The ${noun} time you chose has passed.`,
    );
  }, [now, days, value, noun]);

  const ids = {
    day: `${idPrefix}-day`,
    time: `${idPrefix}-time`,
    error: `${idPrefix}-time-error`,
  };
  const FormElement = fetcher ? fetcher.Form : Form;

  return (
    <FormElement method="post" action="/fulfillment-time" className="pickup-form" noValidate>
      <CsrfInput />
      {from ? <input type="hidden" name="from" value={from} /> : null}
      {days.length === 0 ? (
        <p className="notice notice--error" role="status">
          {noun === "delivery" ? NO_DELIVERY_TIME : NO_PICKUP_TIME}
        </p>
      ) : (
        <div className="pickup-form__fields">
          <div className="field">
            <label htmlFor={ids.day}>Day</label>
            <div className="pickup-form__day">
              <select
                id={ids.day}
                name="day"
                className="input select"
                value={shown?.date ?? ""}
                onChange={(event) => {
                  const next = days.find((d) => d.date === event.currentTarget.value);
                  setDay(event.currentTarget.value);
                  setValue((next && firstOpenSlot(next.slots)?.value) ?? "");
                }}
              >
                {days.map((d) => (
                  <option key={d.date} value={d.date}>
                    {d.label}
                  </option>
                ))}
              </select>
              {hydrated ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="show-day"
                  className="button button--secondary"
                >
                  Update times
                </button>
              )}
            </div>
            {hydrated ? null : (
              <p className="field__hint">Changed the day? Choose Update times to see its times.</p>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.time}>Time</label>
            <select
              id={ids.time}
              name="pickup_at"
              className="input select"
              value={selected}
              onChange={(event) => setValue(event.currentTarget.value)}
              // A refused time comes back with the message: the shopper is taken to choose again.
              autoFocus={Boolean(error)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            >
              {slots.map((slot) => (
                // A full slot is listed so the shopper sees it is taken, and cannot be chosen.
                <option key={slot.value} value={slot.value} disabled={slot.full}>
                  {slot.note ? `${slot.label} (${slot.note})` : slot.label}
                </option>
              ))}
            </select>
            <FieldError id={ids.error} message={error} />
          </div>
        </div>
      )}
      <div className="button-row pickup-form__buttons">
        {days.length === 0 ? null : (
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={saving || undefined}
          >
            {saving ? <span className="spinner" aria-hidden="true" /> : null}
            {submitLabel}
          </button>
        )}
        {secondaryAction}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {saving ? `Saving your ${noun} time…` : passedNotice}
      </p>
    </FormElement>
  );
}
