import { useEffect, useRef, type Ref } from "react";
import { ModalDialog, openDialog } from "~/components/Dialog";
import { FIELD } from "~/lib/item-form";
import { Field } from "~/components/forms/Field";
import { describedBy, FieldError } from "~/components/forms/FieldError";

const PHOTO_DISCLAIMER =
  "By adding a photo you confirm that you took it or have the right to use it, and that it shows nothing offensive, trademarked or copyrighted by others. Our decorators print it on edible paper as closely as they can; colors may differ from your screen. We may decline a photo we cannot print and will call you if we do.";
const PHOTO_DISCLAIMER_TITLE = "Photo upload disclaimer";
const PHOTO_DIALOG = "photo-disclaimer";

interface PhotoUploadProps {
  consent: boolean;
  onConsent: (accepted: boolean) => void;
  consentError: string | undefined;
  photoError: string | undefined;
  hydrated: boolean;
  /** The photo already on the item being edited. */
  currentImageUrl: string | null;
}

/**
 * The customer photo (spec §5: requires accepting a disclaimer; the file must be an image).
 * With scripts, 'Add a Photo' opens the disclaimer as a dialog (spec §2) and the file input
 * appears only once it is accepted; without them the disclaimer is on the page with a checkbox
 * that a photo requires. The server refuses a photo sent without the acceptance either way, and
 * the API checks that the file really is an image.
 */
export function PhotoUpload(props: PhotoUploadProps) {
  const { consent, consentError, hydrated, currentImageUrl } = props;
  return (
    <fieldset className="photo-upload">
      <legend className="facet__legend">
        Your Photo <span className="facet-tag">Optional</span>
      </legend>
      {hydrated ? (
        <DisclaimerDialog {...props} />
      ) : (
        <>
          <div className="photo-upload__disclaimer" id="photo-disclaimer">
            <p className="photo-upload__disclaimer-title">{PHOTO_DISCLAIMER_TITLE}</p>
            <p>{PHOTO_DISCLAIMER}</p>
          </div>
          <FieldError id="item-photo-consent-error" message={consentError} />
          <label className="consent-check">
            <input
              id="item-photo-consent"
              type="checkbox"
              name={FIELD.photoConsent}
              value="1"
              checked={consent}
              onChange={(event) => props.onConsent(event.target.checked)}
              aria-describedby={describedBy(
                "photo-disclaimer",
                consentError && "item-photo-consent-error",
              )}
              aria-invalid={consentError ? true : undefined}
            />
            <span>I accept the photo upload disclaimer (required to add a photo)</span>
          </label>
          <PhotoInput error={props.photoError} />
        </>
      )}
      {currentImageUrl ? (
        <figure className="photo-upload__current">
          <img src={currentImageUrl} alt="The photo on this item" width={96} height={96} />
          <figcaption>Current photo. Choose another to replace it.</figcaption>
        </figure>
      ) : null}
    </fieldset>
  );
}

function PhotoInput({
  error,
  inputRef,
}: {
  error: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field id="item-photo" label="Photo (JPEG, PNG, GIF or WebP, up to 5 MB)" error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="input input--file"
          type="file"
          name={FIELD.photo}
          accept="image/jpeg,image/png,image/gif,image/webp"
        />
      )}
    </Field>
  );
}

/** With scripts: the disclaimer must be accepted in its dialog before a file can be chosen. */
function DisclaimerDialog({ consent, onConsent, consentError, photoError }: PhotoUploadProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const justAccepted = useRef(false);

  // Accepted: the file input has just appeared, and the shopper goes on there.
  useEffect(() => {
    if (consent && justAccepted.current) fileInput.current?.focus();
    justAccepted.current = false;
  }, [consent]);

  const close = () => {
    const dialog = document.getElementById(PHOTO_DIALOG);
    if (dialog instanceof HTMLDialogElement) dialog.close();
  };

  return (
    <>
      <FieldError id="item-photo-consent-error" message={consentError} />
      {consent ? (
        <>
          {/* The acceptance travels with the form: the server checks it again. */}
          <input type="hidden" name={FIELD.photoConsent} value="1" />
          <p className="photo-upload__accepted">You accepted the photo upload disclaimer.</p>
          <PhotoInput error={photoError} inputRef={fileInput} />
        </>
      ) : (
        <div className="photo-upload__start">
          <p className="field__hint" id="photo-upload-hint">
            To add a photo, first read and accept the photo upload disclaimer.
          </p>
          <button
            type="button"
            id="item-photo-consent"
            className="button button--secondary"
            aria-describedby={describedBy(
              "photo-upload-hint",
              consentError && "item-photo-consent-error",
            )}
            onClick={() => openDialog(PHOTO_DIALOG)}
          >
            Add a Photo
          </button>
        </div>
      )}
      <ModalDialog id={PHOTO_DIALOG} title={PHOTO_DISCLAIMER_TITLE} requested={false} closeHref="">
        <p className="dialog__body">{PHOTO_DISCLAIMER}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              // Closed first, while the button that opened it is still there to take focus back.
              close();
              justAccepted.current = true;
              onConsent(true);
            }}
          >
            Accept
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
