import { forwardRef, type MouseEvent } from "react";

export interface SummaryError {
  key: string;
  message: string;
  /** The id of the field to go to. */
  target: string;
}

interface ErrorSummaryProps {
  message: string;
  errors: SummaryError[];
  /** With scripts: open the field's step and move focus there (the link alone works without). */
  onFollow?: (error: SummaryError) => void;
}

/**
 * The error summary at the top of the form (GOV.UK pattern): the form's message, then a link to
 * each field with a problem. With scripts it takes focus when it appears.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { message, errors, onFollow },
  ref,
) {
  const follow = (event: MouseEvent<HTMLAnchorElement>, error: SummaryError) => {
    if (!onFollow) return;
    event.preventDefault();
    onFollow(error);
  };
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 className="error-summary__title" id="error-summary-title">
          {message}
        </h2>
        {errors.length > 0 ? (
          <ul className="error-summary__list">
            {errors.map((error) => (
              <li key={error.key}>
                <a href={`#${error.target}`} onClick={(event) => follow(event, error)}>
                  {error.message}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
});

/** The message next to a field: a visually hidden 'Error:' first, as screen readers should hear it. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message?.trim()) return null;
  return (
    <p className="field-error" id={id}>
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

/** The ids an input's aria-describedby lists (hint, error), or undefined when none. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}
