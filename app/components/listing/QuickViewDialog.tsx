import { Link, useFetcher } from "@remix-run/react";
import { useEffect, type KeyboardEvent } from "react";
import { DialogCornerClose, ModalDialog } from "~/components/Dialog";
import { PRODUCT_ERROR_TITLE, QUICK_VIEW_NOT_FOUND } from "~/components/product/ProductError";
import type { ListingProduct } from "~/lib/listing";
import {
  quickViewGone,
  quickViewHref,
  quickViewProduct,
  type QuickViewAnswer,
  type QuickViewProduct,
} from "~/lib/quick-view";
import { Price } from "./Price";
import { QUICK_VIEW_DIALOG } from "./ProductCard";
import { QuickAdd } from "./QuickAdd";

/** At most this many dots; with more products they follow the current one. */
const MAX_DOTS = 9;

/** The dots shown: all of them, or a window of MAX_DOTS around the current product. */
function dotWindow(count: number, current: number): number[] {
  const size = Math.min(count, MAX_DOTS);
  const start = Math.min(Math.max(0, current - Math.floor(size / 2)), count - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

interface QuickViewDialogProps {
  products: ListingProduct[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The shopper has opened it: only then is the product read (Add to Cart, or 'Product Error'). */
  opened: boolean;
}

/**
 * The shown product as its quick view route reads it, once the quick view is open. A 404 (gone since
 * the listing loaded) is the spec's 'Product Error'; other failures are ignored (spec §8): the
 * dialog keeps what the listing said, without Add to Cart.
 */
function useProductRead(href: string | undefined, opened: boolean) {
  // One fetcher per product, so its answer is never shown for another product, and kept while
  // Remix reads it again after an add (unmounting Add to Cart then would lose its confirmation).
  const read = useFetcher<QuickViewAnswer>({ key: `quick-view:${href ?? ""}` });
  useEffect(() => {
    if (!opened || !href) return;
    read.load(quickViewHref(href));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href, opened]);
  return opened && href ? (read.data ?? null) : null;
}

/**
 * The product quick detail dialog (spec §2): a bigger picture, name, brand, price, unit and the
 * start of the description, with 'View Details' to the product page. Previous / next and the dots
 * move through the listing and wrap at both ends. It exists only with JavaScript (the shared
 * dialog renders nothing on the server unless its URL asks for it), so without JavaScript the
 * cards' links simply go to the product page. Products that need no choices get Add to Cart too.
 */
export function QuickViewDialog({ products, index, onIndexChange, opened }: QuickViewDialogProps) {
  const count = products.length;
  const product = products[index];
  const read = useProductRead(product?.href, opened);
  if (!product) return null;
  const found = quickViewProduct(read);
  const gone = quickViewGone(read);

  // Wraps: before the first is the last, after the last the first.
  const show = (next: number) => onIndexChange(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <ModalDialog
      id={QUICK_VIEW_DIALOG}
      title={gone ? PRODUCT_ERROR_TITLE : product.name}
      requested={false}
      closeHref=""
    >
      <DialogCornerClose />
      <div className="quick-view" onKeyDown={onKeyDown}>
        {gone ? (
          <p className="notice notice--error quick-view__gone" role="alert">
            {QUICK_VIEW_NOT_FOUND}
          </p>
        ) : (
          <ProductSummary product={product} found={found} />
        )}

        {count > 1 ? (
          <div className="quick-view__nav">
            <div className="quick-view__steps">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => show(index - 1)}
              >
                <span aria-hidden="true">‹</span> Previous
              </button>
              <p className="quick-view__position" aria-live="polite">
                {index + 1} of {count}
              </p>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => show(index + 1)}
              >
                Next <span aria-hidden="true">›</span>
              </button>
            </div>
            <ul className="quick-view__dots" aria-label="Products in this list">
              {dotWindow(count, index).map((i) => (
                <li key={products[i]?.id ?? i}>
                  <button
                    type="button"
                    className="quick-view__dot"
                    aria-label={`${products[i]?.name ?? ""} (${i + 1} of ${count})`}
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => show(i)}
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </ModalDialog>
  );
}

/** What the listing knows of the product, and Add to Cart once the quick view's read says so. */
function ProductSummary({
  product,
  found,
}: {
  product: ListingProduct;
  found: QuickViewProduct | null;
}) {
  return (
    <>
      <div className="quick-view__media">
        {product.imageUrl ? (
          <img
            key={product.id}
            className="quick-view__image"
            src={product.imageUrl}
            alt={product.name}
            width={400}
            height={400}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true">
            {product.name.slice(0, 1)}
          </span>
        )}
      </div>
      <div className="quick-view__info">
        {product.brand ? <p className="quick-view__brand">{product.brand}</p> : null}
        <Price
          className="price--large"
          price={product.price}
          regularPrice={product.regularPrice}
          unit={product.unit}
          club={product.club}
        />
        {product.excerpt ? <p className="quick-view__excerpt">{product.excerpt}</p> : null}
        <Link to={product.href} className="button button--primary quick-view__details">
          View Details
        </Link>
        {found ? <QuickAdd key={product.id} product={found} productName={product.name} /> : null}
      </div>
    </>
  );
}
