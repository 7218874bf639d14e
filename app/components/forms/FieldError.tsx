/** The id of a field's error message, for the control's aria-describedby. */
export const errorIdFor = (fieldId: string) => `${fieldId}-error`;

/**
 * A field's error (spec §5): 'Error: ' and the message, bold red, only when the message has text.
 * 'Error:' is visually hidden (the colour and the summary say it to sighted shoppers) and read
 * first by screen readers.
 */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  const text = message?.trim();
  if (!text) return null;
  return (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error:</span> {text}
    </p>
  );
}

/** The ids an input's aria-describedby lists (hint, error), or undefined when none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}
