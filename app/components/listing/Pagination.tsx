import { PathLink } from "~/components/PathLink";
import {
  listingHref,
  pageCount,
  pageWindow,
  withPage,
  type ListingQuery,
} from "~/lib/listing-query";

interface PaginationProps {
  /** The listing's path. */
  action: string;
  query: ListingQuery;
  total: number;
  perPage: number;
}

/** Page links when the results run past one page: Previous, 1 … 4 5 6 … 10, Next. */
export function Pagination({ action, query, total, perPage }: PaginationProps) {
  const pages = pageCount(total, perPage);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, query.page), pages);
  const href = (page: number) => listingHref(action, withPage(query, page));

  return (
    <nav className="pagination" aria-label="Pages of results">
      <ul>
        <li>
          {current > 1 ? (
            <PathLink to={href(current - 1)} className="pagination__step" rel="prev">
              <span aria-hidden="true">‹</span> Previous
            </PathLink>
          ) : (
            <span className="pagination__step" aria-disabled="true">
              <span aria-hidden="true">‹</span> Previous
            </span>
          )}
        </li>
        {pageWindow(current, pages).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <PathLink
                to={href(page)}
                className="pagination__page"
                aria-label={`Page ${page}`}
                aria-current={page === current ? "page" : undefined}
              >
                {page}
              </PathLink>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <PathLink to={href(current + 1)} className="pagination__step" rel="next">
              Next <span aria-hidden="true">›</span>
            </PathLink>
          ) : (
            <span className="pagination__step" aria-disabled="true">
              Next <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
