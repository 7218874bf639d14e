import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { useHydrated } from "~/components/useHydrated";
import type { SlotDay } from "~/lib/pickup-slots";
import { InlineError } from "./InlineError";

interface PickupTimeFormProps {
  days: SlotDay[];
  /** The day shown first (YYYY-MM-DD) and the time selected in it (an ISO instant). */
  initialDay: string;
  initialValue: string;
  error: string | null;
  noun: "pickup" | "delivery";
  continueHref: string;
}

/**
 * Day and Time selects. With JS the time options follow the day at once. Without JS the Time
 * select lists the times of the day shown, and 'Update times' posts the form to see another day's
 * (the page comes back with `?day=`). Next posts the day with the chosen instant, so a time left
 * from another day is refused rather than booked.
 */
export function PickupTimeForm({
  days,
  initialDay,
  initialValue,
  error,
  noun,
  continueHref,
}: PickupTimeFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [day, setDay] = useState(initialDay);
  const [value, setValue] = useState(initialValue);
  const shown = days.find((d) => d.date === day) ?? days[0];
  const slots = shown?.slots ?? [];
  // After the times were fetched again, a vanished choice falls back to the day's first time.
  const selected = slots.some((slot) => slot.value === value) ? value : (slots[0]?.value ?? "");
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <>
      <Form method="post" action="/fulfillment-time" className="pickup-form" noValidate>
        <CsrfInput />
        <div className="pickup-form__fields">
          <div className="field">
            <label htmlFor="pickup-day">Day</label>
            <div className="pickup-form__day">
              <select
                id="pickup-day"
                name="day"
                className="input select"
                value={shown?.date ?? ""}
                onChange={(event) => {
                  const next = days.find((d) => d.date === event.currentTarget.value);
                  setDay(event.currentTarget.value);
                  setValue(next?.slots[0]?.value ?? "");
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
            <label htmlFor="pickup-time">Time</label>
            <select
              id="pickup-time"
              name="pickup_at"
              className="input select"
              value={selected}
              onChange={(event) => setValue(event.currentTarget.value)}
              // A refused time comes back with the message: the shopper is taken to choose again.
              autoFocus={Boolean(error)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "pickup-time-error" : undefined}
            >
              {slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {slot.label}
                </option>
              ))}
            </select>
            <InlineError id="pickup-time-error" message={error} />
          </div>
        </div>
        <div className="button-row pickup-form__buttons">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={saving || undefined}
          >
            {saving ? <span className="spinner" aria-hidden="true" /> : null}
            Next
          </button>
          <Link to={continueHref} className="button button--secondary">
            Continue Shopping
          </Link>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {saving ? `Saving your ${noun} time…` : ""}
        </p>
      </Form>
    </>
  );
}
