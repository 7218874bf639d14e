import type { InputHTMLAttributes, ReactNode } from "react";
import { describedBy, errorIdFor, FieldError } from "./FieldError";

/** What the control inside a field carries to tie it to its hint and error. */
interface ControlProps {
  id: string;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  /** The control's id; its hint and error ids follow from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | null | undefined;
  className?: string;
  /**
   * Hint and error after the control, so that fields side by side keep their controls in line;
   * otherwise they come between the label and the control (GOV.UK's order).
   */
  messagesBelow?: boolean;
  /** Other ids the control's description lists first (a disclaimer, say). */
  describedByIds?: string[];
  /**
   * The field must be filled: a visible '*' after its label (hidden from screen readers, which
   * hear the control's aria-required instead), and the control is told so.
   */
  required?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and error, tied together for assistive technology. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  messagesBelow = false,
  describedByIds = [],
  required = false,
  children,
}: FieldProps) {
  const hasError = Boolean(error?.trim());
  const hintId = hint ? `${id}-hint` : null;
  const errorId = errorIdFor(id);
  const messages = (
    <>
      {hint ? (
        <p id={hintId ?? undefined} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </>
  );
  return (
    <div className={`field${hasError ? " field--error" : ""}${className ? ` ${className}` : ""}`}>
      {required ? (
        // The '*' beside the label, not in it: the label stays the field's name, word for word.
        <span className="field__label">
          <label htmlFor={id}>{label}</label>
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </span>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {messagesBelow ? null : messages}
      {children({
        id,
        "aria-required": required ? true : undefined,
        "aria-invalid": hasError ? true : undefined,
        "aria-describedby": describedBy(...describedByIds, hintId, hasError && errorId),
      })}
      {messagesBelow ? messages : null}
    </div>
  );
}

/** A conform field's metadata, as far as a text input needs it. */
export interface TextFieldMetadata {
  id: string;
  name: string;
  initialValue?: unknown;
  errors?: string[];
}

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue"> {
  field: TextFieldMetadata;
  label: string;
  hint?: string;
  /** Every text field of the checkout and the delivery form is required unless said otherwise. */
  optional?: boolean;
}

/** A conform text field in a Field, hint and error below it (the checkout's side-by-side grid). */
export function TextField({ field, label, hint, className, optional, ...input }: TextFieldProps) {
  return (
    <Field
      id={field.id}
      label={label}
      hint={hint}
      error={field.errors?.[0]}
      className={className}
      required={!optional}
      messagesBelow
    >
      {(control) => (
        <input
          {...input}
          {...control}
          name={field.name}
          className="input"
          defaultValue={String(field.initialValue ?? "")}
        />
      )}
    </Field>
  );
}
