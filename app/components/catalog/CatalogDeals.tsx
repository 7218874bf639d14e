import { Link } from "@remix-run/react";
import { Price } from "~/components/listing/Price";
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
            <Price price={deal.price} regularPrice={deal.regularPrice} unit={deal.unit} />
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
