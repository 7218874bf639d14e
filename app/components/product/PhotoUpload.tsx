import { FIELD } from "~/lib/item-form";
import { describedBy, FieldError } from "./ErrorSummary";

export const PHOTO_DISCLAIMER =
  "By adding a photo you confirm that you took it or have the right to use it, and that it shows nothing offensive, trademarked or copyrighted by others. Our decorators print it on edible paper as closely as they can; colors may differ from your screen. We may decline a photo we cannot print and will call you if we do.";

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
 * The customer photo (spec §5: requires accepting a disclaimer; the file must be an image). The
 * file input is enabled once the disclaimer is accepted (with scripts); the server refuses a photo
 * sent without it either way, and the API checks that the file really is an image.
 */
export function PhotoUpload({
  consent,
  onConsent,
  consentError,
  photoError,
  hydrated,
  currentImageUrl,
}: PhotoUploadProps) {
  const locked = hydrated && !consent;
  return (
    <fieldset className="photo-upload" aria-describedby="photo-disclaimer">
      <legend className="facet__legend">
        Your Photo <span className="facet-tag">Optional</span>
      </legend>
      <div className="photo-upload__disclaimer" id="photo-disclaimer">
        <p className="photo-upload__disclaimer-title">Photo upload disclaimer</p>
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
          aria-describedby={describedBy(consentError && "item-photo-consent-error")}
          onChange={(event) => onConsent(event.target.checked)}
        />
        <span>I accept the photo upload disclaimer</span>
      </label>
      <div className="field">
        <label htmlFor="item-photo">Photo (JPEG, PNG, GIF or WebP, up to 5 MB)</label>
        {locked ? (
          <p className="field__hint" id="item-photo-hint">
            Accept the disclaimer to choose a photo.
          </p>
        ) : null}
        <FieldError id="item-photo-error" message={photoError} />
        <input
          id="item-photo"
          className="input input--file"
          type="file"
          name={FIELD.photo}
          accept="image/jpeg,image/png,image/gif,image/webp"
          disabled={locked}
          aria-describedby={describedBy(
            locked && "item-photo-hint",
            photoError && "item-photo-error",
          )}
          aria-invalid={photoError ? true : undefined}
        />
      </div>
      {currentImageUrl ? (
        <figure className="photo-upload__current">
          <img src={currentImageUrl} alt="The photo on this item" width={96} height={96} />
          <figcaption>Current photo. Choose another to replace it.</figcaption>
        </figure>
      ) : null}
    </fieldset>
  );
}
