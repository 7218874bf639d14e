/**
 * The catalog spread with JavaScript (decision 027), loaded only on the catalog routes once the
 * page has hydrated; until then, and without JavaScript, the server's spread stands. It enhances
 * the same markup: a product's hitbox opens the catalog product dialog (the product as its quick
 * view route reads it, Add to Cart with its default configuration through the product page's action,
 * or the product page for items that need choices); the arrow keys and a swipe turn the spread
 * (real URLs, so back and forward work); a page can be zoomed in (Escape closes); the next
 * spread's images are fetched ahead.
 */
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type TouchEvent } from "react";
import { DialogCornerClose, ModalDialog, openDialog } from "~/components/Dialog";
import { CatalogPageFrame, SpreadView } from "~/components/catalog/SpreadView";
import { CatalogPrice } from "~/components/catalog/CatalogDeals";
import { QuickAdd } from "~/components/listing/QuickAdd";
import { QUICK_VIEW_NOT_FOUND } from "~/components/product/ProductError";
import type { CatalogSpreadView, ProductHitboxView, SpreadPageView } from "~/lib/catalog";
import {
  quickViewGone,
  quickViewHref,
  quickViewProduct,
  type QuickViewAnswer,
} from "~/lib/quick-view";

const PRODUCT_DIALOG = "catalog-product";
const ZOOM_DIALOG = "catalog-zoom";
/** A swipe: this many pixels across, more across than down. */
const SWIPE_PX = 60;

/** Keys typed into a field or a control, or with a modifier, are not the spread's. */
function isTypingOrModified(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

function useTurnPages(view: CatalogSpreadView) {
  const navigate = useNavigate();
  const turn = (href: string | null) => {
    if (href) navigate(href, { preventScrollReset: true });
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingOrModified(event)) return;
      if (document.querySelector("dialog[open]")) return;
      if (event.key === "ArrowLeft") turn(view.previousHref);
      else if (event.key === "ArrowRight") turn(view.nextHref);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.previousHref, view.nextHref]);

  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent<HTMLDivElement>) => {
      const touch = event.touches[0];
      start.current =
        touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent<HTMLDivElement>) => {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      turn(dx < 0 ? view.nextHref : view.previousHref);
    },
  };
}

/** The next spread's pictures, asked for now so the turn shows them at once. */
function usePreload(images: string[]) {
  useEffect(() => {
    for (const src of images) {
      const image = new Image();
      image.decoding = "async";
      image.src = src;
    }
  }, [images]);
}

function ProductDialogBody({ box }: { box: ProductHitboxView }) {
  // One read per product, so an answer is never shown for another one.
  const read = useFetcher<QuickViewAnswer>({
    key: `catalog-product:${box.productHref}`,
  });
  useEffect(() => {
    read.load(quickViewHref(box.productHref));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [box.productHref]);
  const found = quickViewProduct(read.data);
  const gone = quickViewGone(read.data);

  return (
    <div className="quick-view catalog-product">
      <div className="quick-view__media">
        {box.imageUrl ? (
          <img
            className="quick-view__image"
            src={box.imageUrl}
            alt={box.name}
            width={400}
            height={400}
            decoding="async"
          />
        ) : null}
      </div>
      <div className="quick-view__info">
        <CatalogPrice words={box.priceWords} regular={box.regularWords} />
        {gone ? (
          <p className="notice notice--error" role="alert">
            {QUICK_VIEW_NOT_FOUND}
          </p>
        ) : null}
        {found?.needsNoChoices ? <QuickAdd product={found} productName={box.name} /> : null}
        {found && !found.needsNoChoices ? (
          <p className="catalog-product__choices">
            This item has choices to make on its page before it goes in your cart.
          </p>
        ) : null}
        {!read.data ? (
          <p className="catalog-product__loading" role="status">
            Loading…
          </p>
        ) : null}
        <Link
          to={box.href}
          className={`button ${found && !found.needsNoChoices ? "button--primary" : "button--secondary"}`}
        >
          {found && !found.needsNoChoices ? "Choose Options" : "View Details"}
        </Link>
      </div>
    </div>
  );
}

export default function CatalogSpread({ view }: { view: CatalogSpreadView }) {
  const [product, setProduct] = useState<{ box: ProductHitboxView; opened: number } | null>(null);
  const [zoomed, setZoomed] = useState<SpreadPageView | null>(null);
  const swipe = useTurnPages(view);
  usePreload(view.nextImages);

  // Each press opens the dialog, the same product again too.
  useEffect(() => {
    if (product) openDialog(PRODUCT_DIALOG);
  }, [product]);
  useEffect(() => {
    if (zoomed) openDialog(ZOOM_DIALOG);
  }, [zoomed]);

  const showProduct = (box: ProductHitboxView, event: { preventDefault: () => void }) => {
    event.preventDefault();
    // From the zoomed page: that dialog gives way to the product's.
    const zoom = document.getElementById(ZOOM_DIALOG);
    if (zoom instanceof HTMLDialogElement && zoom.open) zoom.close();
    setProduct({ box, opened: Date.now() });
  };

  return (
    <>
      <SpreadView
        view={view}
        onProduct={showProduct}
        onZoom={(page) => setZoomed(page)}
        stageProps={swipe}
      />
      <ModalDialog
        id={PRODUCT_DIALOG}
        title={product?.box.name ?? "Product"}
        requested={false}
        closeHref=""
      >
        <DialogCornerClose />
        {product ? <ProductDialogBody key={product.opened} box={product.box} /> : null}
      </ModalDialog>
      <ModalDialog
        id={ZOOM_DIALOG}
        title={zoomed ? `Page ${zoomed.number}, zoomed in` : "Zoomed page"}
        requested={false}
        closeHref=""
        onClose={() => setZoomed(null)}
      >
        <DialogCornerClose label="Zoom out" />
        {zoomed ? (
          <div className="catalog-zoom">
            <CatalogPageFrame
              page={zoomed}
              catalogName={view.catalog.name}
              onProduct={showProduct}
              className="catalog-page__frame--zoomed"
            />
          </div>
        ) : null}
      </ModalDialog>
    </>
  );
}
