import { forwardRef } from "react";

export interface SummaryLink {
  /** The field's id, the link's target. */
  fieldId: string;
  message: string;
}

interface ErrorSummaryProps {
  title: string;
  /** Messages that belong to no one field. */
  messages?: readonly string[];
  links?: readonly SummaryLink[];
}

/**
 * The list of what went wrong at the top of a form (after GOV.UK's error summary), linking to
 * each field in error. It does not focus itself: it may unmount and come back while the shopper
 * types, so the form moves focus here only after a submission.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { title, messages = [], links = [] },
  ref,
) {
  return (
    <div
      ref={ref}
      className="error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {title}
      </h2>
      {messages.length + links.length > 0 ? (
        <ul className="error-summary__list">
          {messages.map((message) => (
            <li key={`m:${message}`}>{message}</li>
          ))}
          {links.map((link) => (
            <li key={`f:${link.fieldId}:${link.message}`}>
              <a href={`#${link.fieldId}`}>{link.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
