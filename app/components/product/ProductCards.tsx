import { Link } from "@remix-run/react";
import type { BundleView, ProductCardView } from "./types";

function ProductCard({
  product,
  headingLevel,
}: {
  product: ProductCardView;
  headingLevel: "h3" | "h4";
}) {
  const Heading = headingLevel;
  return (
    <Link to={product.href} className="mini-card">
      {product.imageUrl ? (
        <img
          className="mini-card__image"
          src={product.imageUrl}
          alt=""
          width={240}
          height={240}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="mini-card__image mini-card__image--empty" aria-hidden="true">
          {product.name.slice(0, 1)}
        </span>
      )}
      <span className="mini-card__body">
        <Heading className="mini-card__name">{product.name}</Heading>
        <span className="mini-card__price">{product.price}</span>
      </span>
    </Link>
  );
}

/**
 * The bundle selector (spec §2): what the bundle brings together, three to a row on wide screens;
 * each member links to its own page.
 */
export function BundleSelector({ bundle }: { bundle: BundleView }) {
  if (bundle.members.length === 0) return null;
  return (
    <section className="bundle" aria-labelledby="bundle-title">
      <h2 id="bundle-title" className="bundle__title">
        {bundle.name} includes
      </h2>
      <ul className="bundle__members">
        {bundle.members.map((member) => (
          <li key={member.id}>
            <ProductCard product={member} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'May We Suggest…': other products worth a look, as cards linking to them. */
export function Suggestions({ products }: { products: ProductCardView[] }) {
  if (products.length === 0) return null;
  return (
    <section className="suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">May We Suggest…</h2>
      <ul className="suggestions__list">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
