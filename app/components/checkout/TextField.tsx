import type { InputHTMLAttributes } from "react";
import { InlineError } from "./InlineError";

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue"> {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  errors: string[] | undefined;
  hint?: string;
}

/** A labelled input with its hint and inline error, tied together for assistive technology. */
export function TextField({
  id,
  name,
  label,
  defaultValue,
  errors,
  hint,
  className,
  ...input
}: TextFieldProps) {
  const error = errors?.[0] ?? null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--error" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        name={name}
        className="input"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {/* Below the input, so that fields side by side keep their inputs in line. */}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <InlineError id={errorId} message={error} />
    </div>
  );
}
