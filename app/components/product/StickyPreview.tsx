import { formatMoney } from "@core/rules/money";

interface StickyPreviewProps {
  name: string;
  imageUrl: string | null;
  /** '1 1/4 lbs'. */
  quantity: string | null;
  /** The chosen options, in words. */
  choices: string[];
  /** Cents; null while no quantity is chosen. */
  subtotal: number | null;
  buttonLabel: string;
  saving: boolean;
}

/**
 * The compact summary that stays in view at the foot of the form: what is being added, its
 * estimated price and the Add to Cart button.
 */
export function StickyPreview(props: StickyPreviewProps) {
  return (
    <div className="sticky-preview">
      <div className="sticky-preview__summary">
        {props.imageUrl ? (
          <img
            className="sticky-preview__image"
            src={props.imageUrl}
            alt=""
            width={56}
            height={56}
          />
        ) : null}
        <div className="sticky-preview__text">
          <p className="sticky-preview__name">{props.name}</p>
          <p className="sticky-preview__detail">
            {[props.quantity, ...props.choices].filter(Boolean).join(" · ")}
          </p>
        </div>
      </div>
      <div className="sticky-preview__action">
        <p className="sticky-preview__price">
          <span className="sticky-preview__price-label">Estimated price</span>{" "}
          <strong>{props.subtotal === null ? "—" : formatMoney(props.subtotal)}</strong>
        </p>
        <button
          type="submit"
          className="button button--primary sticky-preview__button"
          aria-disabled={props.saving || undefined}
        >
          {props.saving ? <span className="spinner" aria-hidden="true" /> : null}
          {props.buttonLabel}
        </button>
      </div>
    </div>
  );
}
