import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  DEAL_QUERY_PARAM,
  type CatalogDeal,
  type CatalogDealPage,
  type CatalogDealsView,
} from "~/lib/catalog";
import { PathLink } from "~/components/PathLink";

/** The deals section's id: the search lands on it, past the spread on a wide screen. */
const DEALS_ID = "catalog-deals";

/**
 * The catalog without the spread (decision 033), after it on every screen: its deals grouped by
 * the catalog page they are on, each linking to its product, and a search over them (`?q=`, a GET
 * form). On a wide screen the groups are the spread's pages; on a narrow one (where the spread is
 * not shown) the URL's page alone, with the pages before and after it. All plain links and a
 * form: nothing here needs JavaScript.
 */
export function CatalogDeals({
  deals,
  catalogName,
}: {
  deals: CatalogDealsView;
  catalogName: string;
}) {
  return (
    <section id={DEALS_ID} className="catalog-deals" aria-labelledby="catalog-deals-title">
      <h2 id="catalog-deals-title">Deals in the {catalogName}</h2>
      <DealSearch deals={deals} />
      {deals.matchCount === null ? <PageByPage deals={deals} /> : <SearchResults deals={deals} />}
    </section>
  );
}

function DealSearch({ deals }: { deals: CatalogDealsView }) {
  return (
    <Form
      method="get"
      action={`${deals.href}#${DEALS_ID}`}
      role="search"
      aria-label="Deals"
      className="search-form catalog-deals__search"
      preventScrollReset
    >
      <div className="field">
        <label htmlFor="catalog-deal-search">Search the deals</label>
        <input
          // A new search (or Clear search) shows the URL's words, not what was typed before. No
          // maxLength: its module would be a chunk of its own here; the server cuts long words.
          key={deals.query}
          id="catalog-deal-search"
          className="input"
          type="search"
          name={DEAL_QUERY_PARAM}
          defaultValue={deals.query}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {deals.query ? (
          <Link to={deals.href} className="button button--quiet">
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The spread's pages (a narrow screen shows the URL's one) and the way to the next and previous. */
function PageByPage({ deals }: { deals: CatalogDealsView }) {
  return (
    <>
      <div className="catalog-deals__pages">
        {deals.pages.map((page) => (
          <DealPage
            key={page.number}
            page={page}
            title={`Page ${page.number} of ${deals.pageCount}`}
            empty="No deals on this page."
          />
        ))}
      </div>
      <nav className="catalog-deals__turn" aria-label="Deals page by page">
        {deals.previous ? (
          <Link to={deals.previous.href} className="button button--secondary" rel="prev">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous page, </span>
            Page {deals.previous.number}
          </Link>
        ) : (
          <span />
        )}
        {deals.next ? (
          <Link to={deals.next.href} className="button button--secondary" rel="next">
            <span className="visually-hidden">Next page, </span>
            Page {deals.next.number}
            <span aria-hidden="true">›</span>
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}

function SearchResults({ deals }: { deals: CatalogDealsView }) {
  const count = deals.matchCount ?? 0;
  const words = `“${deals.query}”`;
  return (
    <>
      <p className="catalog-deals__summary" role="status">
        {count === 0
          ? `No deals match ${words}.`
          : `${count} ${count === 1 ? "deal matches" : "deals match"} ${words}.`}
      </p>
      <div className="catalog-deals__pages catalog-deals__pages--found">
        {deals.pages.map((page, index) => (
          <DealPage
            key={page.number}
            page={page}
            title={
              <PathLink to={page.href} discover={index === 0}>
                Page {page.number}
              </PathLink>
            }
            empty={null}
          />
        ))}
      </div>
    </>
  );
}

function DealPage({
  page,
  title,
  empty,
}: {
  page: CatalogDealPage;
  title: ReactNode;
  empty: string | null;
}) {
  const titleId = `catalog-deals-page-${page.number}`;
  return (
    <section
      className={`catalog-deals__page${page.besideCurrent ? " catalog-deals__page--beside" : ""}`}
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>{title}</h3>
      {page.deals.length > 0 ? (
        <ul className="catalog-deals__list">
          {page.deals.map((deal, index) => (
            <DealItem key={deal.productId} deal={deal} discover={index === 0} />
          ))}
        </ul>
      ) : (
        <p className="catalog-deals__empty">{empty}</p>
      )}
    </section>
  );
}

function DealItem({ deal, discover }: { deal: CatalogDeal; discover: boolean }) {
  return (
    <li className="catalog-deal">
      {deal.imageUrl ? (
        <img
          className="catalog-deal__image"
          src={deal.imageUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="catalog-deal__image" aria-hidden="true" />
      )}
      <div className="catalog-deal__text">
        <PathLink to={deal.href} className="catalog-deal__name" discover={discover}>
          {deal.name}
        </PathLink>
        <CatalogPrice words={deal.priceWords} regular={deal.regularWords} />
      </div>
    </li>
  );
}

/**
 * A catalog price as the server worded it: '$2.49 per lb', on sale with the regular price struck
 * through (and said, as a strike-through alone is not announced).
 */
export function CatalogPrice({ words, regular }: { words: string; regular: string | null }) {
  return (
    <p className={`price${regular ? " price--sale" : ""}`}>
      {regular ? <span className="visually-hidden">Sale price </span> : null}
      <span className="price__amount">{words}</span>
      {regular ? (
        <s className="price__regular">
          <span className="visually-hidden">, regular price </span>
          {regular}
        </s>
      ) : null}
    </p>
  );
}
