/**
 * An inline error (spec §5): 'Error: ' and the message, bold red, only when the message has text.
 * The id lets the field point at it with aria-describedby.
 */
export function InlineError({ id, message }: { id?: string; message: string | null | undefined }) {
  const text = message?.trim();
  if (!text) return null;
  return (
    <p id={id} className="inline-error">
      <span className="inline-error__prefix">Error: </span>
      {text}
    </p>
  );
}
