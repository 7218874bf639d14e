import { Link } from "@remix-run/react";
import type { ListingProduct } from "~/lib/listing";
import { Price } from "./Price";

/**
 * The department's featured product (spec §7 `featured_product`) on its home: one card whose
 * name links to the product page. The picture has a fixed box, so nothing moves when it loads.
 */
export function FeaturedProduct({ product }: { product: ListingProduct }) {
  return (
    <section className="featured-product" aria-labelledby="featured-product-heading">
      <h2 id="featured-product-heading" className="featured-product__eyebrow">
        Featured product
      </h2>
      <div className="featured-product__card">
        {product.imageUrl ? (
          <img
            className="featured-product__image"
            src={product.imageUrl}
            alt=""
            width={96}
            height={96}
            decoding="async"
          />
        ) : null}
        <div className="featured-product__body">
          <Link to={product.href} className="featured-product__name">
            {product.name}
          </Link>
          {product.brand ? <p className="featured-product__brand">{product.brand}</p> : null}
          <Price
            price={product.price}
            regularPrice={product.regularPrice}
            unit={product.unit}
            club={product.club}
          />
        </div>
      </div>
    </section>
  );
}
