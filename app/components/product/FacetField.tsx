import type { Preference } from "@core/rules/item-configuration";
import { itemTextMaxLength } from "@core/rules/limits";
import { choiceField, FIELD, PREVIEW_INTENT, textField } from "~/lib/item-form";
import { formatMoney } from "@core/rules/money";
import { messagePreviewId } from "./ConfirmedMessagePreview";
import { describedBy, FieldError } from "~/components/forms/FieldError";
import type { ChoiceView, FacetView } from "./types";

/** The id of the first control of a facet: where the error summary's link goes. */
export function facetTargetId(facet: FacetView): string {
  if (facet.type === "free-response" || facet.type === "custom-message") return `text-${facet.id}`;
  const first = facet.choices[0];
  return first ? `choice-${facet.id}-${first.id}` : `facet-${facet.id}`;
}

interface FacetFieldProps {
  facet: FacetView;
  preferences: Preference[];
  /** The text as typed, for text facets. */
  text: string;
  error: string | undefined;
  /** The legend repeats the step's title: keep it for screen readers only. */
  legendHidden: boolean;
  /** 'Shown when you choose …': said without scripts, where every facet is on the page. */
  condition: string | null;
  hydrated: boolean;
  /** Where the form posts: without scripts, 'Preview Message' posts there to confirm a message. */
  formAction: string;
  onChoice: (choiceId: number, checked: boolean) => void;
  onText: (text: string) => void;
  /** With scripts, 'Preview Message' shows the message's preview without a round trip. */
  onPreview: () => void;
}

function RequiredTag({ required }: { required: boolean }) {
  return required ? <span className="facet-tag facet-tag--required">Required</span> : null;
}

function ChoiceContent({ choice }: { choice: ChoiceView }) {
  return (
    <>
      {choice.thumbnail_image_url ? (
        <img
          className="choice__thumb"
          src={choice.thumbnail_image_url}
          alt=""
          width={48}
          height={48}
          loading="lazy"
        />
      ) : null}
      <span className="choice__text">
        <span className="choice__value">{choice.value}</span>
        {choice.description ? (
          <span className="choice__description">{choice.description}</span>
        ) : null}
      </span>
      {choice.srp_amount > 0 ? (
        <span className="choice__price">+{formatMoney(choice.srp_amount)}</span>
      ) : null}
    </>
  );
}

/** One facet as a real form control: radios, checkboxes, or a text (spec §5). */
export function FacetField(props: FacetFieldProps) {
  const { facet, error, legendHidden, condition } = props;
  const hintId = facet.description ? `facet-${facet.id}-hint` : null;
  const conditionId = condition ? `facet-${facet.id}-condition` : null;
  const errorId = error ? `facet-${facet.id}-error` : null;
  const hints = (
    <>
      {facet.description ? (
        <p className="facet__hint" id={hintId ?? undefined}>
          {facet.description}
        </p>
      ) : null}
      {condition ? (
        <p className="facet__hint facet__hint--condition" id={conditionId ?? undefined}>
          {condition}
        </p>
      ) : null}
      <FieldError id={`facet-${facet.id}-error`} message={error} />
    </>
  );

  if (facet.type === "free-response") {
    return (
      <div className="facet field" id={`facet-${facet.id}`}>
        <label className="facet__legend" htmlFor={`text-${facet.id}`}>
          {facet.name} <RequiredTag required={facet.required} />
        </label>
        {hints}
        <input
          id={`text-${facet.id}`}
          className="input"
          type="text"
          name={textField(facet.id)}
          value={props.text}
          maxLength={itemTextMaxLength(facet.type)}
          autoComplete="off"
          aria-describedby={describedBy(hintId, conditionId, errorId)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => props.onText(event.target.value)}
        />
      </div>
    );
  }

  const legend = (
    <legend className={legendHidden ? "visually-hidden" : "facet__legend"}>
      {facet.name}
      {legendHidden ? (
        facet.required ? (
          " (required)"
        ) : null
      ) : (
        <>
          {" "}
          <RequiredTag required={facet.required} />
        </>
      )}
    </legend>
  );

  if (facet.type === "custom-message") {
    const chosen = props.preferences.find((p) => p.facet_id === facet.id && p.choice_id !== null);
    return (
      <fieldset
        className="facet facet--message"
        id={`facet-${facet.id}`}
        aria-describedby={describedBy(hintId, conditionId, errorId)}
      >
        {legend}
        {hints}
        <div className="field">
          <label htmlFor={`text-${facet.id}`}>Your message</label>
          <input
            id={`text-${facet.id}`}
            className="input"
            type="text"
            name={textField(facet.id)}
            value={props.text}
            maxLength={itemTextMaxLength(facet.type)}
            autoComplete="off"
            aria-describedby={describedBy(errorId)}
            aria-invalid={error ? true : undefined}
            onChange={(event) => props.onText(event.target.value)}
          />
        </div>
        {facet.choices.length > 0 ? (
          <fieldset className="facet__colors">
            <legend className="facet__sublegend">Writing color</legend>
            <div className="choices choices--colors">
              {facet.choices.map((choice) => (
                <label className="choice choice--color" key={choice.id}>
                  <input
                    id={`choice-${facet.id}-${choice.id}`}
                    type="radio"
                    name={choiceField(facet.id)}
                    value={choice.id}
                    checked={chosen?.choice_id === choice.id}
                    onChange={(event) => props.onChoice(choice.id, event.target.checked)}
                  />
                  {/* An SVG fill, not a style attribute: the CSP allows no inline styles. */}
                  <svg
                    className="choice__swatch"
                    viewBox="0 0 20 20"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <circle cx="10" cy="10" r="10" fill={choice.color} />
                  </svg>
                  <span className="choice__text">
                    <span className="choice__value">{choice.value}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {props.hydrated ? (
          <button
            type="button"
            className="button button--secondary button--small facet__preview-button"
            onClick={props.onPreview}
          >
            Preview Message
          </button>
        ) : (
          // Without scripts the message is confirmed by a round trip; the answer shows its preview.
          <button
            type="submit"
            name={FIELD.intent}
            value={PREVIEW_INTENT}
            formAction={`${props.formAction}#${messagePreviewId(facet.id)}`}
            className="button button--secondary button--small facet__preview-button"
          >
            Preview Message
          </button>
        )}
      </fieldset>
    );
  }

  const single = facet.choice_limit === 1;
  return (
    <fieldset
      className="facet"
      id={`facet-${facet.id}`}
      aria-describedby={describedBy(hintId, conditionId, errorId)}
    >
      {legend}
      {hints}
      {!single && facet.choice_limit && !/up to/i.test(facet.description ?? "") ? (
        <p className="facet__hint facet__limit">Choose up to {facet.choice_limit}.</p>
      ) : null}
      <div className={single ? "choices choices--single" : "choices"}>
        {facet.choices.map((choice) => (
          <label className="choice" key={choice.id}>
            <input
              id={`choice-${facet.id}-${choice.id}`}
              type={single ? "radio" : "checkbox"}
              name={choiceField(facet.id)}
              value={choice.id}
              checked={props.preferences.some(
                (p) => p.facet_id === facet.id && p.choice_id === choice.id,
              )}
              onChange={(event) => props.onChoice(choice.id, event.target.checked)}
            />
            <ChoiceContent choice={choice} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
