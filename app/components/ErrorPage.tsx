import { errorPageContent, errorPageDetail } from "~/lib/error-catalogue";

interface ErrorPageProps {
  code: number;
  /** The error's own message: the text of the 500/-1/other page, a detail line under fixed pages. */
  message?: string | null;
}

/** The error page of spec §8; needs nothing from the API. */
export function ErrorPage({ code, message }: ErrorPageProps) {
  const content = errorPageContent(code, message);
  const detail = errorPageDetail(code, message);
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <ErrorIllustration />
      <h1 id="error-page-title">{content.title}</h1>
      <p className="error-page__message">{content.message}</p>
      {detail ? <p className="error-page__detail">{detail}</p> : null}
      {content.showGoHome ? (
        <div className="button-row">
          {/* A full page load: the safest way back from an error. */}
          <a href="/" className="button button--primary">
            Go Home
          </a>
        </div>
      ) : null}
    </section>
  );
}

function ErrorIllustration() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" fill="#fdf0e8" />
      <path
        d="M30 38h36l-4 30a6 6 0 0 1-6 5H40a6 6 0 0 1-6-5z"
        fill="#fff"
        stroke="#b93c0a"
        strokeWidth="3"
      />
      <path d="M38 38a10 10 0 0 1 20 0" fill="none" stroke="#b93c0a" strokeWidth="3" />
      <path d="M42 52l12 10M54 52L42 62" stroke="#b93c0a" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
