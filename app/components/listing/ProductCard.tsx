import type { MouseEvent } from "react";
import { leftToBrowser } from "~/components/PathLink";
import { FavoriteStar } from "~/components/product/FavoriteStar";
import type { ListingProduct } from "~/lib/listing";
import { Price } from "./Price";

/** The listing's quick view (QuickViewDialog.tsx, loaded when the shopper reaches for a card). */
export const QUICK_VIEW_DIALOG = "quick-view";

export type ListStyle = "default" | "image-centric";

interface ProductCardProps {
  product: ListingProduct;
  listStyle: ListStyle;
  /** Above the fold: load the picture at once instead of lazily. */
  eager: boolean;
  /**
   * The router learns the product page's route from this card's link (the list's first card: every
   * card leads to the same route, and Remix asks the server about each path it is shown).
   */
  discover: boolean;
  /**
   * A plain click on the name (with JS): opens the quick view on this product, or, while the
   * quick view is still on its way, prevents the click and opens it when it arrives.
   */
  onQuickView: (event: MouseEvent) => void;
  /** The shopper is signed in: the card has the favorite star (hidden to guests, spec §6). */
  signedIn: boolean;
}

/** A card's id: without scripts the star's post comes back to the card, not the page's top. */
const productCardId = (productId: number) => `product-${productId}`;

/**
 * A product in a listing. Its name links to the product page; the whole card is the link's target
 * area. With JavaScript the link opens the quick view instead (a plain link without it).
 */
export function ProductCard({
  product,
  listStyle,
  eager,
  discover,
  onQuickView,
  signedIn,
}: ProductCardProps) {
  const size = listStyle === "image-centric" ? 400 : 160;
  return (
    <article
      id={productCardId(product.id)}
      className={`product-card product-card--${listStyle}`}
      data-product-id={product.id}
      data-sticky={product.sticky ? "true" : undefined}
    >
      <div className="product-card__media">
        {product.imageUrl ? (
          <img
            className="product-card__image"
            src={product.imageUrl}
            alt=""
            width={size}
            height={size}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true">
            {product.name.slice(0, 1)}
          </span>
        )}
        {product.regularPrice !== null || product.sticky ? (
          <span className="product-card__tags">
            {product.regularPrice !== null ? (
              <span className="product-card__tag product-card__tag--sale">Sale</span>
            ) : null}
            {product.sticky ? <span className="product-card__tag">Featured</span> : null}
          </span>
        ) : null}
      </div>
      <div className="product-card__body">
        {product.brand ? <p className="product-card__brand">{product.brand}</p> : null}
        <h3 className="product-card__name">
          {/*
            A plain anchor, not a router link: with JS a plain click always opens the quick view
            and never navigates in the app, and 50 router links, each resolving its path, were a
            large share of the listing's server render (issue 29). `data-discover` on the first
            card still has the router learn the product page's route ahead, for the quick view's
            own link to it.
          */}
          <a
            href={product.href}
            className="product-card__link"
            data-discover={discover ? "true" : undefined}
            onClick={(event) => {
              if (!leftToBrowser(event)) onQuickView(event);
            }}
          >
            {product.name}
          </a>
        </h3>
        {listStyle === "default" && product.excerpt ? (
          <p className="product-card__excerpt">{product.excerpt}</p>
        ) : null}
        <Price
          price={product.price}
          regularPrice={product.regularPrice}
          unit={product.unit}
          club={product.club}
        />
      </div>
      <FavoriteStar
        productId={product.id}
        productName={product.name}
        favorite={product.favorite}
        signedIn={signedIn}
        returnFragment={productCardId(product.id)}
        className="product-card__favorite"
      />
    </article>
  );
}
