import { forwardRef, useEffect, useRef, type MouseEvent } from "react";

export interface SummaryLink {
  /** The id of the field to go to (the link's target). */
  target: string;
  message: string;
  /** Tells two links to one field apart; the target and message by default. */
  key?: string;
}

interface ErrorSummaryProps {
  title: string;
  /** Messages that belong to no one field. */
  messages?: readonly string[];
  links?: readonly SummaryLink[];
  /** With scripts: bring the field into view its own way (the link alone works without). */
  onFollow?: (link: SummaryLink) => void;
}

/**
 * What went wrong, at the top of a form (after GOV.UK's error summary): a heading, then a link to
 * each field in error. It does not focus itself: it may unmount and come back while the shopper
 * types, so the form moves focus here only after a submission (see `useSummaryFocus`).
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { title, messages = [], links = [], onFollow },
  ref,
) {
  const follow = (event: MouseEvent<HTMLAnchorElement>, link: SummaryLink) => {
    if (!onFollow) return;
    event.preventDefault();
    onFollow(link);
  };
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
            <li key={`f:${link.key ?? `${link.target}:${link.message}`}`}>
              <a href={`#${link.target}`} onClick={(event) => follow(event, link)}>
                {link.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

/**
 * The summary's ref, focused after the first render whenever `presses` (the form's count of
 * submit presses) or `answer` (the server's latest answer) changes: never on typing or on
 * leaving a field, which change neither.
 */
export function useSummaryFocus(presses: number, answer: unknown = null) {
  const summary = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    summary.current?.focus();
  }, [presses, answer]);
  return summary;
}
