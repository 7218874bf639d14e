import { Link } from "@remix-run/react";
import type { CatalogDeal } from "~/lib/catalog";

/**
 * The catalog as a plain list of its deals (product, price, the pages it is on), after the spread
 * on every screen: a phone shopper or a screen-reader user can shop the catalog from here.
 */
export function CatalogDeals({
  deals,
  catalogName,
}: {
  deals: CatalogDeal[];
  catalogName: string;
}) {
  if (deals.length === 0) return null;
  return (
    <section className="catalog-deals" aria-labelledby="catalog-deals-title">
      <h2 id="catalog-deals-title">Deals in the {catalogName}</h2>
      <ul className="catalog-deals__list">
        {deals.map((deal) => (
          <li key={deal.productId} className="catalog-deal">
            <Link to={deal.href} className="catalog-deal__name">
              {deal.name}
            </Link>
            <CatalogPrice words={deal.priceWords} regular={deal.regularWords} />
            <p className="catalog-deal__pages">
              {deal.pages.map((page, i) => (
                <span key={page.number}>
                  {i > 0 ? ", " : "On "}
                  <Link to={page.href}>page {page.number}</Link>
                </span>
              ))}
            </p>
          </li>
        ))}
      </ul>
    </section>
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
