import { useRef, useState } from "react";
import { useHydrated } from "~/components/useHydrated";
import { FieldError } from "~/components/forms/FieldError";

interface PickupLocationView {
  id: number;
  name: string;
  address_1: string;
  address_2: string | null;
}

interface PickupLocationFieldProps {
  name: string;
  /** The id the error summary links to. */
  id: string;
  locations: PickupLocationView[];
  defaultId: string;
  error: string | null;
}

const DIALOG_ID = "pickup-location-dialog";

function LocationText({ location }: { location: PickupLocationView }) {
  return (
    <>
      <span className="location__name">{location.name}</span>
      <span className="location__address">
        {location.address_1}
        {location.address_2 ? ` · ${location.address_2}` : ""}
      </span>
    </>
  );
}

/** The chosen location, as the row shows it in both modes (a span: a summary holds no <p>). */
function CurrentLocation({ selected }: { selected: PickupLocationView | null }) {
  return (
    <span className="location">
      {selected ? (
        <LocationText location={selected} />
      ) : (
        <span>No pickup location chosen yet.</span>
      )}
    </span>
  );
}

/**
 * The pickup location selector: a radio list of the department's locations. With JS the form
 * shows the choice and 'Change' opens the list in a modal dialog (still inside the form, so its
 * radios are posted with it). Without JS the same row is a disclosure that unfolds the list in
 * place: the two rows are the same height, so hydration swaps one for the other without moving
 * the page below (no layout shift). With one location there is nothing to choose.
 */
export function PickupLocationField({
  name,
  id,
  locations,
  defaultId,
  error,
}: PickupLocationFieldProps) {
  const hydrated = useHydrated();
  const [selectedId, setSelectedId] = useState(defaultId);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const errorId = `${id}-error`;
  const selected = locations.find((location) => String(location.id) === selectedId) ?? null;

  if (locations.length === 1) {
    const only = locations[0]!;
    return (
      <div className="location location--fixed" id={id}>
        <input type="hidden" name={name} value={only.id} />
        <LocationText location={only} />
      </div>
    );
  }

  const radios = (
    <fieldset
      className="radio-list"
      id={hydrated ? undefined : id}
      aria-describedby={error && !hydrated ? errorId : undefined}
      aria-invalid={error && !hydrated ? true : undefined}
    >
      {/* The section's heading says it on screen: the legend names the group for a reader. */}
      <legend className="visually-hidden">Pickup Location</legend>
      {locations.map((location) => (
        <div key={location.id} className="radio-list__option">
          <input
            type="radio"
            id={`${id}-${location.id}`}
            name={name}
            value={location.id}
            checked={selectedId === String(location.id)}
            onChange={() => setSelectedId(String(location.id))}
          />
          <label htmlFor={`${id}-${location.id}`}>
            <LocationText location={location} />
          </label>
        </div>
      ))}
    </fieldset>
  );

  const action = selected ? "Change" : "Choose";
  if (!hydrated) {
    return (
      <div className="location-field">
        {/* Unfolded while there is something to fix: no choice yet, or an error to read. */}
        <details className="location-field__fold" open={!selected || Boolean(error)}>
          <summary className="location-field__current">
            <CurrentLocation selected={selected} />
            <span className="button button--secondary button--small">
              {action}
              <span className="visually-hidden"> pickup location</span>
            </span>
          </summary>
          {radios}
        </details>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }

  const close = () => dialog.current?.close();
  return (
    <div className="location-field">
      <div className="location-field__current">
        <CurrentLocation selected={selected} />
        <button
          ref={opener}
          type="button"
          id={id}
          className="button button--secondary button--small"
          aria-haspopup="dialog"
          aria-describedby={error ? errorId : undefined}
          onClick={() => dialog.current?.showModal()}
        >
          {action}
          <span className="visually-hidden"> pickup location</span>
        </button>
      </div>
      <FieldError id={errorId} message={error} />
      <dialog
        ref={dialog}
        id={DIALOG_ID}
        className="dialog"
        aria-labelledby={`${DIALOG_ID}-title`}
        onClose={() => opener.current?.focus()}
      >
        <h2 id={`${DIALOG_ID}-title`} className="dialog__title">
          Choose a Pickup Location
        </h2>
        {radios}
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={close}>
            Done
          </button>
        </div>
      </dialog>
    </div>
  );
}
